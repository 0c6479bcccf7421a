import ArgumentParser
import Foundation
import OrbitBench

struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the shards of a split sweep, run or regress into the outputs one machine writes.",
        discussion: """
            Reads the shard folders (shard-K-of-N/) in DIR, finds the command and arguments the \
            shards ran (their shard.json) and runs that command with --out DIR --merge: it checks \
            that every shard belongs to the same definition and that no job is missing or \
            duplicated, and writes sweep.csv, the run reports or regress's metrics.csv and \
            diff.csv byte for byte as a single machine does. Missing or unfinished shards are \
            listed with the command that runs only them again (sbatch --array=3,7 …). Run it in \
            the working directory the shards ran in, since their arguments may name relative paths. \
            Only arguments that define the jobs are taken from shard.json (scenarios, --set, \
            --seeds, --vary, …), never output paths: give --junit, --markdown or \
            --update-baseline to `orbitbench regress … --out DIR --merge` yourself.

            Examples:
              orbitbench merge /shared/sweeps/threshold
              orbitbench merge reports          # after run … --out reports --shard K/N
              orbitbench merge reports/regress  # exits 1 when the merged run regresses
            """)

    @Argument(help: ArgumentHelp("The folder holding the shard-K-of-N/ folders (the shards' --out).", valueName: "dir"))
    var directory: String

    @OptionGroup var workOptions: WorkOptions

    /// --jobs and --quiet go to the command the shards ran (they take both); they change how it
    /// runs, not what it writes.
    func run() throws {
        let arguments = try CommandFailure.wrapping {
            try ShardManifest.mergeCommand(in: URL(fileURLWithPath: directory), checking: MergeArguments.problem)
        }
        print("orbitbench \(TextExcerpt.escaped(arguments.joined(separator: " ")))")
        var command = try OrbitBenchCommand.parseAsRoot(arguments + workOptions.arguments)
        try command.run()
    }
}
