import Foundation
import OrbitBench
import Testing

/// A three-arm comparison run end to end, its statistics checked against a second
/// implementation written here: the Friedman statistic in the textbook form with the tie
/// correction factor (not the Conover form the library uses) and, for three arms (two degrees
/// of freedom), its exact p = exp(−Q/2); the signed-rank p by enumerating every sign pattern;
/// Holm by its definition. (SciPy's friedmanchisquare gives the same values; see
/// Tests/StatisticsKitTests/arm_comparison_reference.py.)
@Suite struct ArmsComparisonTests {
    static let arms = [
        ArmSpecification(name: "low", overrides: ["selection.threshold=4"]), ArmSpecification(name: "default", overrides: []),
        ArmSpecification(name: "high", overrides: ["selection.threshold=17"]),
    ]

    static func friedman(_ blocks: [[Double]]) -> Double {
        let n = Double(blocks.count), k = Double(blocks[0].count)
        var rankSums = [Double](repeating: 0, count: blocks[0].count)
        var ties = 0.0
        for block in blocks {
            for (index, value) in block.enumerated() {
                let below = Double(block.filter { $0 < value }.count), equal = Double(block.filter { $0 == value }.count)
                rankSums[index] += below + (equal + 1) / 2
            }
            for value in Set(block) {
                let t = Double(block.filter { $0 == value }.count)
                ties += t * t * t - t
            }
        }
        let plain = 12 / (n * k * (k + 1)) * rankSums.map { $0 * $0 }.reduce(0, +) - 3 * n * (k + 1)
        return plain / (1 - ties / (n * k * (k * k - 1)))
    }

    /// The signed-rank p from its definition: zero differences left out, T⁺(δ) counts the Walsh
    /// averages above δ (ties half), its null distribution by enumerating every sign pattern of
    /// the ranks 1…n, and p the largest just below, at and just above zero.
    static func wilcoxon(_ all: [Double]) -> Double {
        let tolerance = max(1e-12, 1e-9 * (all.map(abs).max() ?? 0))
        let differences = all.filter { abs($0) > tolerance }
        guard !differences.isEmpty else { return 1 }
        var walsh: [Double] = []
        for i in differences.indices {
            for j in i..<differences.count {
                let average = (differences[i] + differences[j]) / 2
                walsh.append(abs(average) <= tolerance ? 0 : average)
            }
        }
        let n = differences.count
        let sums = (0..<(1 << n)).map { pattern in (0..<n).filter { pattern & (1 << $0) != 0 }.map { $0 + 1 }.reduce(0, +) }
        func p(_ t: Double) -> Double {
            let low = sums.filter { Double($0) <= t }.count, high = sums.filter { Double($0) >= t }.count
            return min(1, 2 * Double(min(low, high)) / Double(sums.count))
        }
        let above = walsh.filter { $0 > 0 }.count, zero = walsh.filter { $0 == 0 }.count
        return max(p(Double(above + zero)), p(Double(above) + Double(zero) / 2), p(Double(above)))
    }

    static func holm(_ p: [Double]) -> [Double] {
        p.indices.map { index in
            // Adjusted p: the largest over the tests ranked at or below this one of (m − rank + 1)·p.
            let sorted = p.indices.sorted { (p[$0], $0) < (p[$1], $1) }
            let position = sorted.firstIndex(of: index)!
            return (0...position).map { min(1, Double(p.count - $0) * p[sorted[$0]]) }.max()!
        }
    }

    @Test func threeArmsMatchASecondImplementation() throws {
        let outcome = try Bench.compare(["shaky-hands", "orbit-72"], arms: Self.arms, seeds: Array(1...6))
        let comparison = outcome.comparison
        #expect(comparison.arms == ["low", "default", "high"] && comparison.blocks.count == 12)
        var checked = 0
        for metric in comparison.metrics {
            let table = try #require(comparison.values[metric.metric])
            let complete = table.compactMap { row -> [Double]? in
                let values = row.compactMap { $0 }
                return values.count == 3 ? (metric.direction == .higher ? values.map { -$0 } : values) : nil
            }
            guard complete.count >= 2, Set(complete.flatMap { $0 }).count > 1, let statistic = metric.friedman.statistic,
                complete.contains(where: { Set($0).count > 1 })
            else { continue }
            let q = Self.friedman(complete)
            #expect(abs(statistic - q) < 1e-9 * max(1, q), "\(metric.metric): Q \(statistic) vs \(q)")
            #expect(abs(try #require(metric.friedman.p) - exp(-q / 2)) < 1e-12, "\(metric.metric)")
            let raw = metric.pairs.map { pair in
                Self.wilcoxon(table.compactMap { row in row[pair.first].flatMap { a in row[pair.second].map { $0 - a } } })
            }
            #expect(metric.pairs.map(\.wilcoxonP).elementsEqual(raw) { abs($0 - $1) < 1e-12 }, "\(metric.metric)")
            #expect(metric.pairs.map(\.holmP).elementsEqual(Self.holm(raw)) { abs($0 - $1) < 1e-12 }, "\(metric.metric)")
            checked += 1
        }
        #expect(checked >= 8, "only \(checked) metrics had something to test")
        // A lower threshold keeps fewer frames and covers less: the arms differ on coverage.
        let coverage = try #require(comparison.metric("coverage"))
        let lowToHigh = try #require(coverage.pair(0, 2))
        #expect((coverage.friedman.p ?? 1) < 0.01 && lowToHigh.estimate > 0)
        // orbit-72 fills every slot either way: only shaky-hands' six blocks differ, too few for
        // Holm over three pairs (2/2⁶ · 3 > 0.05), and the interval says the same.
        #expect(lowToHigh.differing == 6 && lowToHigh.verdict == .noSignificantDifference && lowToHigh.interval == nil)
    }

    /// The folder: every table, the LaTeX and Markdown, the figures and the page; blocks.csv
    /// holds one row per block and arm, and comparison.csv one row per metric.
    @Test func folderHoldsTheTablesFiguresAndPage() throws {
        let outcome = try Bench.compare(["shaky-hands"], arms: Self.arms, seeds: Array(1...4))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("arms-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Bench.writeArmsReport(outcome.comparison, scenarios: outcome.scenarios, to: folder.path)
        func text(_ name: String) throws -> String { try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) }
        let blocks = try text("blocks.csv").split(separator: "\n")
        #expect(blocks.count == 1 + 4 * 3 && blocks[0].hasPrefix("scenario,seed,arm,"))
        let comparisonRows = try text("comparison.csv").split(separator: "\n")
        #expect(comparisonRows[0].hasPrefix("metric,better,arms,blocks,friedman_statistic,friedman_p,"))
        #expect(comparisonRows.count == 1 + outcome.comparison.metrics.count)
        #expect(
            try text("pairs.csv").split(separator: "\n")[0]
                == "metric,arm_a,arm_b,blocks,blocks_differing,hl_diff,ci_low,ci_high,ci_level,wilcoxon_p,holm_p,verdict,procedure")
        let latex = try text("comparison.tex")
        #expect(latex.contains("\\toprule") && latex.contains("\\textbf{") && latex.contains("blur\\_obj\\_mean\\_px") && latex.contains("4 blocks"))
        #expect(try text("comparison.md").contains("| metric | low | default | high | Friedman p |"))
        for figure in ["critical-difference.png", "arm-distributions.png", "arm-differences.png"] {
            let png = try PNGCodec.decode(Array(try Data(contentsOf: folder.appendingPathComponent("plots/\(figure)"))))
            #expect(png.image.width >= 900, "\(figure)")
        }
        let page = try text("report.html")
        #expect(page.contains("<dt>arms</dt><dd>low, default, high</dd>") && page.contains("Critical-difference diagram."))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("scenarios/high.shaky-hands.resolved.yaml").path))
    }

    @Test func armTextsAreParsedAndChecked() throws {
        #expect(
            try ArmSpecification(parsing: "low:selection.threshold=4,selection.weights.roll=2").overrides == [
                "selection.threshold=4", "selection.weights.roll=2",
            ])
        #expect(try ArmSpecification(parsing: "default:").overrides.isEmpty)
        #expect(try ArmSpecification(parsing: "default").overrides.isEmpty)
        for bad in [":selection.threshold=4", "a b:selection.threshold=4", "x:=1", "x:selection.threshold", "x:selection.threshold=4,=2"] {
            #expect(throws: ExperimentError.self, "\(bad)") { try ArmSpecification(parsing: bad) }
        }
    }
}
