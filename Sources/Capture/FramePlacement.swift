import OrbitMath

/// Where a frame lies on the circle: the motion at its lookup time (`FramePlacer.lookupTime`)
/// and what follows from it.
public struct FramePlacement: Sendable, BitwiseCopyable, Equatable, Codable {
    public var motion: InterpolatedMotion
    public var pose: OrbitPose
    public var slot: Int
    /// Signed offset of the angle from the slot centre, degrees.
    public var angleOffset: Double
    /// |user acceleration|, m/s².
    public var acceleration: Double
    /// Time since the recording started, s (0 for a frame whose lookup instant precedes it).
    public var time: Double
    /// The 0.1 placement's copy of the lookup instant (now `FrameDecision.lookupTime`): set
    /// only by the deprecated `init(lookupTime:…)`, read by `FrameDecision`'s deprecated
    /// `init(_:placement:score:replacedFrame:)`.
    var legacyLookupTime: Double?

    public init(motion: InterpolatedMotion, pose: OrbitPose, slot: Int, angleOffset: Double, acceleration: Double, time: Double) {
        self.motion = motion
        self.pose = pose
        self.slot = slot
        self.angleOffset = angleOffset
        self.acceleration = acceleration
        self.time = time
    }

    /// |rotation rate| of the interpolated motion, °/s.
    public var rotationRate: Double { Angles.degrees(motion.rotationRate.norm) }
}
