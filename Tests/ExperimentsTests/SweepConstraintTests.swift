import Experiments
import Foundation
import ReportIO
import Runs
import StatisticsKit
import Scenarios
import TestSupport
import Testing

@Suite struct ParetoFrontTests {
    /// Blur (lower better) against coverage (higher better), by hand: C and D lose to B, G has
    /// no value, F equals B and stays.
    @Test func handComputedFront() {
        let blur = [1.0, 2.0, 2.0, 3.0, 0.5, 2.0, .nan]
        let coverage = [0.5, 0.9, 0.8, 0.9, 0.2, 0.9, 1.0]
        let front = ParetoFront.indices(x: blur, y: coverage, xBetter: .lower, yBetter: .higher)
        #expect(front == [4, 0, 1, 5])
        // Both lower-is-better: only the corner point and the two extremes survive.
        #expect(ParetoFront.indices(x: [1, 2, 3, 2], y: [3, 2, 1, 3], xBetter: .lower, yBetter: .lower) == [0, 1, 2])
        #expect(ParetoFront.indices(x: [], y: [], xBetter: .lower, yBetter: .higher).isEmpty)
    }

    /// The sorted sweep agrees with the definition checked pair by pair on many random clouds,
    /// with ties made likely by rounding.
    @Test func agreesWithPairwiseDefinition() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 40 % 10)
        }
        for trial in 0..<200 {
            let count = 1 + trial % 40
            let x = (0..<count).map { _ in next() }, y = (0..<count).map { _ in next() }
            for (xBetter, yBetter) in [(MetricDirection.lower, MetricDirection.higher), (.higher, .higher), (.lower, .lower)] {
                let xs = xBetter == .lower ? 1.0 : -1.0, ys = yBetter == .lower ? 1.0 : -1.0
                let expected = x.indices.filter { p in
                    !x.indices.contains { q in
                        xs * x[q] <= xs * x[p] && ys * y[q] <= ys * y[p] && (xs * x[q] < xs * x[p] || ys * y[q] < ys * y[p])
                    }
                }
                let front = ParetoFront.indices(x: x, y: y, xBetter: xBetter, yBetter: yBetter)
                #expect(Set(front) == Set(expected), "trial \(trial)")
                #expect(front.count == expected.count)
            }
        }
    }
}

@Suite struct SweepConstraintTests {
    @Test func parsesBoundsAndRejectsTheRest() throws {
        let atLeast = try SweepConstraint(parsing: "coverage>=0.9")
        #expect(atLeast == SweepConstraint(metric: "coverage", relation: .atLeast, bound: 0.9))
        #expect(try SweepConstraint(parsing: " blur_sel_p95_px <= 3 ").relation == .atMost)
        #expect(atLeast.description == "coverage ≥ 0.9")
        #expect(atLeast.admits(0.9) && !atLeast.admits(0.8999) && !atLeast.admits(nil) && !atLeast.admits(.nan))
        #expect(throws: ExperimentError.self) { try SweepConstraint(parsing: "coverage>0.9") }
        #expect(throws: ExperimentError.self) { try SweepConstraint(parsing: "nope>=1") }
        #expect(throws: ExperimentError.self) { try SweepConstraint(parsing: "coverage>=most") }
        #expect(throws: ExperimentError.self) { try SweepConstraint(parsing: "coverage>=inf") }
    }

    /// A hand-written sweep.csv: the lowest blur belongs to a cell with 10 % coverage, so with
    /// `coverage>=0.9` the best is the next one that meets it, and the failing cell ranks after
    /// every admitted one.
    @Test func constraintsDecideTheBestCell() throws {
        let source = ScenarioSource(reference: "tripod-ideal", searchDirectories: [Repository.scenarios])
        let plan = try SweepPlan(source: source, axes: [try SweepAxis(parsing: "selection.threshold=2:8:2")], seeds: [1, 2])
        let blurByCell = [[1.0, 1.2], [2.0, 2.2], [1.6, 1.8], [3.0, 3.0]]
        let coverageByCell = [[0.1, 0.1], [0.95, 0.97], [0.9, 0.92], [1.0, 1.0]]
        var csv = CSVWriter(header: plan.header)
        for (cell, seed) in plan.jobs {
            let seedIndex = Int(seed) - 1
            csv.integer(cell)
            csv.integer(seed)
            csv.text(plan.axes[0].text(plan.cells[cell][0]))
            for column in plan.columns {
                switch column {
                case "blur_sel_mean_px": csv.number(blurByCell[cell][seedIndex], decimals: 4)
                case "coverage": csv.number(coverageByCell[cell][seedIndex], decimals: 4)
                default: csv.text("")
                }
            }
            csv.text("")  // no failure
            csv.endRow()
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("constraint-\(UUID().uuidString).csv")
        try Data(csv.bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let blur = try SweepResults(plan: plan, csv: file, metric: "blur_sel_mean_px")
        #expect(blur.best() == 0)
        let feasibility = try SweepFeasibility(plan: plan, csv: file, constraints: [try SweepConstraint(parsing: "coverage>=0.9")])
        #expect(feasibility.admitted == [false, true, true, true])
        #expect(blur.best(feasibility) == 2)
        #expect(blur.ranking(feasibility) == [2, 1, 3, 0])
        let none = try SweepFeasibility(plan: plan, csv: file, constraints: [try SweepConstraint(parsing: "coverage>=1.01")])
        #expect(blur.best(none) == nil)
        #expect(throws: ExperimentError.self) {
            try SweepFeasibility(plan: plan, csv: file, constraints: [try SweepConstraint(parsing: "kp_err_mean>=1")])
        }
    }
}
