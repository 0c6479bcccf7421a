/// What happened to a frame.
public enum FrameOutcome: Sendable, Equatable, Codable {
    /// Filled an empty slot.
    case accepted
    /// Replaced a slot's frame (this one scored better).
    case replaced
    /// No motion data covers the frame's timestamp.
    case noMotion(MotionLookupFailure)
    /// Quality distance above the threshold.
    case overThreshold
    /// The slot holds a better frame.
    case worseThanHolder
    /// Discarded for a reason of the selector's own (a short snake_case word, e.g.
    /// "too_blurred"), written to frames.csv as the reason.
    case rejected(String)

    public var isKept: Bool { self == .accepted || self == .replaced }
}

/// The decision about one frame, with everything it was based on. The harness measures a
/// selector only through these fields, its slots and its recording start, so any
/// `FrameSelector` is measured by the same code.
public struct FrameDecision: Sendable, Equatable, Codable {
    public var outcome: FrameOutcome
    /// The instant the motion was looked up for, in the DeviceMotion clock (the frame's camera
    /// timestamp, possibly moved into the exposure), s.
    public var lookupTime: Double
    /// Where the frame lies on the circle; `nil` when the selector found no motion for it. Its
    /// presence means "the frame was placed on the circle".
    public var placement: FramePlacement?
    /// The selector's quality value (lower is better for the built-in distance; a selector
    /// documents its own). Written to frames.csv and summarised, never compared across selectors.
    public var score: Double?
    /// Index of the frame this one replaced.
    public var replacedFrame: Int?

    public init(
        outcome: FrameOutcome, lookupTime: Double, placement: FramePlacement? = nil, score: Double? = nil, replacedFrame: Int? = nil
    ) {
        self.outcome = outcome
        self.lookupTime = lookupTime
        self.placement = placement
        self.score = score
        self.replacedFrame = replacedFrame
    }
}
