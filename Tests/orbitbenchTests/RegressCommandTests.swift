import Foundation
import Testing

@Suite struct RegressCommandTests {
    let suite = """
        description: test suite
        scenarios:
          - {scenario: orbit-72, seeds: [1, 2, 3, 4, 5, 6]}
        tolerances:
          - {metric: coverage, abs: 0.002}
          - {metric: slot_angle_err_mean_deg, abs: 0.005, rel: 0.01}
          - {metric: blur_sel_mean_px, abs: 0.002, rel: 0.01}
          - {metric: frames_total, abs: 0}
        """

    /// The benchmark passes against its own baseline, fails naming the metric when a default
    /// weight or threshold changes (emulated with --set, which changes the scenario exactly as
    /// a changed default would), and passes again once the change is undone.
    @Test func changedDefaultsFailAndRestoredDefaultsPass() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let suiteFile = folder.appendingPathComponent("suite.yaml"), baseline = folder.appendingPathComponent("baseline/metrics.csv")
        try suite.write(to: suiteFile, atomically: true, encoding: .utf8)
        let common = ["regress", "--suite", suiteFile.path, "--baseline", baseline.path, "--out", folder.appendingPathComponent("out").path]

        let update = try Tool.run(common + ["--update-baseline"])
        #expect(update.status == 0, "\(update.standardError)")
        let rows = try String(contentsOf: baseline, encoding: .utf8).split(separator: "\n")
        #expect(rows.count == 7 && rows[1].hasPrefix("orbit-72,1,") && rows[6].hasPrefix("orbit-72,6,"))

        let clean = try Tool.run(common)
        #expect(clean.status == 0, "\(clean.standardOutput)\(clean.standardError)")
        #expect(clean.standardOutput.contains("no regressions: 4 of 4 checks within tolerance"))

        let threshold = try Tool.run(common + ["--set", "selection.threshold=2"])
        #expect(threshold.status == 1)
        #expect(threshold.standardOutput.contains("regression"))
        #expect(threshold.standardOutput.split(separator: "\n").contains { $0.contains("coverage") && $0.hasSuffix("REGRESSED") })

        // A weight trades one metric against another: whichever gets worse is named.
        let weight = try Tool.run(common + ["--set", "selection.weights.acceleration=40"])
        #expect(weight.status == 1)
        let checked = ["coverage", "slot_angle_err_mean_deg", "blur_sel_mean_px", "frames_total"]
        let named = weight.standardOutput.split(separator: "\n").filter { $0.hasSuffix("REGRESSED") }
            .compactMap { line in checked.first { line.contains(" \($0) ") } }
        #expect(!named.isEmpty, "\(weight.standardOutput)")
        let diff = try String(contentsOf: folder.appendingPathComponent("out/diff.csv"), encoding: .utf8)
        #expect(named.allSatisfy { diff.contains("orbit-72,\($0),") } && diff.contains(",regressed\n"))

        let restored = try Tool.run(common)
        #expect(restored.status == 0)
        #expect(restored.standardOutput.contains("no regressions"))
    }

    /// A better value passes (direction-aware) but is pointed out.
    @Test func improvementsPass() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let suiteFile = folder.appendingPathComponent("suite.yaml"), baseline = folder.appendingPathComponent("metrics.csv")
        try """
        scenarios:
          - {scenario: orbit-72, seeds: [1, 2, 3, 4]}
        tolerances:
          - {metric: coverage, abs: 0.002}
        """.write(to: suiteFile, atomically: true, encoding: .utf8)
        let common = ["regress", "--suite", suiteFile.path, "--baseline", baseline.path, "--out", folder.appendingPathComponent("regress").path]
        // Threshold 1 leaves about three quarters of the slots empty: the default's full
        // coverage is a significant gain even over four seeds.
        #expect(try Tool.run(common + ["--update-baseline", "--set", "selection.threshold=1"]).status == 0)
        let better = try Tool.run(common)
        #expect(better.status == 0, "\(better.standardOutput)")
        #expect(better.standardOutput.contains("improved") && better.standardOutput.contains("keep the gain with --update-baseline"))
    }

    @Test func brokenSuiteOrBaselineIsAOneLineError() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let suiteFile = folder.appendingPathComponent("suite.yaml"), baseline = folder.appendingPathComponent("metrics.csv")
        try "scenarios:\n  - {scenario: orbit-72}\ntolerances:\n  - {metric: coverage, abs: -1}\n".write(
            to: suiteFile, atomically: true, encoding: .utf8)
        let bad = try Tool.run([
            "regress", "--suite", suiteFile.path, "--baseline", baseline.path, "--out", folder.appendingPathComponent("regress").path,
        ])
        #expect(bad.status != 0 && bad.standardError.split(separator: "\n").count == 1)
        #expect(bad.standardError.contains("suite.yaml:4: tolerances[0].abs:"), "\(bad.standardError)")

        try "scenarios:\n  - {scenario: tripod-ideal}\ntolerances:\n  - {metric: coverage}\n".write(
            to: suiteFile, atomically: true, encoding: .utf8)
        try "scenario,seed,coverage\norbit-72,1,1.0000\n".write(to: baseline, atomically: true, encoding: .utf8)
        let missing = try Tool.run([
            "regress", "--suite", suiteFile.path, "--baseline", baseline.path, "--out", folder.appendingPathComponent("regress").path,
        ])
        #expect(missing.status != 0 && missing.standardError.contains("the baseline has no rows for tripod-ideal"))
    }

    /// A baseline whose metric cells are all empty reported every check as a regression (exit
    /// 1); it is an input error naming the file (exit 2), as is one with a header only.
    @Test func baselineWithoutValuesIsAnInputError() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let suiteFile = folder.appendingPathComponent("suite.yaml"), baseline = folder.appendingPathComponent("metrics.csv")
        try suite.write(to: suiteFile, atomically: true, encoding: .utf8)
        let common = ["regress", "--suite", suiteFile.path, "--baseline", baseline.path, "--out", folder.appendingPathComponent("out").path]
        #expect(try Tool.run(common + ["--update-baseline"]).status == 0)
        let lines = try String(contentsOf: baseline, encoding: .utf8).split(separator: "\n").map(String.init)
        let emptied = lines.dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            return (fields.prefix(2) + Array(repeating: "", count: fields.count - 2)).joined(separator: ",")
        }
        try (([lines[0]] + emptied).joined(separator: "\n") + "\n").write(to: baseline, atomically: true, encoding: .utf8)
        let empty = try Tool.run(common)
        #expect(empty.status == 2, "\(empty.standardOutput)\(empty.standardError)")
        #expect(
            empty.standardError
                == "Error: \(baseline.path):2: no metric values (every metric cell is empty); a baseline row holds a run's metrics: write it with orbitbench regress --update-baseline\n"
        )
        try (lines[0] + "\n").write(to: baseline, atomically: true, encoding: .utf8)
        let headerOnly = try Tool.run(common)
        #expect(
            headerOnly.status == 2 && headerOnly.standardError.hasPrefix("Error: \(baseline.path): no rows under the header"),
            "\(headerOnly.standardError)")
    }
}

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Statistically sound checks: per-seed pairs against the baseline, and CI-readable output.
@Suite struct RegressStatisticsTests {
    let suite = """
        scenarios:
          - {scenario: shaky-hands, seeds: [1, 2, 3, 4, 5, 6]}
        tolerances:
          - {metric: coverage, abs: 0.002}
          - {metric: blur_sel_mean_px, abs: 0.002, rel: 0.01}
        """

    /// Rewrites the baseline's coverage column: value + shift[seed index].
    func shiftCoverage(_ baseline: URL, by shifts: [Double]) throws {
        var lines = try String(contentsOf: baseline, encoding: .utf8).split(separator: "\n").map(String.init)
        let column = lines[0].split(separator: ",").map(String.init).firstIndex(of: "coverage")!
        for index in 1..<lines.count {
            var fields = lines[index].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            fields[column] = String(format: "%.4f", Double(fields[column])! + shifts[index - 1])
            lines[index] = fields.joined(separator: ",")
        }
        try (lines.joined(separator: "\n") + "\n").write(to: baseline, atomically: true, encoding: .utf8)
    }

    @Test func oneShiftFailsSeedNoisePasses() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let suiteFile = folder.appendingPathComponent("suite.yaml"), baseline = folder.appendingPathComponent("base.csv")
        try suite.write(to: suiteFile, atomically: true, encoding: .utf8)
        let common = ["regress", "--suite", suiteFile.path, "--baseline", baseline.path, "--out", folder.appendingPathComponent("out").path]
        #expect(try Tool.run(common + ["--update-baseline"]).status == 0)
        let original = try Data(contentsOf: baseline)

        // The baseline 0.01 higher on every seed: the current code lost 1 % coverage.
        try shiftCoverage(baseline, by: Array(repeating: 0.01, count: 6))
        let junit = folder.appendingPathComponent("junit.xml"), markdown = folder.appendingPathComponent("summary.md")
        let loss = try Tool.run(common + ["--junit", junit.path, "--markdown", markdown.path])
        #expect(loss.status == 1, "\(loss.standardOutput)")
        #expect(loss.standardOutput.contains("1 regression: coverage on shaky-hands"))
        let report = try JUnitShape(Data(contentsOf: junit))
        #expect(report.root == "testsuites" && report.suites == ["shaky-hands"])
        #expect(report.cases == ["regress.shaky-hands/coverage", "regress.shaky-hands/blur_sel_mean_px"])
        #expect(report.failures == ["regress.shaky-hands/coverage"] && report.declaredFailures == 1 && report.declaredTests == 2)
        #expect(report.failureMessages.first?.contains("baseline") == true && report.misplaced.isEmpty)
        let summary = try String(contentsOf: markdown, encoding: .utf8)
        #expect(summary.hasPrefix("## orbitbench regress: ❌") && summary.contains("| shaky-hands | coverage |"))

        // Noise around the same values: beyond the tolerance on average (−0.0025), never
        // consistently — not a regression.
        try original.write(to: baseline)
        try shiftCoverage(baseline, by: [0.05, -0.04, 0.045, -0.05, 0.04, -0.03])
        let noise = try Tool.run(common + ["--junit", junit.path])
        #expect(noise.status == 0, "\(noise.standardOutput)")
        #expect(noise.standardOutput.contains("within noise") && noise.standardOutput.contains("no regressions"))
        #expect(try JUnitShape(Data(contentsOf: junit)).failures.isEmpty)
    }

    @Test func inputErrorsExitWithTwo() throws {
        let missing = try Tool.run(["regress", "--baseline", "/nonexistent/metrics.csv", "--out", Tool.temporaryDirectory().path + "/r"])
        #expect(missing.status == 2 && missing.standardError.contains("/nonexistent/metrics.csv"))
        let level = try Tool.run(["regress", "--level", "2"])
        #expect(level.status == 2)
    }
}

/// The JUnit structure CI tools read: testsuites ▸ testsuite(name, tests, failures) ▸
/// testcase(classname, name) ▸ failure(message).
struct JUnitShape {
    var root = ""
    var suites: [String] = []
    var cases: [String] = []
    var failures: [String] = []
    var failureMessages: [String] = []
    var declaredTests = 0
    var declaredFailures = 0
    /// Elements found where the schema does not allow them.
    var misplaced: [String] = []

    init(_ data: Data) throws {
        let parser = XMLParser(data: data)
        let delegate = Delegate()
        parser.delegate = delegate
        guard parser.parse() else { throw CocoaError(.fileReadCorruptFile) }
        self = delegate.shape
    }

    final class Delegate: NSObject, XMLParserDelegate {
        var shape = JUnitShape(empty: ())
        var path: [String] = []
        var currentCase = ""

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]
        ) {
            let parent = path.last
            switch (element, parent) {
            case ("testsuites", nil):
                shape.root = element
                shape.declaredTests = Int(attributes["tests"] ?? "") ?? -1
                shape.declaredFailures = Int(attributes["failures"] ?? "") ?? -1
            case ("testsuite", "testsuites"?):
                shape.suites.append(attributes["name"] ?? "?")
                if attributes["tests"] == nil || attributes["failures"] == nil { shape.misplaced.append("testsuite without counts") }
            case ("testcase", "testsuite"?):
                currentCase = "\(attributes["classname"] ?? "?")/\(attributes["name"] ?? "?")"
                shape.cases.append(currentCase)
            case ("failure", "testcase"?):
                shape.failures.append(currentCase)
                shape.failureMessages.append(attributes["message"] ?? "")
            default:
                shape.misplaced.append("\(element) in \(parent ?? "document")")
            }
            path.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            path.removeLast()
        }
    }

    private init(empty: Void) {}
}
