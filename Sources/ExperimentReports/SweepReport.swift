import Runs
import Experiments
import Foundation
import Reports

/// The stdout summary of a sweep.
public enum SweepReport {
    /// The `top` best cells by the mean of the metric; with constraints, the cells meeting them
    /// come first and a column says which do.
    public static func table(_ results: SweepResults, top: Int, feasibility: SweepFeasibility? = nil) -> String {
        let plan = results.plan
        let constrained = feasibility?.summary != nil
        let rows = results.ranking(feasibility).prefix(top).map { cell -> [String] in
            [String(cell)] + zip(plan.axes, plan.cells[cell]).map { $0.names == nil ? String(format: "%g", $1) : $0.text($1) }
                + [
                    results.mean(cell).map { String(format: "%.4f", $0) } ?? "–",
                    results.standardDeviation(cell).map { String(format: "%.4f", $0) } ?? "–",
                ] + (constrained ? [feasibility!.admitted[cell] ? "yes" : "no"] : [])
        }
        let direction = RunMetrics.direction(of: results.metric)
        return
            "\(plan.base.name): \(counted(plan.cells.count, "cell")) × \(counted(plan.seeds.count, "seed")), best by \(results.metric) (\(direction == .higher ? "higher" : "lower") is better)"
            + (feasibility?.summary.map { ", among cells meeting \($0) (\(feasibility!.admitted.filter { $0 }.count) of \(plan.cells.count))" } ?? "")
            + "\n"
            + TextTable.render(header: ["cell"] + plan.axes.map(\.key) + ["mean", "sd"] + (constrained ? ["meets"] : []), rows: rows)
    }
}
