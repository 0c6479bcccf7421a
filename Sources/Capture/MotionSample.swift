import OrbitMath

/// A DeviceMotion sample as the capture code keeps it.
public struct MotionSample: Sendable, Equatable {
    /// Increasing number given on insertion (lets a caller map samples back to their source).
    public var sequence: Int
    /// s, the DeviceMotion timestamp.
    public var timestamp: Double
    public var attitude: Quaternion
    /// Unbiased rotation rate, rad/s, body frame.
    public var rotationRate: Vector3
    /// User acceleration, m/s², body frame.
    public var userAcceleration: Vector3

    public init(sequence: Int, timestamp: Double, attitude: Quaternion, rotationRate: Vector3, userAcceleration: Vector3) {
        self.sequence = sequence
        self.timestamp = timestamp
        self.attitude = attitude
        self.rotationRate = rotationRate
        self.userAcceleration = userAcceleration
    }
}
