import ArgumentParser
import OrbitBench

/// `--require METRIC>=BOUND` of sweep, compare and tune: bounds on a mean, checked in
/// `validate()`. Each command's description says whose mean (a cell's, an arm's, a scenario's).
struct RequirementOptions: ParsableArguments {
    @Option(
        name: .customLong("require"),
        help: ArgumentHelp(
            "A bound on a mean, METRIC>=BOUND or METRIC<=BOUND (metrics: orbitbench metrics), e.g. --require 'coverage>=0.9' (quoted, or the shell reads > as a redirection); repeatable. Whose mean and what it decides: see the description above.",
            valueName: "condition"))
    var texts: [String] = []

    func validate() throws {
        for text in texts {
            do { _ = try SweepConstraint(parsing: text) } catch { throw ValidationError(error.description) }
        }
    }

    /// The bounds, parsed.
    func constraints() throws -> [SweepConstraint] { try texts.map(SweepConstraint.init(parsing:)) }
}
