/// One row of `orbitbench motion`: where the statistics come from and what they are.
public struct MotionRow: Sendable {
    /// Trial name of a recording, or scenario name.
    public var source: String
    /// The seed of a simulated run; nil for a recording.
    public var seed: UInt64?
    /// BROAD group of a recording (from `trials.json`), the scenario's description otherwise.
    public var group: String
    public var statistics: MotionStatistics

    public init(source: String, seed: UInt64?, group: String, statistics: MotionStatistics) {
        self.source = source
        self.seed = seed
        self.group = group
        self.statistics = statistics
    }
}
