import Runs
import Scenarios
import StatisticsKit
import Execution

/// Any number of arms compared on the same blocks — a block is one (scenario, seed), and every
/// arm sees the same simulated world in it (common random numbers) — metric by metric:
/// Friedman over blocks, pairwise Wilcoxon with Holm (`ArmComparison`).
///
/// `compare --arm`, `--a/--b` (the arms A and B), `--reports A B …` and `--sweep DIR` all end
/// here: two arms are the two-arm case, not a procedure of their own.
public struct ArmsComparison: Sendable {
    /// One (scenario, seed).
    public struct Block: Hashable, Sendable, Comparable {
        public var scenario: String
        public var seed: UInt64

        public init(scenario: String, seed: UInt64) {
            self.scenario = scenario
            self.seed = seed
        }

        public static func < (a: Block, b: Block) -> Bool { (a.scenario, a.seed) < (b.scenario, b.seed) }
    }

    public var arms: [String]
    /// In the order of the first arm's rows.
    public var blocks: [Block]
    /// Every metric all arms have, in the first arm's column order.
    public var metrics: [ArmComparison]
    /// `values[metric][block][arm]`, as compared (the per-block table anyone can recompute from).
    public var values: [String: [[Double?]]]
    public var level: Double
    /// What a reader of the comparison must know about its inputs ("cells 3 and 4 of 6 were
    /// left out: unfinished"), shown beside the verdict.
    public var notes: [String] = []
    /// The arm to pick under an objective and constraints (`compare --objective/--require`),
    /// stated in the verdict when set.
    public var recommendation: ArmsRecommendation?

    /// Pairs the arms' rows by (scenario, seed). Throws when two arms have different blocks
    /// (the pairing would be meaningless) or an arm has a block twice.
    public init(arms: [(name: String, run: RegressionRun)], level: Double = 0.95) throws(ExperimentError) {
        guard arms.count >= 2 else { throw ExperimentError("a comparison needs at least two arms, got \(arms.count)") }
        var seen: Set<String> = []
        for arm in arms where !seen.insert(arm.name).inserted {
            throw ExperimentError("two arms are named \(arm.name); give each arm its own name")
        }
        var tables: [[Block: RegressionRun.Row]] = []
        for arm in arms {
            var table: [Block: RegressionRun.Row] = [:]
            for row in arm.run.rows {
                let block = Block(scenario: row.scenario, seed: row.seed)
                guard table.updateValue(row, forKey: block) == nil else {
                    throw ExperimentError("arm \(arm.name) has \(row.scenario) seed \(row.seed) twice")
                }
            }
            tables.append(table)
        }
        let blocks = arms[0].run.rows.map { Block(scenario: $0.scenario, seed: $0.seed) }
        for (arm, table) in zip(arms, tables).dropFirst() where Set(table.keys) != Set(blocks) {
            let missing = blocks.filter { table[$0] == nil }.prefix(3).map { "\($0.scenario) seed \($0.seed)" }
            let extra = table.keys.filter { !blocks.contains($0) }.sorted().prefix(3).map { "\($0.scenario) seed \($0.seed)" }
            throw ExperimentError(
                "arm \(arm.name) ran other blocks than arm \(arms[0].name)"
                    + (missing.isEmpty ? "" : " (missing \(missing.joined(separator: ", ")))")
                    + (extra.isEmpty ? "" : " (extra \(extra.joined(separator: ", ")))") + "; every arm needs the same scenarios and seeds")
        }
        for arm in arms.dropFirst() where Set(arm.run.columns) != Set(arms[0].run.columns) {
            let missing = arms[0].run.columns.filter { !arm.run.columns.contains($0) }
            let extra = arm.run.columns.filter { !arms[0].run.columns.contains($0) }
            let (which, columns) = missing.isEmpty ? (arm.name, extra) : (arms[0].name, missing)
            let other = missing.isEmpty ? arms[0].name : arm.name
            throw ExperimentError(
                "arm \(other) has no column \(columns.prefix(3).joined(separator: ", "))\(columns.count > 3 ? " …" : "") that arm \(which) has; every arm needs the same metrics (a report cut short, or of another kind of run)"
            )
        }
        let columns = arms[0].run.columns
        var values: [String: [[Double?]]] = [:]
        var metrics: [ArmComparison] = []
        for metric in columns {
            let table = blocks.map { block in tables.map { $0[block]?.metrics[metric] } }
            guard table.contains(where: { row in row.contains { $0 != nil } }) else { continue }
            values[metric] = table
            metrics.append(
                ArmComparison(metric: metric, arms: arms.map(\.name), values: table, direction: RunMetrics.direction(of: metric), level: level))
        }
        self.arms = arms.map(\.name)
        self.blocks = blocks
        self.metrics = metrics
        self.values = values
        self.level = level
    }

    /// Runs every arm (its scenarios, one per compared scenario, in the same order) on `seeds`
    /// (each scenario's own seeds when nil) on all cores, and compares them. Every arm's
    /// scenario of one position must be of one kind and carry the same name (the block's).
    public static func run(
        arms: [(name: String, scenarios: [Scenario])], seeds: [UInt64]?, level: Double = 0.95, progress: (@Sendable (Int) -> Void)? = nil
    ) throws -> ArmsComparison {
        guard let first = arms.first else { throw ExperimentError("a comparison needs at least two arms, got 0") }
        for arm in arms.dropFirst() {
            for (a, b) in zip(first.scenarios, arm.scenarios) where a.kind != b.kind || a.name != b.name {
                throw ExperimentError("arm \(arm.name) runs \(b.name) (\(b.kind.rawValue)) where \(first.name) runs \(a.name) (\(a.kind.rawValue))")
            }
        }
        struct Job: Sendable {
            var arm: Int, scenario: Int, seed: UInt64
        }
        let jobs = arms.indices.flatMap { arm in
            arms[arm].scenarios.indices.flatMap { index in
                (seeds ?? arms[arm].scenarios[index].seeds).map { Job(arm: arm, scenario: index, seed: $0) }
            }
        }
        let results = try Parallel.map(jobs.count, progress: progress) { index in
            let job = jobs[index]
            return try RunMetrics.evaluate(arms[job.arm].scenarios[job.scenario], seed: job.seed)
        }
        let runs = try arms.indices.map { arm in
            var columns: [String] = []
            for scenario in arms[arm].scenarios {
                for column in RunMetrics.columns(for: scenario) where !columns.contains(column) { columns.append(column) }
            }
            let rows = zip(jobs, results).filter { $0.0.arm == arm }.map { job, result in
                RegressionRun.Row(
                    scenario: arms[arm].scenarios[job.scenario].name, seed: job.seed,
                    metrics: Dictionary(uniqueKeysWithValues: zip(result.names, result.values).compactMap { name, value in value.map { (name, $0) } })
                )
            }
            // Compared as written (4 decimals), like every file-based comparison.
            return (name: arms[arm].name, run: try RegressionRun(rows: rows, columns: columns).asWritten())
        }
        return try ArmsComparison(arms: runs, level: level)
    }

    /// The comparison of `metric`, if every arm has it.
    public func metric(_ name: String) -> ArmComparison? { metrics.first { $0.metric == name } }
}
