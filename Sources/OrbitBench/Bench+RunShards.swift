import Foundation

extension Bench {
    /// What makes the jobs of a split `run` the same on every machine: each scenario with every
    /// key resolved, and its seeds.
    struct RunDefinition: Codable {
        var scenarios: [String]
        var resolvedScenarios: [String]
        var seeds: [[UInt64]]
    }

    static func runShards(_ scenarios: [Scenario], seeds: [UInt64]?, arguments: [String]) throws -> ShardedJobs<RunJobResult> {
        let definition = RunDefinition(
            scenarios: scenarios.map(\.name), resolvedScenarios: scenarios.map(ScenarioLoader.yaml(for:)),
            seeds: scenarios.map { seeds ?? $0.seeds })
        return ShardedJobs(
            kind: "run", definition: Array(try ReportJSON.encode(definition)), jobCount: runJobs(scenarios, seeds: seeds).count, arguments: arguments)
    }

    /// `orbitbench run --shard K/N`: runs the shard's (scenario, seed) jobs (j mod N = K, in the
    /// order of `run`) into `directory/shard-K-of-N/`, skipping jobs a previous attempt stored.
    /// `arguments` are stored for `orbitbench merge`. Returns how many ran and how many were done.
    @discardableResult
    public static func runShard(
        _ scenarios: [Scenario], seeds: [UInt64]? = nil, shard: JobShard, in directory: URL, arguments: [String] = [],
        progress: (@Sendable (Int) -> Void)? = nil
    ) throws -> (ran: Int, resumed: Int) {
        let jobs = runJobs(scenarios, seeds: seeds)
        return try runShards(scenarios, seeds: seeds, arguments: arguments).run(shard, in: directory, progress: progress) { job in
            try runJob(scenarios[jobs[job].scenario], seed: jobs[job].seed)
        }
    }

    /// `orbitbench run --merge`: the outcomes of the shards in `directory`, exactly those
    /// `run(_:seeds:)` returns on one machine; an error naming the shards to rerun (phrased by
    /// `resubmit(missing, N)`) when some are missing or incomplete.
    public static func mergeRun(
        _ scenarios: [Scenario], seeds: [UInt64]? = nil, in directory: URL, resubmit: ([Int], Int) -> String
    ) throws -> [Outcome] {
        let results = try runShards(scenarios, seeds: seeds, arguments: []).collect(in: directory, resubmit: resubmit)
        let jobs = runJobs(scenarios, seeds: seeds)
        // The definition matched; a result file edited or copied by hand still must fit its job.
        for (job, result) in results.enumerated() {
            let scenario = scenarios[jobs[job].scenario]
            let fits: Bool
            switch (result, scenario.kind) {
            case (.capture(let run), .capture): fits = run.seed == jobs[job].seed
            case (.rephoto(let study), .rephoto): fits = study.seed == jobs[job].seed
            default: fits = false
            }
            guard fits else {
                throw ShardError(
                    "\(directory.path): job \(job)'s stored result is not \(scenario.name) seed \(jobs[job].seed); delete it and rerun its shard")
            }
        }
        return outcomes(scenarios, jobs: jobs, results: results)
    }
}
