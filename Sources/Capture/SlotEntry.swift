/// The frame a slot holds.
public struct SlotEntry: Sendable, Equatable, Codable {
    public var frameIndex: Int
    public var image: String
    /// Time since the recording started, s.
    public var time: Double
    public var pose: OrbitPose
    /// |user acceleration|, m/s².
    public var acceleration: Double
    /// The selector's quality value for this frame (see `FrameDecision.score`).
    public var score: Double

    public init(frameIndex: Int, image: String, time: Double, pose: OrbitPose, acceleration: Double, score: Double) {
        self.frameIndex = frameIndex
        self.image = image
        self.time = time
        self.pose = pose
        self.acceleration = acceleration
        self.score = score
    }
}
