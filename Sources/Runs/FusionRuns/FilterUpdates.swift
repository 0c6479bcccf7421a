import Fusion

extension FilterRunResult {
    /// Why this run measured nothing, as a phrase naming the filter; nil when the filter
    /// advanced at least once. A recording none of whose samples updated a filter (every one
    /// out of range, or each sample a restart after a gap over the filter's longest step) has
    /// no errors to report: its RMSE would be an empty mean shown as a result.
    public func noUpdateProblem(samples: Int) -> String? {
        guard diagnostics.updates == 0 else { return nil }
        let skipped = [
            (diagnostics.rejectedNonFinite, "not finite or beyond the sensor limits"),
            (diagnostics.rejectedTimestamps, "with a time that did not advance"),
            (diagnostics.reinitializations, "a restart after a gap over half a second"),
        ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return "\(label) made no filter update from its \(samples) samples"
            + (skipped.isEmpty ? "" : " (\(skipped.joined(separator: ", ")))") + ": nothing to measure"
    }
}
