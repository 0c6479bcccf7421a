import Runs
import Experiments
import Foundation
import Reports

/// The stdout summary of a sweep.
public enum SweepReport {
    /// The `top` best cells by the mean of the metric; with constraints, the cells meeting them
    /// come first and a column says which do. With `coverage` (a capture sweep ranked by another
    /// metric) a column gives each cell's mean coverage, and without constraints a last line
    /// says that "best" ignores it and how `--require` bounds it. A varied key's values share
    /// their decimals (0.5, 1.0, 1.5).
    public static func table(_ results: SweepResults, top: Int, feasibility: SweepFeasibility? = nil, coverage: SweepResults? = nil) -> String {
        let plan = results.plan
        let constrained = feasibility?.summary != nil
        let decimals = plan.axes.indices.map { axis in commonDecimals(plan.cells.map { $0[axis] }) }
        let ranking = Array(results.ranking(feasibility).prefix(top))
        func number(_ value: Double?) -> String { value.map { String(format: "%.4f", $0) } ?? "–" }
        let rows = ranking.map { cell -> [String] in
            let keys: [String] = plan.axes.indices.map { axis in
                let value = plan.cells[cell][axis]
                return plan.axes[axis].names == nil ? String(format: "%.\(decimals[axis])f", value) : plan.axes[axis].text(value)
            }
            var row = [String(cell)] + keys + [number(results.mean(cell)), number(results.standardDeviation(cell))]
            if let coverage { row.append(number(coverage.mean(cell))) }
            if constrained { row.append(feasibility!.admitted[cell] ? "yes" : "no") }
            return row
        }
        let direction = RunMetrics.direction(of: results.metric)
        var text =
            "\(plan.base.name): \(counted(plan.cells.count, "cell")) × \(counted(plan.seeds.count, "seed")), best by \(results.metric) (\(direction == .higher ? "higher" : "lower") is better)"
            + (feasibility?.summary.map { ", among cells meeting \($0) (\(feasibility!.admitted.filter { $0 }.count) of \(plan.cells.count))" } ?? "")
            + "\n"
            + TextTable.render(
                header: ["cell"] + plan.axes.map(\.key) + ["mean", "sd"] + (coverage == nil ? [] : ["coverage"]) + (constrained ? ["meets"] : []),
                rows: rows)
        if let coverage, !constrained, let best = ranking.first, let share = coverage.mean(best) {
            text +=
                "best ignores coverage (\(String(format: "%.4f", share)) at cell \(best)): --require 'coverage>=0.9' ranks only the cells meeting it\n"
        }
        return text
    }

    /// The fewest decimals (at most 6) that write every value of `values` exactly.
    static func commonDecimals(_ values: [Double]) -> Int {
        (0...6).first { decimals in
            values.allSatisfy { value in abs((value * pow(10, Double(decimals))).rounded() - value * pow(10, Double(decimals))) < 1e-6 }
        } ?? 6
    }
}
