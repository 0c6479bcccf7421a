import Runs
import Experiments
import Foundation
import Scenarios
import TestSupport
import Testing

@Suite struct SweepAxisTests {
    @Test func gridValuesAreExactDecimals() throws {
        let axis = try SweepAxis(parsing: "selection.weights.acceleration=0:1:0.1")
        #expect(axis.values.count == 11)
        #expect(axis.values[3] == 0.3 && axis.values[10] == 1)  // not 0.30000000000000004
        #expect(try SweepAxis(parsing: "selection.threshold=2:9:3").values == [2, 5, 8])
        #expect(try SweepAxis(parsing: "orbit.reversals.0.at_deg=10:20:10").values == [10, 20])
    }

    @Test func badAxesAreRejected() {
        #expect(throws: SweepError.self) { try SweepAxis(parsing: "selection.threshold") }
        #expect(throws: SweepError.self) { try SweepAxis(parsing: "selection.threshold=1:2:0") }
        #expect(throws: SweepError.self) { try SweepAxis(parsing: "fusion.filter=madgwick,,mahony") }
        #expect(throws: SweepError.self) { try SweepAxis(parsing: "fusion.filter=madgwick,madgwick") }
        #expect(throws: SweepError.self) { try SweepAxis(parsing: "selection.threshold=madgwick,mahony") }
        #expect(throws: SweepError.self) { try SweepAxis(parsing: "no.such.key=1:2:1") }
        #expect(throws: SweepError.self) { try SweepAxis(parsing: "selection.threshold=0:100000:1") }
    }

    /// A choice key takes names: numbered cells, names in files, each cell's scenario set by name,
    /// and a finished sweep resumes with nothing to do (rows matched by name).
    @Test func choiceAxesSweepNamedImplementations() throws {
        let axis = try SweepAxis(parsing: "fusion.filter=madgwick,bias-estimating")
        #expect(axis.values == [0, 1] && axis.names == ["madgwick", "bias-estimating"])
        #expect(axis.description == "fusion.filter=madgwick,bias-estimating" && axis.text(1) == "bias-estimating")
        let source = ScenarioSource(reference: "tripod-ideal", searchDirectories: [Repository.scenarios])
        let plan = try SweepPlan(source: source, axes: [axis], seeds: [1])
        #expect(plan.cellScenarios.map(\.fusion.filter) == [.madgwick, .biasEstimating])
        #expect(throws: SweepError.self) { try SweepPlan(source: source, axes: [try SweepAxis(parsing: "fusion.filter=madgwick,nope")], seeds: [1]) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sweep-choice-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SweepRunner.run(plan, in: folder, mode: .fresh).ran == 2)
        let rows = try String(contentsOf: folder.appendingPathComponent("sweep.csv"), encoding: .utf8).split(separator: "\n")
        #expect(rows[1].hasPrefix("0,1,madgwick,") && rows[2].hasPrefix("1,1,bias-estimating,"))
        let again = try SweepRunner.run(plan, in: folder, mode: .resume)
        #expect(again.resumed == 2 && again.ran == 0)
    }

    /// Cells: the first axis varies slowest; every cell's scenario carries its values.
    @Test func planEnumeratesTheGrid() throws {
        let source = ScenarioSource(reference: "tripod-ideal", searchDirectories: [Repository.scenarios])
        let plan = try SweepPlan(
            source: source, axes: [try SweepAxis(parsing: "selection.threshold=2:4:2"), try SweepAxis(parsing: "orbit.radius_m=3:5:1")],
            seeds: [7, 9])
        #expect(plan.cells == [[2, 3], [2, 4], [2, 5], [4, 3], [4, 4], [4, 5]])
        #expect(plan.jobs.map(\.seed) == [7, 9, 7, 9, 7, 9, 7, 9, 7, 9, 7, 9])
        #expect(plan.header.prefix(5) == ["cell", "seed", "selection.threshold", "orbit.radius_m", "coverage"])
        #expect(throws: SweepError.self) {
            try SweepPlan(source: source, axes: [try SweepAxis(parsing: "orbit.radius_m=0.1:1:0.3")], seeds: [1])
        }
    }
}

@Suite struct RegressionComparisonTests {
    func run(_ rows: [(String, UInt64, [String: Double])]) -> RegressionRun {
        RegressionRun(
            rows: rows.map { RegressionRun.Row(scenario: $0.0, seed: $0.1, metrics: $0.2) },
            columns: ["coverage", "blur_sel_mean_px", "frames_total"])
    }

    func suite() -> RegressionSuite {
        var suite = RegressionSuite()
        var entry = SuiteEntry()
        entry.scenario = "a"
        entry.seeds = [1, 2]
        suite.entries = [entry]
        var coverage = MetricTolerance()
        (coverage.metric, coverage.absolute) = ("coverage", 0.01)
        var blur = MetricTolerance()
        (blur.metric, blur.absolute, blur.relative) = ("blur_sel_mean_px", 0.001, 0.1)
        var frames = MetricTolerance()
        frames.metric = "frames_total"
        suite.tolerances = [coverage, blur, frames]
        return suite
    }

    /// Means over seeds, compared direction-aware: coverage 0.95 → 0.93 fails (−0.02 beyond
    /// 0.01), blur 1.0 → 1.08 passes (10 % allowed), frames 100 → 101 is a change.
    @Test func directionAwareVerdicts() throws {
        let baseline = run([
            ("a", 1, ["coverage": 0.96, "blur_sel_mean_px": 1.1, "frames_total": 100]),
            ("a", 2, ["coverage": 0.94, "blur_sel_mean_px": 0.9, "frames_total": 100]),
        ])
        let current = run([
            ("a", 1, ["coverage": 0.93, "blur_sel_mean_px": 1.08, "frames_total": 101]),
            ("a", 2, ["coverage": 0.93, "blur_sel_mean_px": 1.08, "frames_total": 101]),
        ])
        let comparison = try RegressionComparison(suite: suite(), baseline: baseline, current: current)
        #expect(comparison.lines.map(\.verdict) == [.regressed, .ok, .regressed])
        #expect(abs(comparison.lines[0].change! + 0.02) < 1e-12)
        #expect(abs(comparison.lines[1].allowance - 0.1) < 1e-12)
        let better = run([
            ("a", 1, ["coverage": 1, "blur_sel_mean_px": 0.5, "frames_total": 100]),
            ("a", 2, ["coverage": 1, "blur_sel_mean_px": 0.5, "frames_total": 100]),
        ])
        #expect(try RegressionComparison(suite: suite(), baseline: baseline, current: better).lines.map(\.verdict) == [.improved, .improved, .ok])
        let lost = run([("a", 1, ["blur_sel_mean_px": 1, "frames_total": 100]), ("a", 2, ["blur_sel_mean_px": 1, "frames_total": 100])])
        #expect(try RegressionComparison(suite: suite(), baseline: baseline, current: lost).lines.first?.verdict == .vanished)
        let otherSeeds = run([("a", 1, ["coverage": 1]), ("a", 3, ["coverage": 1])])
        #expect(throws: RegressionError.self) { try RegressionComparison(suite: suite(), baseline: baseline, current: otherSeeds) }
    }
}
