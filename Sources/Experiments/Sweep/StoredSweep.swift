import BundledFiles
import Foundation
import ReportIO
import Runs

/// A sweep folder read back for a comparison (`compare --sweep`), checked before any number is
/// used: sweep.csv and sweep.json match their digests in `sweep.csv.sha256` (the whole file,
/// not a prefix); every row is a (cell, seed) of the definition, in the order the runner
/// writes them, with the cell's own values; every metric value is finite and in its range; and
/// every cell × seed of the definition is there. An unfinished sweep is an error unless
/// `partial` asks for its finished cells, and then `leftOut` says which were not.
public struct StoredSweep: Sendable {
    public let definition: SweepDefinition
    public let axes: [SweepAxis]
    /// Axis values of each cell of the definition (the first axis varies slowest).
    public let cells: [[Double]]
    /// The metric columns of the rows (sweep.json's known metrics).
    public let metricNames: [String]
    /// `metrics[cell]`: one entry per seed of the definition, in order, for a finished cell;
    /// empty for a cell left out. A failed run's entry has no values.
    public let metrics: [[[String: Double]]]
    /// Cells not finished (only with `partial`).
    public let leftOut: [Int]

    /// Bytes of a sweep.json read at most.
    static let maximumDefinitionBytes = 64 << 20

    public init(directory: URL, partial: Bool = false) throws {
        // A merge stopped while putting its files in place is completed first (or, stopped
        // while writing them, leaves the sweep that was there).
        try SweepMerge.finishInterrupted(in: directory)
        let definitionURL = directory.appendingPathComponent(SweepDigest.definitionName)
        let csvURL = directory.appendingPathComponent("sweep.csv")
        for url in [definitionURL, csvURL] {
            let kind = FileKind(atPath: url.path)
            guard kind == .regularFile else {
                throw ExperimentError(
                    "\(url.path): \(kind == .none ? "missing" : "is \(kind.phrase), not the file a sweep writes"); give the folder of an orbitbench sweep"
                )
            }
        }
        let definitionData: Data
        do {
            definitionData = Data(
                try ContainedFile.read([SweepDigest.definitionName], in: directory, maximumBytes: Self.maximumDefinitionBytes) ?? [])
        } catch {
            throw ExperimentError("\(error.description): not read as a sweep definition")
        }
        guard let csvData = ProjectFiles.contents(atPath: csvURL.path) else {
            throw ExperimentError("\(csvURL.path): \(ProjectFiles.unreadable(csvURL.path))")
        }
        let bytes = Array(csvData)
        try SweepDigest.checkWhole(bytes, csv: csvURL, definition: Array(definitionData))
        let definition: SweepDefinition
        do { definition = try JSONDecoder().decode(SweepDefinition.self, from: definitionData) } catch {
            throw ExperimentError("\(definitionURL.path): not a sweep definition (\(TextExcerpt.excerpt("\(error)", limit: 120)))")
        }
        let axes = try definition.vary.map { text throws(ExperimentError) in try SweepAxis(parsing: text) }
        let cells = SweepAxis.grid(axes)
        guard !axes.isEmpty, !definition.seeds.isEmpty, cells.count * definition.seeds.count <= SweepPlan.maximumJobs else {
            throw ExperimentError("\(definitionURL.path): defines no runs, or more than \(SweepPlan.maximumJobs)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw CSVError(file: csvURL.path, message: "not UTF-8 text") }
        let table = try CSVTable(text: text, file: csvURL.path)
        guard table.header == definition.columns, table.header.starts(with: ["cell", "seed"] + axes.map(\.key)) else {
            throw CSVError(file: csvURL.path, line: 1, message: "the header is not the one \(SweepDigest.definitionName) names")
        }
        let metricNames = definition.columns.filter { RunMetrics.isKnown($0) }
        let metricColumns = metricNames.map { table.header.firstIndex(of: $0)! }
        var metrics = [[[String: Double]]](repeating: [], count: cells.count)
        for (position, row) in table.rows.enumerated() {
            // The runner writes job after job: row k is job k.
            let cell = position / definition.seeds.count, seed = definition.seeds[position % definition.seeds.count]
            guard cell < cells.count, row.fields[0] == String(cell), row.fields[1] == String(seed) else {
                throw CSVError(
                    file: csvURL.path, line: row.line,
                    message: cell < cells.count
                        ? "expected cell \(cell), seed \(seed) here (the order the sweep writes)" : "a row beyond the sweep's runs")
            }
            for (index, axis) in axes.enumerated() where row.fields[2 + index] != axis.text(cells[cell][index]) {
                throw CSVError(file: csvURL.path, line: row.line, column: axis.key, message: "value does not match cell \(cell)")
            }
            var values: [String: Double] = [:]
            for (name, column) in zip(metricNames, metricColumns) where !row.fields[column].isEmpty {
                let value = try table.number(row, column)
                if let problem = RunMetrics.problem(with: value, of: name) {
                    throw CSVError(file: csvURL.path, line: row.line, column: name, message: problem)
                }
                values[name] = value
            }
            metrics[cell].append(values)
        }
        let finished = cells.indices.filter { metrics[$0].count == definition.seeds.count }
        let unfinished = cells.indices.filter { metrics[$0].count < definition.seeds.count }
        if !unfinished.isEmpty {
            let done = table.rows.count, total = cells.count * definition.seeds.count
            guard partial else {
                throw ExperimentError(
                    "\(csvURL.path): the sweep is unfinished (\(done) of \(total) runs, \(finished.count) of \(cells.count) cells); continue it with sweep --resume, or pass --partial to compare its finished cells"
                )
            }
            for cell in unfinished { metrics[cell] = [] }
        }
        self.definition = definition
        self.axes = axes
        self.cells = cells
        self.metricNames = metricNames
        self.metrics = metrics
        leftOut = unfinished
    }

    /// Cells with all their seeds.
    public var finishedCells: [Int] { cells.indices.filter { !metrics[$0].isEmpty } }

    /// "threshold=4,roll=2": a cell named by its varied values (the last part of each key).
    public func label(_ cell: Int) -> String {
        zip(axes, cells[cell]).map { axis, value in "\(axis.key.split(separator: ".").last ?? "")=\(axis.text(value))" }.joined(separator: ",")
    }
}
