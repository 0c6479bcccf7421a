import Capture

/// The all-frame part of `CaptureMetrics`, accumulated one frame at a time so a run can
/// measure its frames as it writes them instead of keeping every `FrameRecord`.
///
/// Means are running sums in frame order, so they equal `Statistics.mean` of the same values
/// bit for bit.
public struct FrameTally: Sendable, Equatable {
    public private(set) var frames = 0
    public private(set) var dropped = 0
    public private(set) var scored = 0
    public private(set) var accepted = 0
    public private(set) var replaced = 0
    public private(set) var overThreshold = 0
    public private(set) var worseThanHolder = 0
    public private(set) var noMotion = 0
    public private(set) var rejected = 0
    /// Centre blur over every frame that has one, px.
    public private(set) var blur = RunningMean()
    /// Object-mean blur over every frame that has one, px.
    public private(set) var objectBlurMean = RunningMean()
    /// |lookup − true mid-exposure| over the placed frames, s.
    public private(set) var syncError = RunningMean()

    public init() {}

    /// Counts one frame.
    public mutating func add(_ frame: FrameRecord) {
        frames += 1
        if frame.dropped { dropped += 1 }
        if frame.decision?.score != nil { scored += 1 }
        switch frame.decision?.outcome {
        case .accepted: accepted += 1
        case .replaced: replaced += 1
        case .overThreshold: overThreshold += 1
        case .worseThanHolder: worseThanHolder += 1
        case .noMotion: noMotion += 1
        case .rejected: rejected += 1
        case nil: break
        }
        if let value = frame.blur { blur.add(value) }
        if let value = frame.objectBlurMean { objectBlurMean.add(value) }
        if let value = frame.syncError { syncError.add(value) }
    }

    /// A sum and a count; `value` is NaN with nothing added, like `Statistics.mean([])`.
    public struct RunningMean: Sendable, Equatable {
        public private(set) var sum = 0.0
        public private(set) var count = 0

        public init() {}

        public mutating func add(_ value: Double) {
            sum += value
            count += 1
        }

        public var value: Double { count == 0 ? .nan : sum / Double(count) }
    }
}
