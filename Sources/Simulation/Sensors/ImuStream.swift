import Foundation

/// A trajectory sampled by the IMU error models one sample at a time: what `ImuSimulator`
/// returns as arrays, without keeping them (a streamed run holds only the samples the fusion
/// has not consumed yet).
public struct ImuStream: IteratorProtocol {
    public let trajectory: Trajectory
    public let environment: MagneticEnvironment
    private var sensors: ImuSensors
    private let hasDisturbances: Bool

    /// Samples from t = 0 to the end of `trajectory` (streams as `ImuSimulator.sample`).
    public init(_ trajectory: Trajectory, settings: ImuSettings, environment: MagneticEnvironment, seed: UInt64) throws(GSLError) {
        self.trajectory = trajectory
        self.environment = environment
        sensors = try ImuSensors(settings: settings, duration: trajectory.duration, seed: seed)
        hasDisturbances = environment.hasDisturbances
    }

    /// Upper bound on the number of samples (the nominal grid without drops).
    public var nominalCount: Int { Int((trajectory.duration * sensors.settings.rate).rounded(.down)) + 1 }

    /// The next sample and its truth; `nil` after the last.
    public mutating func next() -> (sample: ImuSample, truth: ImuTruth)? {
        guard let (time, gridIndex) = sensors.nextInstant() else { return nil }
        let state = trajectory.state(at: time)
        let environment = environment
        let sample = sensors.read(
            time: time, gridIndex: gridIndex, angularVelocity: state.angularVelocity, specificForce: state.specificForce,
            field: { environment.field(at: time, attitude: state.attitude) })
        let truth = ImuTruth(
            attitude: state.attitude, gyroscopeBias: sensors.gyroscope.bias, accelerometerBias: sensors.accelerometer.bias,
            magneticDisturbance: hasDisturbances && environment.isDisturbed(at: time))
        return (sample, truth)
    }
}
