import Foundation
import BundledFiles
import ReportIO
import Runs

extension ArmsComparison {
    /// Report folders or metrics.csv files of `run` (one per arm; see
    /// `RegressionRun.loadReport`), paired by scenario and seed. Arms are named by `names`,
    /// else by the folders' own names (their paths when two share a name).
    public static func reports(_ paths: [String], names: [String]? = nil, level: Double = 0.95) throws -> ArmsComparison {
        let shortNames = paths.map { ($0 as NSString).standardizingPath }.map { path -> String in
            let last = (path as NSString).lastPathComponent
            return last == "metrics.csv" ? ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent : last
        }
        let labels = names ?? (Set(shortNames).count == shortNames.count ? shortNames : paths)
        return try ArmsComparison(arms: try zip(labels, paths).map { ($0, try RegressionRun.loadReport($1)) }, level: level)
    }

    /// Every cell of a finished sweep (its folder's sweep.json and sweep.csv, read through
    /// `StoredSweep`) as an arm, named by its varied values ("threshold=4"); blocks are the
    /// sweep's seeds. Runs a plug-in stopped (a `failure` row) have no values. With `partial`,
    /// an unfinished sweep's finished cells, and `notes` names the cells left out.
    public static func sweep(in directory: String, level: Double = 0.95, partial: Bool = false) throws -> ArmsComparison {
        let stored = try StoredSweep(directory: URL(fileURLWithPath: directory), partial: partial)
        let cells = stored.finishedCells
        guard cells.count >= 2 else {
            throw ExperimentError(
                "\(directory): the sweep has \(cells.count) finished cell\(cells.count == 1 ? "" : "s"); a comparison needs two or more")
        }
        let arms = cells.map { cell in
            let rows = zip(stored.definition.seeds, stored.metrics[cell]).map { seed, metrics in
                RegressionRun.Row(scenario: stored.definition.scenario, seed: seed, metrics: metrics)
            }
            return (stored.label(cell), RegressionRun(rows: rows, columns: stored.metricNames))
        }
        var comparison = try ArmsComparison(arms: arms, level: level)
        if !stored.leftOut.isEmpty {
            let shown = stored.leftOut.prefix(5).map { stored.label($0) }.joined(separator: "; ")
            comparison.notes.append(
                "Partial sweep (--partial): \(stored.leftOut.count) of \(stored.cells.count) cells were unfinished and are left out (\(shown)\(stored.leftOut.count > 5 ? "; …" : ""))."
            )
        }
        return comparison
    }
}
