import ArgumentParser
import Foundation
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
        do { return try JobShard.resolve(shard, shards: shards) } catch { throw CommandFailure(error.description) }
    }

    /// The process's arguments after the command name, without the ones that differ between a
    /// shard and its merge (--shard, --shards, --out, --resume, --overwrite, --merge): what
    /// `orbitbench merge` runs again with --out and --merge.
    static func mergeArguments(_ arguments: [String] = CommandLine.arguments) -> [String] {
        let valued: Set<String> = ["--shard", "--shards", "--out"], flags: Set<String> = ["--resume", "--overwrite", "--merge"]
        var kept: [String] = []
        var index = 2  // program, command
        while index < arguments.count {
            let argument = arguments[index]
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if valued.contains(argument) {
                index += 2
                continue
            }
            if !(valued.contains(name) && argument.contains("=")) && !flags.contains(argument) { kept.append(argument) }
            index += 1
        }
        return kept
    }

    /// How to run only the `missing` shards of `count` again: a Slurm array, or by hand.
    static func resubmit(_ command: String, missing: [Int], count: Int, extra: String = "") -> String {
        "sbatch --array=\(missing.map(String.init).joined(separator: ",")) deploy/slurm/sweep.sbatch (same settings), or on any machine: "
            + missing.map { "orbitbench \(command) … --shard \($0)/\(count)\(extra)" }.joined(separator: "; ")
    }
}
