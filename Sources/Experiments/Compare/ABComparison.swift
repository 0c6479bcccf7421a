import Foundation
import Runs
import Scenarios
import StatisticsKit
import Execution

/// A against B on the same scenarios and seeds, metric by metric, with paired statistics.
public struct ABComparison: Sendable {
    /// What the paired test says about B − A (no significant difference: the paired t
    /// interval includes zero).
    public typealias Verdict = ComparisonVerdict

    public struct Line: Sendable {
        public var scenario: String
        public var metric: String
        public var paired: PairedComparison
        public var verdict: Verdict
        /// The seed of each of `paired.differences`.
        public var seeds: [UInt64]
    }

    public var lines: [Line]
    public var level: Double

    /// Compares every metric both sides have, per scenario (metrics in `Metric.readingOrder`),
    /// pairing rows by seed. Throws when
    /// the two sides ran different seeds for a scenario (the pairing would be meaningless).
    public init(a: RegressionRun, b: RegressionRun, level: Double = 0.95) throws {
        var lines: [Line] = []
        let scenarios = a.rows.map(\.scenario).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        for scenario in scenarios {
            let left = a.rows.filter { $0.scenario == scenario }, right = b.rows.filter { $0.scenario == scenario }
            guard !right.isEmpty else { throw RegressionError("B has no rows for \(scenario)") }
            guard Set(left.map(\.seed)) == Set(right.map(\.seed)), left.count == right.count else {
                throw RegressionError(
                    "\(scenario): A ran seeds \(left.map { String($0.seed) }.joined(separator: ",")), B \(right.map { String($0.seed) }.joined(separator: ",")); a paired comparison needs the same seeds"
                )
            }
            let rightBySeed = Dictionary(uniqueKeysWithValues: right.map { ($0.seed, $0) })
            for metric in Metric.inReadingOrder(a.columns) where b.columns.contains(metric) {
                let values = left.map { ($0.metrics[metric], rightBySeed[$0.seed]!.metrics[metric]) }
                guard values.contains(where: { $0.0 != nil && $0.1 != nil }) else { continue }
                let paired = PairedComparison(a: values.map(\.0), b: values.map(\.1), level: level)
                let seeds = zip(left, values).filter { _, pair in
                    pair.0.map(\.isFinite) == true && pair.1.map(\.isFinite) == true
                }.map(\.0.seed)
                lines.append(
                    Line(scenario: scenario, metric: metric, paired: paired, verdict: Self.verdict(paired, metric: metric), seeds: seeds))
            }
        }
        self.lines = lines
        self.level = level
    }

    static func verdict(_ paired: PairedComparison, metric: String) -> Verdict {
        if paired.differences.allSatisfy({ abs($0) <= 1e-12 }) { return .identical }
        guard paired.isSignificant else { return .noSignificantDifference }
        switch RunMetrics.direction(of: metric) {
        case .higher: return paired.meanDifference > 0 ? .better : .worse
        case .lower: return paired.meanDifference < 0 ? .better : .worse
        case .none: return .changed
        }
    }

    /// Runs `a` and `b` (each a scenario with its overrides) on `seeds` on all cores and
    /// compares them; both sides appear under the scenario's name.
    public static func run(
        a: Scenario, b: Scenario, seeds: [UInt64], level: Double = 0.95, progress: (@Sendable (Int) -> Void)? = nil
    ) throws -> (a: RegressionRun, b: RegressionRun, comparison: ABComparison) {
        guard a.kind == b.kind else { throw RegressionError("A is a \(a.kind.rawValue) scenario, B a \(b.kind.rawValue) one") }
        let sides = [a, b]
        let jobs = sides.indices.flatMap { side in seeds.map { (side, $0) } }
        let metrics = try Parallel.map(jobs.count, progress: progress) { job in try RunMetrics.evaluate(sides[jobs[job].0], seed: jobs[job].1) }
        let columns = RunMetrics.columns(for: a)
        func table(_ side: Int) -> RegressionRun {
            let rows = zip(jobs, metrics).filter { $0.0.0 == side }.map { job, result in
                RegressionRun.Row(
                    scenario: a.name, seed: job.1,
                    metrics: Dictionary(uniqueKeysWithValues: zip(result.names, result.values).compactMap { name, value in value.map { (name, $0) } })
                )
            }
            return RegressionRun(rows: rows, columns: columns)
        }
        // Compared as written (4 decimals), like every file-based comparison.
        let left = try table(0).asWritten(), right = try table(1).asWritten()
        return (left, right, try ABComparison(a: left, b: right, level: level))
    }
}

extension RegressionRun {
    /// Per-seed metrics from a report: a metrics.csv file, a folder holding one (a `run`
    /// scenario folder, a `regress` output, a baseline folder), or a `run` output folder with
    /// one sub-folder per scenario.
    public static func loadReport(_ path: String) throws -> RegressionRun {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw RegressionError("\(path): no such file or folder")
        }
        guard isDirectory.boolValue else { return try load(baseline: path) }
        let own = (path as NSString).appendingPathComponent("metrics.csv")
        if FileManager.default.fileExists(atPath: own) { return try load(baseline: own) }
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
            .map { (path as NSString).appendingPathComponent($0) + "/metrics.csv" }.filter { FileManager.default.fileExists(atPath: $0) }
        guard !folders.isEmpty else { throw RegressionError("\(path): no metrics.csv in it or in its sub-folders (give a report of orbitbench run)") }
        var rows: [Row] = [], columns: [String] = []
        for file in folders {
            let part = try load(baseline: file)
            rows += part.rows
            for column in part.columns where !columns.contains(column) { columns.append(column) }
        }
        return RegressionRun(rows: rows, columns: columns)
    }
}
