import OrbitMath

/// The exact state of the phone at one instant.
public struct TruthState: Sendable, Equatable {
    public var time: Double
    /// World frame (x = true north, y = west, z = up), m.
    public var position: Vector3
    /// m/s, world frame.
    public var velocity: Vector3
    /// m/s², world frame (kinematic, without gravity).
    public var acceleration: Vector3
    /// Body → world.
    public var attitude: Quaternion
    /// Angular velocity in the body frame, rad/s: what an ideal gyroscope reads.
    public var angularVelocity: Vector3
    /// Specific force in the body frame, m/s²: what an ideal accelerometer reads
    /// (Rᵀ·(acceleration + g·ẑ); +g upward at rest).
    public var specificForce: Vector3
    /// Signed progress along the orbit from the start, rad (negative while behind the start).
    public var progress: Double
    /// Azimuth of the camera position around the object centre, rad, continuous (not wrapped).
    public var azimuth: Double

    public init(
        time: Double, position: Vector3, velocity: Vector3, acceleration: Vector3, attitude: Quaternion,
        angularVelocity: Vector3, specificForce: Vector3, progress: Double, azimuth: Double
    ) {
        self.time = time
        self.position = position
        self.velocity = velocity
        self.acceleration = acceleration
        self.attitude = attitude
        self.angularVelocity = angularVelocity
        self.specificForce = specificForce
        self.progress = progress
        self.azimuth = azimuth
    }
}
