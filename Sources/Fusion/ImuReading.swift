import OrbitMath

/// One raw sensor sample as a filter receives it.
public struct ImuReading: Sendable, Equatable {
    /// Sample instant, s. Filters derive each step's dt from consecutive timestamps.
    public var time: Double
    /// Angular rate, rad/s, body frame.
    public var gyroscope: Vector3
    /// Specific force, m/s², body frame (+g upward at rest).
    public var accelerometer: Vector3
    /// Magnetic field, µT, body frame (calibrated); `nil` when there is no new sample or the
    /// filter should run without magnetometer (6D).
    public var magnetometer: Vector3?

    @inlinable
    public init(time: Double, gyroscope: Vector3, accelerometer: Vector3, magnetometer: Vector3?) {
        self.time = time
        self.gyroscope = gyroscope
        self.accelerometer = accelerometer
        self.magnetometer = magnetometer
    }
}
