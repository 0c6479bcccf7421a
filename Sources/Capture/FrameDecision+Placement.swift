extension FrameDecision {
    /// A decision about a placed frame: every field filled from the placement.
    public init(_ outcome: FrameOutcome, placement: FramePlacement, score: Double?, replacedFrame: Int? = nil) {
        self.init(
            outcome: outcome, lookupTime: placement.lookupTime, motion: placement.motion, pose: placement.pose, slot: placement.slot,
            angleOffset: placement.angleOffset, acceleration: placement.acceleration, score: score, replacedFrame: replacedFrame)
    }
}
