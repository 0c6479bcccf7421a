import OrbitMath

/// The motion at a frame's timestamp, interpolated between the two samples around it.
public struct InterpolatedMotion: Sendable, BitwiseCopyable, Equatable, Codable {
    public var attitude: Quaternion
    public var rotationRate: Vector3
    public var userAcceleration: Vector3
    /// The samples used and the interpolation fraction (0 = `earlier`, 1 = `later`).
    public var earlier: Int
    public var later: Int
    public var fraction: Double

    public init(attitude: Quaternion, rotationRate: Vector3, userAcceleration: Vector3, earlier: Int, later: Int, fraction: Double) {
        self.attitude = attitude
        self.rotationRate = rotationRate
        self.userAcceleration = userAcceleration
        self.earlier = earlier
        self.later = later
        self.fraction = fraction
    }
}
