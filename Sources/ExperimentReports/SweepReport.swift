import Runs
import Experiments
import Foundation
import Reports

/// The stdout summary of a sweep.
public enum SweepReport {
    /// The `top` best cells by the mean of the metric; with constraints, the cells meeting them
    /// come first and a column says which do.
    public static func table(_ results: SweepResults, top: Int, feasibility: SweepFeasibility? = nil) -> String {
        headline(results, feasibility: feasibility) + "\n"
            + TextTable.render(header: header(results, feasibility), rows: rows(results, top: top, feasibility))
    }

    /// What was ranked by what: "shaky-hands: 12 cells × 4 seeds, best by coverage (higher is better)…".
    public static func headline(_ results: SweepResults, feasibility: SweepFeasibility?) -> String {
        let plan = results.plan
        let direction = RunMetrics.direction(of: results.metric)
        return
            "\(plan.base.name): \(counted(plan.cells.count, "cell")) × \(counted(plan.seeds.count, "seed")), best by \(results.metric) (\(direction == .higher ? "higher" : "lower") is better)"
            + (feasibility?.summary.map { ", among cells meeting \($0) (\(feasibility!.admitted.filter { $0 }.count) of \(plan.cells.count))" } ?? "")
    }

    static func header(_ results: SweepResults, _ feasibility: SweepFeasibility?) -> [String] {
        ["cell"] + results.plan.axes.map(\.key) + ["mean", "sd"] + (feasibility?.summary != nil ? ["meets"] : [])
    }

    /// The `top` best cells, ranked.
    static func rows(_ results: SweepResults, top: Int, _ feasibility: SweepFeasibility?) -> [[String]] {
        let plan = results.plan
        let constrained = feasibility?.summary != nil
        return results.ranking(feasibility).prefix(top).map { cell -> [String] in
            [String(cell)] + zip(plan.axes, plan.cells[cell]).map { $0.names == nil ? String(format: "%g", $1) : $0.text($1) }
                + [
                    results.mean(cell).map { String(format: "%.4f", $0) } ?? "–",
                    results.standardDeviation(cell).map { String(format: "%.4f", $0) } ?? "–",
                ] + (constrained ? [feasibility!.admitted[cell] ? "yes" : "no"] : [])
        }
    }

    /// report.html of a sweep folder: the ranking first (every cell), then the heat map and
    /// the trade-off figure found in `directory`/plots.
    public static func page(_ results: SweepResults, feasibility: SweepFeasibility?, in directory: URL, origin: ReportOrigin) -> HTMLReport {
        let plan = results.plan
        let manager = FileManager.default
        let top = ((try? manager.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }
        let plots = ((try? manager.contentsOfDirectory(atPath: directory.appendingPathComponent("plots").path)) ?? []).map { "plots/" + $0 }
        var files =
            (top.filter { name in
                var isDirectory: ObjCBool = false
                return manager.fileExists(atPath: directory.appendingPathComponent(name).path, isDirectory: &isDirectory) && !isDirectory.boolValue
            } + plots).sorted()
        if !files.contains("report.html") { files.append("report.html") }
        let best =
            results.best(feasibility).map {
                "Best cell: \(results.label($0))" + (results.mean($0).map { String(format: ", mean %.4f", $0) } ?? "") + "."
            } ?? "No cell has a value."
        return HTMLReport.page(
            title: "Sweep of \(plan.axes.map(\.key).joined(separator: " × ")) on \(plan.base.name)",
            summary: headline(results, feasibility: feasibility) + ". " + best,
            whatRan: HTMLReport.whatRan(
                origin: origin, scenarios: [plan.base],
                extra: plan.axes.map { axis in HTMLReport.Fact("varied", axis.description) } + [HTMLReport.Fact("cells", String(plan.cells.count))]),
            sections: [
                HTMLReport.Section(
                    heading: "Cells ranked by \(results.metric)",
                    html: HTMLReport.table(header: header(results, feasibility), rows: rows(results, top: plan.cells.count, feasibility)))
            ], origin: origin, files: files,
            read: { file in manager.contents(atPath: directory.appendingPathComponent(file).path).map { Array($0) } })
    }
}
