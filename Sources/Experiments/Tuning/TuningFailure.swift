import Runs
import Scenarios

/// A tuning search stopped by a plug-in failure: which candidate, the failure, and every
/// evaluation made before it (what `tune` writes to tuning.csv beside failures.csv).
public struct TuningFailure: Error, Sendable, CustomStringConvertible {
    public var failure: PluginFailure
    /// The tuned keys' values of the candidate that failed.
    public var candidate: [Double]
    public var problem: TuningProblem
    /// The evaluations before the failure, in order.
    public var history: [TuningRecord]

    public init(failure: PluginFailure, candidate: [Double], problem: TuningProblem, history: [TuningRecord]) {
        self.failure = failure
        self.candidate = candidate
        self.problem = problem
        self.history = history
    }

    /// "tuning stopped at evaluation 12 (selection.threshold=7.25): selector 'x' failed on …".
    public var description: String {
        let values = zip(problem.parameters, candidate).map { "\($0.key)=\(ConfigNumber.format($1))" }.joined(separator: ", ")
        return "tuning stopped at evaluation \(history.count + 1) (\(values)): \(failure)"
    }
}
