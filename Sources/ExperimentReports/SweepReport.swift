import Runs
import Experiments
import Foundation
import ReportFormats

/// The stdout summary of a sweep.
public enum SweepReport {
    /// The `top` best cells by the mean of the metric; with constraints, the cells meeting them
    /// come first and a column says which do. With `coverage` (a capture sweep ranked by another
    /// metric) a column gives each cell's mean coverage, and without constraints a last line
    /// says that "best" ignores it and how `--require` bounds it. A varied key's values share
    /// their decimals (0.5, 1.0, 1.5).
    public static func table(_ results: SweepResults, top: Int, feasibility: SweepFeasibility? = nil, coverage: SweepResults? = nil) -> String {
        var text =
            headline(results, feasibility: feasibility) + "\n"
            + TextTable.render(
                header: header(results, feasibility, coverage: coverage), rows: rows(results, top: top, feasibility, coverage: coverage))
        if let note = coverageNote(results, feasibility: feasibility, coverage: coverage) { text += note + "\n" }
        if results.plan.cells.count > top {
            text += "the best \(top) of \(results.plan.cells.count) cells; sweep.csv and report.html have every cell\n"
        }
        return text
    }

    /// What was ranked by what: "shaky-hands: 12 cells × 4 seeds, best by coverage (higher is better)…".
    public static func headline(_ results: SweepResults, feasibility: SweepFeasibility?) -> String {
        let plan = results.plan
        let direction = RunMetrics.direction(of: results.metric)
        return
            "\(plan.base.name): \(counted(plan.cells.count, "cell")) × \(counted(plan.seeds.count, "seed")), best by \(results.metric) (\(direction == .higher ? "higher" : "lower") is better)"
            + (feasibility?.summary.map { ", among cells meeting \($0) (\(feasibility!.admitted.filter { $0 }.count) of \(plan.cells.count))" } ?? "")
    }

    /// Without constraints, ranking by another metric ignores coverage: says so, with the best
    /// cell's coverage and how `--require` bounds it.
    static func coverageNote(_ results: SweepResults, feasibility: SweepFeasibility?, coverage: SweepResults?) -> String? {
        guard let coverage, feasibility?.summary == nil, let best = results.ranking(feasibility).first, let share = coverage.mean(best) else {
            return nil
        }
        // Coverage the same in every cell (a sweep of fusion keys, say) is nothing to ignore.
        let means = results.plan.cells.indices.compactMap { coverage.mean($0) }
        guard let low = means.min(), let high = means.max(), high - low > 1e-9 else { return nil }
        return "best ignores coverage (\(String(format: "%.4f", share)) at cell \(best)): --require 'coverage>=0.9' ranks only the cells meeting it"
    }

    static func header(_ results: SweepResults, _ feasibility: SweepFeasibility?, coverage: SweepResults?) -> [String] {
        ["cell"] + results.plan.axes.map(\.key) + ["mean", "sd"] + (coverage == nil ? [] : ["coverage"])
            + (feasibility?.summary != nil ? ["meets"] : [])
    }

    /// The `top` best cells, ranked.
    static func rows(_ results: SweepResults, top: Int, _ feasibility: SweepFeasibility?, coverage: SweepResults?) -> [[String]] {
        let plan = results.plan
        let constrained = feasibility?.summary != nil
        let decimals = plan.axes.indices.map { axis in commonDecimals(plan.cells.map { $0[axis] }) }
        func number(_ value: Double?) -> String { value.map { String(format: "%.4f", $0) } ?? "–" }
        return results.ranking(feasibility).prefix(top).map { cell -> [String] in
            let keys: [String] = plan.axes.indices.map { axis in
                let value = plan.cells[cell][axis]
                return plan.axes[axis].names == nil ? String(format: "%.\(decimals[axis])f", value) : plan.axes[axis].text(value)
            }
            var row = [String(cell)] + keys + [number(results.mean(cell)), number(results.standardDeviation(cell))]
            if let coverage { row.append(number(coverage.mean(cell))) }
            if constrained {
                let feasibility = feasibility!
                row.append(
                    "\(feasibility.admitted[cell] ? "yes" : "no") (\(feasibility.seedsMeeting[cell]) of \(counted(feasibility.seedCount, "seed")))")
            }
            return row
        }
    }

    /// The fewest decimals (at most 6) that write every value of `values` exactly.
    static func commonDecimals(_ values: [Double]) -> Int {
        (0...6).first { decimals in
            values.allSatisfy { value in abs((value * pow(10, Double(decimals))).rounded() - value * pow(10, Double(decimals))) < 1e-6 }
        } ?? 6
    }

    static func title(_ results: SweepResults) -> String {
        "Sweep of \(results.plan.axes.map(\.key).joined(separator: " × ")) on \(results.plan.base.name)"
    }

    /// The headline and the best cell, with the coverage note: the page's and sweep.md's first lines.
    static func summary(_ results: SweepResults, feasibility: SweepFeasibility?, coverage: SweepResults?) -> String {
        var best =
            results.best(feasibility).map {
                "Best cell: \(results.label($0))" + (results.mean($0).map { String(format: ", mean %.4f", $0) } ?? "") + "."
            } ?? "No cell has a value."
        if let note = coverageNote(results, feasibility: feasibility, coverage: coverage) {
            best += " " + note.prefix(1).uppercased() + note.dropFirst() + "."
        }
        return headline(results, feasibility: feasibility) + ". " + best
    }

    /// sweep.md: under "Best" the summary sentence; with two varied keys under "Grid" the mean of
    /// the metric (the first key down, the second across); under "Ranking" every cell.
    public static func markdown(_ results: SweepResults, feasibility: SweepFeasibility?, coverage: SweepResults? = nil) -> String {
        let plan = results.plan
        var text = "## \(title(results))\n\n### Best\n\n\(summary(results, feasibility: feasibility, coverage: coverage))\n\n"
        if plan.axes.count == 2 {
            let decimals = Metric.named(results.metric)?.decimals ?? 4
            let down = plan.axes[0].values, across = plan.axes[1].values
            let rows = down.map { first in
                [plan.axes[0].text(first)]
                    + across.map { second in
                        let cell = plan.cells.firstIndex { $0 == [first, second] }
                        return cell.flatMap(results.mean).map { String(format: "%.\(decimals)f", $0) } ?? "–"
                    }
            }
            text += "### Grid\n\nMean \(results.metric) over the seeds, `\(plan.axes[0].key)` down, `\(plan.axes[1].key)` across:\n\n"
            text += MarkdownTable.render(header: [""] + across.map(plan.axes[1].text), rows: rows) + "\n"
        }
        text += "### Ranking\n\nCells ranked by \(results.metric):\n\n"
        return text
            + MarkdownTable.render(
                header: header(results, feasibility, coverage: coverage), rows: rows(results, top: plan.cells.count, feasibility, coverage: coverage))
    }

    /// report.html of a sweep folder: the ranking first (every cell), then the heat map and
    /// the trade-off figure found in `directory`/plots.
    public static func page(
        _ results: SweepResults, feasibility: SweepFeasibility?, coverage: SweepResults? = nil, in directory: URL, origin: ReportOrigin
    ) -> HTMLReport {
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
        return HTMLReport.page(
            title: title(results), summary: summary(results, feasibility: feasibility, coverage: coverage),
            whatRan: HTMLReport.whatRan(
                origin: origin, scenarios: [plan.base],
                extra: plan.axes.map { axis in HTMLReport.Fact("varied", axis.description) } + [HTMLReport.Fact("cells", String(plan.cells.count))]
            ).filter { fact in !plan.axes.contains { $0.key == fact.label } },
            sections: [
                HTMLReport.Section(
                    heading: "Cells ranked by \(results.metric)",
                    html: HTMLReport.table(
                        header: header(results, feasibility, coverage: coverage),
                        rows: rows(results, top: plan.cells.count, feasibility, coverage: coverage)))
            ], origin: origin, files: files,
            read: { file in manager.contents(atPath: directory.appendingPathComponent(file).path).map { Array($0) } })
    }
}
