import OrbitMath

/// The phone's inertial sensors as one unit: gyroscope, accelerometer and magnetometer error
/// models on one sample clock. Streams are named after `prefix` ("<prefix>.gyroscope",
/// "<prefix>.accelerometer", "<prefix>.magnetometer", the clock's), so two phones in one
/// simulation (the rephoto study's users) draw independent noise.
public struct ImuSensors {
    public let settings: ImuSettings
    public private(set) var gyroscope: InertialSensorModel
    public private(set) var accelerometer: InertialSensorModel
    public let magnetometer: MagnetometerModel
    private var clock: ImuSampleClock
    /// The magnetometer samples every this many grid points.
    private let magnetometerEvery: Int
    private var lastTime: Double?

    /// Sensors sampling from t = 0 for `duration` seconds.
    public init(settings: ImuSettings, duration: Double, seed: UInt64, prefix: String = "imu") throws(GSLError) {
        self.settings = settings
        gyroscope = try InertialSensorModel(
            settings: settings.gyroscope, unitScale: Angles.radiansPerDegree, nominalRate: settings.rate, seed: seed, name: "\(prefix).gyroscope")
        accelerometer = try InertialSensorModel(
            settings: settings.accelerometer, unitScale: 1, nominalRate: settings.rate, seed: seed, name: "\(prefix).accelerometer")
        magnetometer = try MagnetometerModel(settings: settings.magnetometer, seed: seed, name: "\(prefix).magnetometer")
        clock = try ImuSampleClock(settings: settings, duration: duration, seed: seed, prefix: prefix)
        magnetometerEvery = max(1, Int((settings.rate / settings.magnetometer.rate).rounded()))
    }

    /// The next sample instant, s, and its index on the nominal grid; `nil` after the last.
    public mutating func nextInstant() -> (time: Double, gridIndex: Int)? {
        clock.next().map { (time: $0.0, gridIndex: $0.1) }
    }

    /// What the sensors report at `time` for the true body rate (rad/s) and specific force
    /// (m/s²); `field` (the true field in the body frame, µT) is asked for only when the
    /// magnetometer samples at this grid point.
    @inline(__always)
    public mutating func read(time: Double, gridIndex: Int, angularVelocity: Vector3, specificForce: Vector3, field: () -> Vector3) -> ImuSample {
        let dt = lastTime.map { time - $0 } ?? 0
        lastTime = time
        let gyro = gyroscope.measure(angularVelocity, dt: dt, specificForce: specificForce)
        let accel = accelerometer.measure(specificForce, dt: dt)
        let mag = settings.magnetometerEnabled && gridIndex % magnetometerEvery == 0 ? magnetometer.measure(field()) : nil
        return ImuSample(time: time, gyroscope: gyro, accelerometer: accel, magnetometer: mag)
    }
}
