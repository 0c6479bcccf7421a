import Foundation
import Testing

@Suite struct RegressCommandTests {
    let suite = """
        description: test suite
        scenarios:
          - {scenario: orbit-72, seeds: [1, 2]}
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
        #expect(rows.count == 3 && rows[1].hasPrefix("orbit-72,1,") && rows[2].hasPrefix("orbit-72,2,"))

        let clean = try Tool.run(common)
        #expect(clean.status == 0, "\(clean.standardOutput)\(clean.standardError)")
        #expect(clean.standardOutput.contains("no regressions: 4 checks within tolerance"))

        let threshold = try Tool.run(common + ["--set", "selection.threshold=2"])
        #expect(threshold.status == 1)
        #expect(threshold.standardOutput.contains("regression"))
        #expect(threshold.standardOutput.split(separator: "\n").contains { $0.contains("coverage") && $0.hasSuffix("REGRESSED") })

        // A weight trades one metric against another: whichever gets worse is named.
        let weight = try Tool.run(common + ["--set", "selection.weights.roll=2"])
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
          - {scenario: orbit-72, seeds: [1, 2]}
        tolerances:
          - {metric: coverage, abs: 0.002}
        """.write(to: suiteFile, atomically: true, encoding: .utf8)
        let common = ["regress", "--suite", suiteFile.path, "--baseline", baseline.path, "--out", folder.appendingPathComponent("regress").path]
        #expect(try Tool.run(common + ["--update-baseline", "--set", "selection.threshold=2"]).status == 0)
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
}
