import OrbitMath

/// One IMU reading as the phone's sensor API would deliver it.
public struct ImuSample: Sendable, Equatable {
    /// Sample instant, s.
    public var time: Double
    /// rad/s, body frame.
    public var gyroscope: Vector3
    /// Specific force, m/s², body frame (+g upward at rest, like CoreMotion's raw
    /// accelerometer up to its unit of g).
    public var accelerometer: Vector3
    /// µT, body frame; `nil` when the magnetometer has no new sample at this instant.
    public var magnetometer: Vector3?
}

/// The truth behind one IMU sample that evaluation needs at every sample. Everything else
/// (position, velocity, rates, the field) is exact at any time from `Trajectory.state(at:)`
/// and `MagneticEnvironment.field(at:attitude:)`.
public struct ImuTruth: Sendable, Equatable {
    /// Body → world attitude at the sample instant.
    public var attitude: Quaternion
    /// Gyroscope bias at this instant (everything but white noise and scale), rad/s.
    public var gyroscopeBias: Vector3
    /// Accelerometer bias at this instant, m/s².
    public var accelerometerBias: Vector3
    /// Whether a magnetic disturbance is active.
    public var magneticDisturbance: Bool

    @usableFromInline
    init(attitude: Quaternion, gyroscopeBias: Vector3, accelerometerBias: Vector3, magneticDisturbance: Bool) {
        self.attitude = attitude
        self.gyroscopeBias = gyroscopeBias
        self.accelerometerBias = accelerometerBias
        self.magneticDisturbance = magneticDisturbance
    }
}

/// Samples a trajectory with the IMU error models.
public enum ImuSimulator {
    /// IMU samples from t = 0 to the end of `trajectory`: nominal grid at `settings.rate`,
    /// instants jittered ("imu.sample_jitter") and occasionally lost ("imu.drops").
    public static func sample(
        _ trajectory: Trajectory, settings: ImuSettings, environment: MagneticEnvironment, seed: UInt64
    ) throws(GSLError) -> (samples: [ImuSample], truth: [ImuTruth]) {
        var stream = try ImuStream(trajectory, settings: settings, environment: environment, seed: seed)
        var samples: [ImuSample] = []
        var truth: [ImuTruth] = []
        samples.reserveCapacity(stream.nominalCount)
        truth.reserveCapacity(stream.nominalCount)
        while let (sample, sampleTruth) = stream.next() {
            samples.append(sample)
            truth.append(sampleTruth)
        }
        return (samples, truth)
    }
}
