import Foundation
import Runs
import ReportIO
import Scenarios
import Execution

/// The suite's runs and their metrics: what the baseline stores.
public struct RegressionRun: Sendable {
    public struct Row: Sendable {
        /// The suite entry's name (label or scenario).
        public var scenario: String
        public var seed: UInt64
        public var metrics: [String: Double]

        public init(scenario: String, seed: UInt64, metrics: [String: Double]) {
            self.scenario = scenario
            self.seed = seed
            self.metrics = metrics
        }
    }

    public var rows: [Row]
    /// Every metric column that occurs, in metrics.csv order.
    public var columns: [String]

    public init(rows: [Row], columns: [String]) {
        self.rows = rows
        self.columns = columns
    }

    /// The scenarios of `suite`, resolved from `searchDirectories` with each entry's `set` and
    /// then `extra` (applied only to scenarios whose kind uses the key's section).
    public static func scenarios(_ suite: RegressionSuite, searchDirectories: [String], extra: [ConfigOverride]) throws -> [Scenario] {
        try suite.entries.enumerated().map { index, entry in
            var overrides: [ConfigOverride] = []
            for text in entry.overrides {
                do { overrides.append(try ConfigOverride(parsing: text)) } catch {
                    throw ExperimentError("scenarios[\(index)].set: \(TextExcerpt.quoted(text)): \((error as? ConfigError)?.message ?? "\(error)")")
                }
            }
            let base = try ScenarioSource(reference: entry.scenario, searchDirectories: searchDirectories, overrides: overrides).resolve()
            let applicable = extra.filter { !base.kind.unusedSections.contains($0.path[0]) }
            return applicable.isEmpty
                ? base
                : try ScenarioSource(reference: entry.scenario, searchDirectories: searchDirectories, overrides: overrides + applicable).resolve()
        }
    }

    /// Runs every (entry, seed) of the suite on all cores.
    public static func run(
        _ suite: RegressionSuite, scenarios: [Scenario], progress: (@Sendable (Int) -> Void)? = nil
    ) throws -> RegressionRun {
        let jobs = self.jobs(suite)
        let metrics = try Parallel.map(jobs.count, progress: progress) { job in
            try RunMetrics.evaluate(scenarios[jobs[job].entry], seed: jobs[job].seed)
        }
        return assemble(suite, jobs: jobs, metrics: metrics)
    }

    /// The suite's jobs: entry by entry, each entry's seeds in order.
    static func jobs(_ suite: RegressionSuite) -> [(entry: Int, seed: UInt64)] {
        suite.entries.indices.flatMap { entry in suite.entries[entry].seeds.map { (entry, $0) } }
    }

    /// The rows of `jobs` with their metrics; columns: the capture columns, then any other in
    /// the order they first occur.
    static func assemble(_ suite: RegressionSuite, jobs: [(entry: Int, seed: UInt64)], metrics: [RunMetrics]) -> RegressionRun {
        var columns = RunMetrics.captureColumns
        for names in metrics.map(\.names) { for name in names where !columns.contains(name) { columns.append(name) } }
        let rows = zip(jobs, metrics).map { job, result in
            Row(
                scenario: suite.entries[job.entry].name, seed: job.seed,
                metrics: Dictionary(uniqueKeysWithValues: zip(result.names, result.values).compactMap { name, value in value.map { (name, $0) } }))
        }
        return RegressionRun(rows: rows, columns: columns)
    }

    /// metrics.csv layout: scenario, seed, then every column (empty where missing).
    public var csv: CSVWriter {
        CSVWriter(header: ["scenario", "seed"] + columns, rows: rows) { csv, row in
            csv.text(row.scenario)
            csv.integer(row.seed)
            csv.metrics(RunMetrics(names: columns, values: columns.map { row.metrics[$0] }), columns: columns)
        }
    }

    /// Reads a baseline written by `csv`.
    public static func load(baseline path: String) throws -> RegressionRun {
        try RegressionRun(table: CSVTable.load(path))
    }

    /// The rows of a metrics.csv. A file without rows, or a row without a single metric value
    /// (every run has some), is an error naming the file (and the line): compared, such a
    /// baseline made every checked metric "appear" — 209 regressions instead of an input error.
    init(table: CSVTable) throws {
        let path = table.file
        guard table.header.count > 2, table.header[0] == "scenario", table.header[1] == "seed" else {
            throw CSVError(file: path, line: 1, message: "expected a header starting with scenario,seed")
        }
        guard !table.rows.isEmpty else {
            throw CSVError(file: path, message: "no rows under the header; write the baseline with orbitbench regress --update-baseline")
        }
        let columns = Array(table.header.dropFirst(2))
        var rows: [Row] = []
        for row in table.rows {
            guard let seed = UInt64(row.fields[1]) else { throw CSVError(file: path, line: row.line, column: "seed", message: "not a seed") }
            var metrics: [String: Double] = [:]
            for (offset, name) in columns.enumerated() where !row.fields[offset + 2].isEmpty {
                let value = try table.number(row, offset + 2)
                if let problem = RunMetrics.problem(with: value, of: name) {
                    throw CSVError(file: path, line: row.line, column: name, message: problem)
                }
                metrics[name] = value
            }
            guard !metrics.isEmpty else {
                throw CSVError(
                    file: path, line: row.line,
                    message:
                        "no metric values (every metric cell is empty); a baseline row holds a run's metrics: write it with orbitbench regress --update-baseline"
                )
            }
            rows.append(Row(scenario: row.fields[0], seed: seed, metrics: metrics))
        }
        self.init(rows: rows, columns: columns)
    }
}

extension RegressionRun {
    /// Per-seed metrics from a report: a metrics.csv file, a report folder holding one (a `run`
    /// scenario folder, a `regress` output), or a `run` output folder with one sub-folder per
    /// scenario. Files in report folders are read through their manifest (`StoredReport`); a
    /// metrics.csv outside any report (a baseline) only value by value.
    public static func loadReport(_ path: String) throws -> RegressionRun {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ExperimentError("\(path): no such file or folder")
        }
        let url = URL(fileURLWithPath: path)
        guard isDirectory.boolValue else {
            // A file in a report folder is read through its manifest; a baseline kept on its own
            // (regress --update-baseline) has none, and is checked value by value.
            let folder = url.deletingLastPathComponent()
            guard FileKind(atPath: folder.appendingPathComponent(ReportManifest.fileName).path) != .none else { return try load(baseline: path) }
            return try RegressionRun(table: StoredReport(folder).table(url.lastPathComponent))
        }
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("metrics.csv").path) {
            guard FileKind(atPath: url.appendingPathComponent(ReportManifest.fileName).path) != .none else {
                throw ExperimentError(
                    "\(path): holds metrics.csv but no \(ReportManifest.fileName), so orbitbench cannot tell it wrote it; to compare a baseline kept on its own, give the file (\(url.appendingPathComponent("metrics.csv").path))"
                )
            }
            return try RegressionRun(table: StoredReport(url).table("metrics.csv"))
        }
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
            .map { url.appendingPathComponent($0) }.filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent("metrics.csv").path) }
        guard !folders.isEmpty else { throw ExperimentError("\(path): no metrics.csv in it or in its sub-folders (give a report of orbitbench run)") }
        var rows: [Row] = [], columns: [String] = []
        for folder in folders {
            let part = try RegressionRun(table: StoredReport(folder).table("metrics.csv"))
            rows += part.rows
            for column in part.columns where !columns.contains(column) { columns.append(column) }
        }
        return RegressionRun(rows: rows, columns: columns)
    }
}
