import OrbitMath

/// A trajectory sampled by the IMU error models one sample at a time: what `ImuSimulator`
/// returns as arrays, without keeping them (a streamed run holds only the samples the fusion
/// has not consumed yet).
public struct ImuStream: IteratorProtocol {
    public let trajectory: Trajectory
    public let environment: MagneticEnvironment
    @usableFromInline var sensors: ImuSensors
    @usableFromInline let hasDisturbances: Bool
    /// `settings.delay`, s.
    @usableFromInline let delay: Double
    /// `settings.magnetometer.delay`, s.
    @usableFromInline let magnetometerDelay: Double

    /// Samples from t = 0 to the end of `trajectory` (streams as `ImuSimulator.sample`).
    public init(_ trajectory: Trajectory, settings: ImuSettings, environment: MagneticEnvironment, seed: UInt64) throws(GSLError) {
        self.trajectory = trajectory
        self.environment = environment
        sensors = try ImuSensors(settings: settings, duration: trajectory.duration, seed: seed)
        hasDisturbances = environment.hasDisturbances
        delay = settings.delay / 1000
        magnetometerDelay = settings.magnetometer.delay / 1000
    }

    /// Upper bound on the number of samples (the nominal grid without drops).
    public var nominalCount: Int { Int((trajectory.duration * sensors.settings.rate).rounded(.down)) + 1 }

    /// The next sample and its truth; `nil` after the last. Inlinable: compiled into the
    /// fusion loop, the sample is read where it is made instead of being copied out of an
    /// optional on every sample.
    @inlinable @inline(__always)
    public mutating func next() -> (sample: ImuSample, truth: ImuTruth)? {
        guard let (time, gridIndex) = sensors.nextInstant() else { return nil }
        let state = trajectory.state(at: time)
        // A delayed sensor reads the motion (and the field) of an earlier instant. The state is
        // read where the sensors use it: copying its fields out right after the call that
        // wrote them stalled the CPU on every sample.
        let sample =
            delay == 0
            ? read(state, at: time, sensedAt: time, gridIndex: gridIndex)
            : read(trajectory.state(at: time - delay), at: time, sensedAt: time - delay, gridIndex: gridIndex)
        let truth = ImuTruth(
            attitude: state.attitude, gyroscopeBias: sensors.gyroscope.bias, accelerometerBias: sensors.accelerometer.bias,
            magneticDisturbance: hasDisturbances && environment.isDisturbed(at: time))
        return (sample, truth)
    }

    /// The sensors' sample at `time` of the motion `sensed` (the state at `sensedTime`). A
    /// magnetometer with a delay of its own reads the attitude (and the field) of its instant.
    @inlinable @inline(__always)
    mutating func read(_ sensed: borrowing TruthState, at time: Double, sensedAt sensedTime: Double, gridIndex: Int) -> ImuSample {
        let environment = environment, attitude = sensed.attitude
        if magnetometerDelay == 0 {
            return sensors.read(
                time: time, gridIndex: gridIndex, angularVelocity: sensed.angularVelocity, specificForce: sensed.specificForce,
                field: { environment.field(at: sensedTime, attitude: attitude) })
        }
        let trajectory = trajectory, fieldTime = sensedTime - magnetometerDelay
        return sensors.read(
            time: time, gridIndex: gridIndex, angularVelocity: sensed.angularVelocity, specificForce: sensed.specificForce,
            field: { environment.field(at: fieldTime, attitude: trajectory.pose(at: fieldTime).attitude) })
    }
}
