/// Weights of the 4D quality distance (the seed's "geometrical distance in 4D").
public struct SelectionWeights: Sendable, Equatable {
    /// Per degree² of roll deviation.
    public var roll: Double = 1
    /// Per degree² of pitch deviation.
    public var pitch: Double = 1
    /// Per (m/s²)² of user acceleration.
    public var acceleration: Double = 1
    /// Per degree² of angle offset from the slot centre.
    public var angleOffset: Double = 1
    /// Per (°/s)² of measured rotation rate — a fifth term beyond the seed: blur comes from
    /// rotation (rate × exposure × focal length), which the acceleration term does not see.
    /// 0 (the seed's 4D distance) by default.
    public var rotationRate: Double = 0

    /// The seed's weights: roll, pitch, acceleration and angle offset 1, rotation rate 0.
    public init() {}

    public init(roll: Double, pitch: Double, acceleration: Double, angleOffset: Double, rotationRate: Double = 0) {
        self.roll = roll
        self.pitch = pitch
        self.acceleration = acceleration
        self.angleOffset = angleOffset
        self.rotationRate = rotationRate
    }
}

/// The quality distance of a frame: d = √(w_r·roll² + w_p·pitch² + w_a·a² + w_o·offset² + w_ω·ω²),
/// angles in degrees, acceleration in m/s², rotation rate ω in °/s. Lower is better. With
/// w_ω = 0 (the default) it is the seed's 4D distance.
///
/// The seed says frames are "discarded if the value is lower than a threshold", which
/// contradicts a distance where lower is better. Here a frame is discarded when its distance
/// is *greater* than the threshold: too far from the ideal pose to be worth keeping.
public struct FrameScore: Sendable, Equatable {
    public var distance: Double

    @inline(__always)
    public init(pose: OrbitPose, acceleration: Double, angleOffset: Double, rotationRate: Double = 0, weights: SelectionWeights) {
        distance =
            (weights.roll * pose.rollDeviation * pose.rollDeviation
            + weights.pitch * pose.pitchDeviation * pose.pitchDeviation
            + weights.acceleration * acceleration * acceleration
            + weights.angleOffset * angleOffset * angleOffset
            + weights.rotationRate * rotationRate * rotationRate).squareRoot()
    }
}
