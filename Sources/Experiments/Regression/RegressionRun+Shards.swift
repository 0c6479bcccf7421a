import Foundation
import ReportIO
import Runs
import Scenarios
import Execution

extension RegressionRun {
    /// What makes the jobs of a split `regress` the same on every machine: each entry's name,
    /// its scenario with every key resolved, and its seeds.
    struct ShardDefinition: Codable {
        var entries: [String]
        var resolvedScenarios: [String]
        var seeds: [[UInt64]]
    }

    static func shards(_ suite: RegressionSuite, scenarios: [Scenario], arguments: [String]) throws -> ShardedJobs<RunMetrics> {
        let definition = ShardDefinition(
            entries: suite.entries.map(\.name), resolvedScenarios: scenarios.map(ScenarioLoader.yaml(for:)), seeds: suite.entries.map(\.seeds))
        return ShardedJobs(kind: "regress", definition: Array(try ReportJSON.encode(definition)), jobCount: jobs(suite).count, arguments: arguments)
    }

    /// `regress --shard K/N`: runs the shard's (entry, seed) jobs into
    /// `directory/shard-K-of-N/`, skipping jobs a previous attempt stored. `arguments` are
    /// stored for `orbitbench merge`.
    @discardableResult
    public static func runShard(
        _ suite: RegressionSuite, scenarios: [Scenario], shard: JobShard, in directory: URL, arguments: [String] = [],
        progress: (@Sendable (Int) -> Void)? = nil
    ) throws -> (ran: Int, resumed: Int) {
        let jobs = self.jobs(suite)
        return try shards(suite, scenarios: scenarios, arguments: arguments).run(shard, in: directory, progress: progress) { job in
            try RunMetrics.evaluate(scenarios[jobs[job].entry], seed: jobs[job].seed)
        }
    }

    /// `regress --merge`: the run the shards in `directory` make up, exactly what `run` returns
    /// on one machine; an error naming the shards to rerun when some are missing or incomplete.
    public static func merge(
        _ suite: RegressionSuite, scenarios: [Scenario], in directory: URL, resubmit: ([Int], Int) -> String
    ) throws -> RegressionRun {
        let metrics = try shards(suite, scenarios: scenarios, arguments: []).collect(in: directory, resubmit: resubmit)
        return assemble(suite, jobs: jobs(suite), metrics: metrics)
    }
}
