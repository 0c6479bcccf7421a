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

    /// Every cell of a finished sweep (its folder's sweep.json and sweep.csv) as an arm, named
    /// by its varied values ("threshold=4"); blocks are the sweep's seeds. Runs a plug-in
    /// stopped (a `failure` row) have no values.
    public static func sweep(in directory: String, level: Double = 0.95) throws -> ArmsComparison {
        let folder = URL(fileURLWithPath: directory)
        let definitionFile = folder.appendingPathComponent("sweep.json").path
        guard let data = ProjectFiles.contents(atPath: definitionFile) else {
            throw ExperimentError("\(definitionFile): missing; give the folder of a finished orbitbench sweep")
        }
        let definition: SweepDefinition
        do { definition = try JSONDecoder().decode(SweepDefinition.self, from: data) } catch {
            throw ExperimentError("\(definitionFile): not a sweep definition (\(error))")
        }
        let table = try CSVTable.load(folder.appendingPathComponent("sweep.csv").path)
        let keys = definition.vary.map { String($0.prefix { $0 != "=" }) }
        let keyColumns = try keys.map { try table.column($0) }
        // sweep.json names every column of sweep.csv's rows; the metrics are the known ones.
        let metricNames = definition.columns.filter { RunMetrics.isKnown($0) }
        let metricColumns = try metricNames.map { try table.column($0) }
        let cellColumn = try table.column("cell"), seedColumn = try table.column("seed")
        var order: [Int] = [], labels: [Int: String] = [:], rows: [Int: [RegressionRun.Row]] = [:]
        for row in table.rows {
            guard let cell = Int(row.fields[cellColumn]), cell >= 0 else {
                throw CSVError(file: table.file, line: row.line, column: "cell", message: "not a cell number")
            }
            guard let seed = UInt64(row.fields[seedColumn]) else {
                throw CSVError(file: table.file, line: row.line, column: "seed", message: "not a seed")
            }
            if labels[cell] == nil {
                order.append(cell)
                labels[cell] = zip(keys, keyColumns).map { key, column in "\(key.split(separator: ".").last ?? "")=\(row.fields[column])" }
                    .joined(separator: ",")
            }
            var metrics: [String: Double] = [:]
            for (name, column) in zip(metricNames, metricColumns) where !row.fields[column].isEmpty {
                metrics[name] = try table.number(row, column)
            }
            rows[cell, default: []].append(RegressionRun.Row(scenario: definition.scenario, seed: seed, metrics: metrics))
        }
        guard order.count >= 2 else { throw ExperimentError("\(directory): the sweep has \(order.count) cell; a comparison needs two or more") }
        return try ArmsComparison(
            arms: order.sorted().map { (labels[$0]!, RegressionRun(rows: rows[$0]!, columns: metricNames)) }, level: level)
    }
}
