import OrbitBench

/// The arguments a shard stores in its shard.json for `orbitbench merge`, and the check merge
/// applies to them before it runs anything.
///
/// A shard.json is a file like any other (on a shared disk, written by another machine, edited
/// by hand), so `merge` takes from it only what defines the job list and what the merged
/// outputs hold — the scenarios, --set, --seeds, --vary, the metric shown — and never an
/// output path or a flag that writes elsewhere or changes a verdict's target: a forged
/// `--junit`, `--markdown` or `--update-baseline --baseline PATH` used to be run, writing
/// outside the merged folder. Anything outside a command's allow-list is a one-line error
/// naming the file and the argument; such options are given to the merge by hand
/// (`orbitbench regress … --out DIR --merge --junit junit.xml`).
enum MergeArguments {
    /// One command's arguments that merge may run again.
    struct Allowed {
        /// Options followed by a value (`--set key=value` or `--set=key=value`).
        var valued: Set<String>
        /// Options without a value.
        var flags: Set<String>
        /// Whether the command takes arguments that are not options (scenarios).
        var positional: Bool
    }

    static let scenarioOptions: Set<String> = ["--set", "--scenario-dir"]

    /// Per command that has a merge: what defines its job list and its merged outputs.
    static let allowed: [String: Allowed] = [
        "sweep": Allowed(
            valued: scenarioOptions.union(["--vary", "--seeds", "--metric", "--require", "--pareto", "--figure-format"]), flags: ["--no-plots"],
            positional: true),
        "run": Allowed(
            valued: scenarioOptions.union(["--seeds", "--render-width", "--figure-format"]),
            flags: ["--no-plots", "--render", "--render-all-frames"], positional: true),
        "regress": Allowed(valued: scenarioOptions.union(["--suite", "--baseline", "--level"]), flags: ["--all"], positional: false),
    ]

    /// Why `arguments` (of `command`, after its name) cannot be run by merge: the first argument
    /// outside the allow-list, a value that looks like an option, a `--`; nil when they can.
    static func problem(command: String, _ arguments: [String]) -> String? {
        guard let allowed = allowed[command] else { return "'\(command)' has no merge" }
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                if allowed.positional { continue }
                return "\(quoted(argument)) is not an argument of orbitbench \(command)"
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            if allowed.flags.contains(name) {
                if parts.count == 2 { return "\(quoted(argument)): \(name) takes no value" }
                continue
            }
            guard allowed.valued.contains(name) else {
                return
                    "\(quoted(name)) is not an argument merge takes from a shard (only what defines the jobs: \(list(allowed))); give it to orbitbench \(command) … --merge yourself"
            }
            if parts.count == 2 { continue }
            guard index < arguments.count, !arguments[index].hasPrefix("-") else { return "\(name) has no value" }
            index += 1
        }
        return nil
    }

    static func list(_ allowed: Allowed) -> String { allowed.valued.union(allowed.flags).sorted().joined(separator: ", ") }

    static func quoted(_ text: String) -> String { TextExcerpt.quoted(text, limit: 60) }

    /// --set and --scenario-dir as the shard was given them.
    static func scenario(_ options: ScenarioOptions) -> [String] {
        options.overrides.flatMap { ["--set", $0] } + (options.scenarioDir.map { ["--scenario-dir", $0] } ?? [])
    }

    /// `--name value` when there is a value.
    static func option(_ name: String, _ value: String?) -> [String] { value.map { [name, $0] } ?? [] }

    static func flag(_ name: String, _ isSet: Bool) -> [String] { isSet ? [name] : [] }
}
