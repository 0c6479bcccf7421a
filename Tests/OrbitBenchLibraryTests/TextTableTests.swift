import OrbitBench
import Testing

/// Console tables: numbers right, text left, at most 120 characters wide when they can fold.
@Suite struct TextTableTests {
    @Test func numbersRightTextLeft() {
        let table = TextTable.render(
            header: ["filter", "total (°)", "verdict"],
            rows: [["mahony", "1.37 ± 0.67", "better"], ["bias-estimating", "12.00", "no significant difference"]])
        #expect(
            table == """
                filter             total (°)  verdict
                ---------------  -----------  -------------------------
                mahony           1.37 ± 0.67  better
                bias-estimating        12.00  no significant difference

                """)
    }

    /// A trial name that starts with digits is text (left), an interval or a p value a number.
    @Test func digitsThenTextIsText() {
        let table = TextTable.render(
            header: ["trial", "interval", "p"],
            rows: [["05_undisturbed_B", "[+0.04, +0.37]", "<0.001"], ["24_tapping", "[-17.86, -4.64]", "0.005"]])
        #expect(table.contains("\n24_tapping        [-17.86, -4.64]   0.005\n"), "\(table)")
    }

    /// Too wide: headers fold over lines first, then the widest text column wraps at spaces.
    @Test func foldsToTheMaximumWidth() {
        let meaning = "a long meaning that goes on and on about what the metric is, how it is counted over the seeds and what it leaves out"
        let table = TextTable.render(
            header: ["metric name", "a header of several words", "meaning"], rows: [["coverage", "1", meaning], ["max_gap_deg", "22", "short"]])
        let lines = table.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= TextTable.maximumWidth }, "\(table)")
        #expect(lines.count > 5 && table.contains("coverage") && table.contains("counted over the seeds"))
        #expect(TextTable.render(header: ["a"], rows: [[String(repeating: "x", count: 200)]]).contains(String(repeating: "x", count: 200)))
    }

    /// A text column of single long words (trial names) is never narrowed below its longest
    /// word: the table stays wider than the maximum, but every row keeps its columns.
    @Test func unbreakableTextKeepsItsColumn() {
        let trial = "05_undisturbed_slow_rotation_with_breaks_B"
        let numbers = (1...12).map { "\($0 * 1111).5" }
        let table = TextTable.render(header: ["trial"] + numbers.indices.map { "value \($0)" }, rows: [[trial] + numbers, ["02_slow"] + numbers])
        let rows = table.split(separator: "\n").filter { $0.hasPrefix("0") }
        #expect(rows.count == 2 && rows[0].count == rows[1].count, "\(table)")
        #expect(rows[1].hasPrefix("02_slow" + String(repeating: " ", count: trial.count - 7 + 2)), "\(table)")
    }
}
