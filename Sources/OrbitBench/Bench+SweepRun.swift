import Foundation

extension Bench {
    /// A sweep's runs, done: its plan, its sweep.csv and what happened to it.
    public struct Sweep: Sendable {
        public var plan: SweepPlan
        public var csv: URL
        /// Runs found done in an earlier, interrupted sweep (`.resume`), and run now.
        public var resumed: Int
        public var ran: Int
        /// Runs whose plug-in failed: rows with no metrics.
        public var failures: [SweepFailure]
    }

    /// `orbitbench sweep`: every combination of `vary`'s values (a cell) of `scenario` with
    /// every seed, on all cores, into `directory`/sweep.csv (one row per run, appended as runs
    /// finish, with its SHA-256 beside it; `.resume` continues an interrupted sweep).
    /// `writeSweepOutputs` then draws and ranks it.
    ///
    ///     let source = ScenarioSource(reference: "orbit-72", searchDirectories: Bench.scenarioDirectories)
    ///     let sweep = try Bench.sweep(source, vary: ["selection.threshold=2:10:2"], seeds: [1, 2, 3], in: URL(fileURLWithPath: "reports/sweeps/t"))
    ///     print(try Bench.writeSweepOutputs(sweep.plan, csv: sweep.csv, in: sweep.csv.deletingLastPathComponent(), metric: "coverage",
    ///                                       constraints: [], pareto: nil, plots: true, origin: ReportOrigin(command: "sweep")))
    ///
    /// - Throws: `ExperimentError` for a bad `--vary` or grid; `SweepFailures` when a plug-in failed
    ///   in some runs — sweep.csv is complete (the failed runs' rows carry the failure), the
    ///   error holds the sweep with its failures.
    public static func sweep(
        _ scenario: ScenarioSource, vary: [String], seeds: [UInt64]? = nil, in directory: URL, mode: SweepRunner.Mode = .fresh,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) throws -> Sweep {
        let plan = try SweepPlan(source: scenario, axes: try vary.map { text throws(ExperimentError) in try SweepAxis(parsing: text) }, seeds: seeds)
        return try sweep(plan, in: directory, mode: mode, progress: progress)
    }

    /// `sweep` of a plan made already (`SweepPlan` resolves and checks every cell first). With
    /// `shard`, only that shard's runs, into `directory/shard-K-of-N/`, with `arguments` (what
    /// defines the jobs, for `orbitbench merge`) in its shard.json.
    public static func sweep(
        _ plan: SweepPlan, in directory: URL, mode: SweepRunner.Mode = .fresh, shard: JobShard? = nil, arguments: [String] = [],
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) throws -> Sweep {
        let outcome = try SweepRunner.run(plan, in: directory, mode: mode, shard: shard, arguments: arguments, progress: progress)
        return try checked(Sweep(plan: plan, csv: outcome.csv, resumed: outcome.resumed, ran: outcome.ran, failures: []))
    }

    /// `sweep` with `--merge`: the shards' rows in `directory`, joined into one sweep.csv.
    public static func mergeSweep(_ plan: SweepPlan, in directory: URL, resubmit: ([Int], Int) -> String) throws -> Sweep {
        let merged = try SweepMerge.merge(plan, in: directory, resubmit: resubmit)
        return try checked(Sweep(plan: plan, csv: merged.csv, resumed: merged.rows, ran: 0, failures: []))
    }

    /// A sweep some of whose runs ended in a plug-in failure: sweep.csv is complete, the
    /// failed runs' rows have no metrics and say why.
    public struct SweepFailures: Error, Sendable, CustomStringConvertible {
        public var sweep: Sweep

        /// "2 of 30 runs failed; the first: cell 1, seed 2: selector 'x' broke its contract …".
        public var description: String {
            "\(sweep.failures.count) of \(sweep.plan.jobs.count) runs failed; the first: \(sweep.failures.first.map(String.init(describing:)) ?? "none")"
        }
    }

    /// `sweep` with its failed rows read back; thrown in `SweepFailures` when there are any.
    static func checked(_ sweep: Sweep) throws -> Sweep {
        var sweep = sweep
        sweep.failures = try SweepFailure.read(sweep.csv)
        guard sweep.failures.isEmpty else { throw SweepFailures(sweep: sweep) }
        return sweep
    }
}
