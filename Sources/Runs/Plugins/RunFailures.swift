import Execution
/// Runs of several seeds of which some ended in a plug-in failure: the failures, and the
/// results of every run that did not fail (nothing is lost, nothing broken is measured).
public struct RunFailures<Completed: Sendable>: Error, Sendable, CustomStringConvertible {
    /// In job order.
    public var failures: [PluginFailure]
    /// What the runs that did not fail gave.
    public var completed: Completed
    /// How many runs there were, failed ones included.
    public var runs: Int

    public init(failures: [PluginFailure], completed: Completed, runs: Int) {
        self.failures = failures
        self.completed = completed
        self.runs = runs
    }

    /// "2 of 10 runs failed; the first: selector 'x' broke its contract on …".
    public var description: String {
        guard let first = failures.first else { return "no run failed" }
        let count = failures.count == 1 && runs == 1 ? "the run failed" : "\(failures.count) of \(runs) runs failed; the first"
        return "\(count): \(first)"
    }
}

extension Parallel {
    /// `work(i)` for every i in 0..<count, like `map`, except that a job whose plug-in fails
    /// gives its `PluginFailure` instead of stopping the others; any other error is rethrown
    /// (the first by index).
    public static func mapCollectingFailures<Value: Sendable>(
        _ count: Int, progress: (@Sendable (Int) -> Void)? = nil, _ work: @Sendable (Int) throws -> Value
    ) throws -> [Result<Value, PluginFailure>] {
        try map(count, progress: progress) { index -> Result<Value, PluginFailure> in
            do { return .success(try work(index)) } catch let failure as PluginFailure { return .failure(failure) }
        }
    }
}
