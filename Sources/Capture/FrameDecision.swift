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

// The 0.1 shape of a decision, kept for one minor version (CHANGELOG.md): the placement's
// fields were the decision's own.
extension FrameDecision {
    /// A decision with the 0.1 fields. A frame is placed when `pose`, `slot`, `motion`,
    /// `angleOffset` and `acceleration` are all given; its placement's `time` is then 0 (the
    /// 0.1 decision had none: set `placement?.time` to the time since the recording started).
    @available(*, deprecated, message: "use init(outcome:lookupTime:placement:score:replacedFrame:) with a FramePlacement")
    public init(
        outcome: FrameOutcome, lookupTime: Double, motion: InterpolatedMotion? = nil, pose: OrbitPose?, slot: Int? = nil,
        angleOffset: Double? = nil, acceleration: Double? = nil, score: Double? = nil, replacedFrame: Int? = nil
    ) {
        var placement: FramePlacement?
        if let motion, let pose, let slot, let angleOffset, let acceleration {
            placement = FramePlacement(motion: motion, pose: pose, slot: slot, angleOffset: angleOffset, acceleration: acceleration, time: 0)
        }
        self.init(outcome: outcome, lookupTime: lookupTime, placement: placement, score: score, replacedFrame: replacedFrame)
    }

    @available(*, deprecated, renamed: "placement.motion")
    public var motion: InterpolatedMotion? { placement?.motion }
    @available(*, deprecated, renamed: "placement.pose")
    public var pose: OrbitPose? { placement?.pose }
    @available(*, deprecated, renamed: "placement.slot")
    public var slot: Int? { placement?.slot }
    @available(*, deprecated, renamed: "placement.angleOffset")
    public var angleOffset: Double? { placement?.angleOffset }
    @available(*, deprecated, renamed: "placement.acceleration")
    public var acceleration: Double? { placement?.acceleration }
}

extension FrameDecision {
    /// The 0.1 initialiser from a placement that carried the lookup instant (made with
    /// `FramePlacement(lookupTime:…)`); a placement without one gives a NaN lookup time, which
    /// the harness's contract check refuses with an error naming the frame.
    @available(*, deprecated, message: "use init(outcome:lookupTime:placement:score:replacedFrame:)")
    public init(_ outcome: FrameOutcome, placement: FramePlacement, score: Double?, replacedFrame: Int? = nil) {
        self.init(outcome: outcome, lookupTime: placement.legacyLookupTime ?? .nan, placement: placement, score: score, replacedFrame: replacedFrame)
    }
}

extension FramePlacement {
    /// The 0.1 initialiser: the lookup instant belongs to the decision since 0.2.
    @available(*, deprecated, message: "use init(motion:pose:slot:angleOffset:acceleration:time:) and FrameDecision's lookupTime")
    public init(lookupTime: Double, motion: InterpolatedMotion, pose: OrbitPose, slot: Int, angleOffset: Double, acceleration: Double, time: Double) {
        self.init(motion: motion, pose: pose, slot: slot, angleOffset: angleOffset, acceleration: acceleration, time: time)
        legacyLookupTime = lookupTime
    }

    /// The lookup instant of a placement made with `init(lookupTime:…)`; NaN for any other (read
    /// `FrameDecision.lookupTime`).
    @available(*, deprecated, message: "read FrameDecision.lookupTime")
    public var lookupTime: Double { legacyLookupTime ?? .nan }
}
