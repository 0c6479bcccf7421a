import Runs
import Experiments
import Foundation
import ReportIO
import Scenarios
import Simulation
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
        #expect(throws: ExperimentError.self) { try SweepAxis(parsing: "selection.threshold") }
        #expect(throws: ExperimentError.self) { try SweepAxis(parsing: "selection.threshold=1:2:0") }
        #expect(throws: ExperimentError.self) { try SweepAxis(parsing: "fusion.filter=madgwick,,mahony") }
        #expect(throws: ExperimentError.self) { try SweepAxis(parsing: "fusion.filter=madgwick,madgwick") }
        #expect(throws: ExperimentError.self) { try SweepAxis(parsing: "selection.threshold=madgwick,mahony") }
        #expect(throws: ExperimentError.self) { try SweepAxis(parsing: "no.such.key=1:2:1") }
        #expect(throws: ExperimentError.self) { try SweepAxis(parsing: "selection.threshold=0:100000:1") }
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
        #expect(throws: ExperimentError.self) {
            try SweepPlan(source: source, axes: [try SweepAxis(parsing: "fusion.filter=madgwick,nope")], seeds: [1])
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sweep-choice-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SweepRunner.run(plan, in: folder, mode: .fresh).ran == 2)
        let rows = try String(contentsOf: folder.appendingPathComponent("sweep.csv"), encoding: .utf8).split(separator: "\n")
        #expect(rows[1].hasPrefix("0,1,madgwick,") && rows[2].hasPrefix("1,1,bias-estimating,"))
        let again = try SweepRunner.run(plan, in: folder, mode: .resume)
        #expect(again.resumed == 2 && again.ran == 0)
    }

    /// Cells that differ from the first only in selection, fusion or queue keys rerun the app
    /// on one simulated world per seed; their rows equal runs simulated from scratch, and a
    /// cell with another camera is simulated anew.
    @Test func sharedWorldsGiveTheRowsOfFreshRuns() throws {
        let source = ScenarioSource(reference: "tripod-ideal", searchDirectories: [Repository.scenarios])
        let plan = try SweepPlan(
            source: source,
            axes: [
                try SweepAxis(parsing: "camera.fps=24:30:6"), try SweepAxis(parsing: "selection.threshold=2:6:4"),
                try SweepAxis(parsing: "pipeline.frame_cost_ms=8:16:8"),
            ], seeds: [1, 2])
        let first = plan.cellScenarios[0].world
        #expect(plan.cellScenarios.map { $0.world.simulatesSameRun(as: first) } == [true, true, true, true, false, false, false, false])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sweep-shared-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try SweepRunner.run(plan, in: folder, mode: .fresh)
        let rows = Array(try String(contentsOf: folder.appendingPathComponent("sweep.csv"), encoding: .utf8).split(separator: "\n").dropFirst())
        for (index, job) in plan.jobs.enumerated() {
            var expected = CSVWriter(header: plan.header)
            expected.integer(job.cell)
            expected.integer(job.seed)
            for (axis, value) in zip(plan.axes, plan.cells[job.cell]) { expected.text(axis.text(value)) }
            expected.metrics(try RunMetrics.evaluate(plan.cellScenarios[job.cell], seed: job.seed), columns: plan.columns)
            expected.text("")  // no failure
            expected.endRow()
            #expect(String(rows[index]) + "\n" == String(decoding: expected.rowBytes, as: UTF8.self), "job \(index)")
        }
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
        #expect(throws: ExperimentError.self) {
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
        entry.seeds = [1, 2, 3, 4]
        suite.entries = [entry]
        var coverage = MetricTolerance()
        (coverage.metric, coverage.absolute) = ("coverage", 0.01)
        var blur = MetricTolerance()
        (blur.metric, blur.absolute) = ("blur_sel_mean_px", 0.001)
        var frames = MetricTolerance()
        frames.metric = "frames_total"
        suite.tolerances = [coverage, blur, frames]
        return suite
    }

    /// Paired per seed: a 2 % coverage loss on every seed (tolerance 1 %) is a regression; blur moving beyond
    /// its tolerance with noise around it is "within noise"; a frame-count shift on every seed
    /// is a change; a consistent gain is an improvement; a metric that disappears fails.
    @Test func pairedVerdicts() throws {
        let baseline = run([
            ("a", 1, ["coverage": 0.96, "blur_sel_mean_px": 1.0, "frames_total": 100]),
            ("a", 2, ["coverage": 0.94, "blur_sel_mean_px": 1.2, "frames_total": 100]),
            ("a", 3, ["coverage": 0.95, "blur_sel_mean_px": 0.9, "frames_total": 100]),
            ("a", 4, ["coverage": 0.97, "blur_sel_mean_px": 1.1, "frames_total": 100]),
        ])
        // Blur: [+0.3, −0.25, +0.25, −0.18], mean +0.03 > 0.001 allowed but t ≈ 0.21.
        let current = run([
            ("a", 1, ["coverage": 0.94, "blur_sel_mean_px": 1.3, "frames_total": 101]),
            ("a", 2, ["coverage": 0.92, "blur_sel_mean_px": 0.95, "frames_total": 101]),
            ("a", 3, ["coverage": 0.93, "blur_sel_mean_px": 1.15, "frames_total": 101]),
            ("a", 4, ["coverage": 0.95, "blur_sel_mean_px": 0.92, "frames_total": 101]),
        ])
        let comparison = try RegressionComparison(suite: suite(), baseline: baseline, current: current)
        #expect(comparison.lines.map(\.verdict) == [.regressed, .withinNoise, .regressed])
        #expect(abs(comparison.lines[0].change! + 0.02) < 1e-12 && comparison.lines[0].p == 0)
        #expect(comparison.lines[1].p! > 0.3 && comparison.lines[1].p! < 0.5)
        let better = run(
            (1...4).map { seed in ("a", UInt64(seed), ["coverage": 0.99, "blur_sel_mean_px": 1.05, "frames_total": 100]) })
        #expect(try RegressionComparison(suite: suite(), baseline: baseline, current: better).lines.map(\.verdict) == [.improved, .ok, .ok])
        let lost = run((1...4).map { seed in ("a", UInt64(seed), ["blur_sel_mean_px": 1, "frames_total": 100]) })
        #expect(try RegressionComparison(suite: suite(), baseline: baseline, current: lost).lines.first?.verdict == .vanished)
        let otherSeeds = run([("a", 1, ["coverage": 1]), ("a", 3, ["coverage": 1])])
        #expect(throws: ExperimentError.self) { try RegressionComparison(suite: suite(), baseline: baseline, current: otherSeeds) }
    }
}
