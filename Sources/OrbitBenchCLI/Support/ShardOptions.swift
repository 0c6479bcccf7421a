import ArgumentParser
import OrbitBench

/// `--shard`, `--shards` and `--merge` of the commands that split their jobs across a job array
/// (sweep, run, regress).
struct ShardOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Run only shard K of N (0-based) into <out>/shard-K-of-N/; default inside a job array: SLURM_ARRAY_TASK_ID/COUNT or JOB_COMPLETION_INDEX.",
            valueName: "K/N"))
    var shard: String?

    @Option(help: ArgumentHelp("Shards of a Kubernetes Indexed Job (its completions), with JOB_COMPLETION_INDEX.", valueName: "N"))
    var shards: Int?

    @Flag(help: "Join the finished shards in the output directory into the outputs one machine writes (same arguments as the shards).")
    var merge = false

    func validate() throws {
        if let shard { do { _ = try JobShard(parsing: shard) } catch { throw ValidationError(error.description) } }
        if let shards, !(1...JobShard.maximumCount).contains(shards) { throw ValidationError("--shards must be in 1...\(JobShard.maximumCount)") }
        if merge && shard != nil { throw ValidationError("--merge joins the shards; it takes no --shard") }
    }

    /// The shard this process runs (--shard, else the scheduler's variables); `nil` for the whole
    /// job list, and always `nil` with --merge.
    func resolve() throws -> JobShard? {
        guard !merge else { return nil }
        return try CommandFailure.wrapping { try JobShard.resolve(shard, shards: shards) }
    }

    /// How to run only the `missing` shards of `count` again: a Slurm array, or by hand.
    static func resubmit(_ command: String, missing: [Int], count: Int, extra: String = "") -> String {
        "sbatch --array=\(missing.map(String.init).joined(separator: ",")) deploy/slurm/sweep.sbatch (same settings), or on any machine: "
            + missing.map { "orbitbench \(command) … --shard \($0)/\(count)\(extra)" }.joined(separator: "; ")
    }
}
