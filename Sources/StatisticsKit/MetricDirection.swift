/// Which way a metric should move.
public enum MetricDirection: String, CaseIterable, Sendable {
    /// More is better (coverage).
    case higher
    /// Less is better (errors, blur, drops).
    case lower
    /// Neither: any change beyond the tolerance is a change (frame counts).
    case none
}
