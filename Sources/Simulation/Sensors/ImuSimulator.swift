import Foundation
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
}

/// Samples a trajectory with the IMU error models.
public enum ImuSimulator {
    /// IMU samples from t = 0 to the end of `trajectory`: nominal grid at `settings.rate`,
    /// instants jittered ("imu.sample_jitter") and occasionally lost ("imu.drops").
    public static func sample(
        _ trajectory: Trajectory, settings: ImuSettings, environment: MagneticEnvironment, seed: UInt64
    ) throws(GSLError) -> (samples: [ImuSample], truth: [ImuTruth]) {
        var gyroscope = try InertialSensorModel(
            settings: settings.gyroscope, unitScale: Angles.radiansPerDegree, nominalRate: settings.rate, seed: seed, name: "imu.gyroscope")
        var accelerometer = try InertialSensorModel(
            settings: settings.accelerometer, unitScale: 1, nominalRate: settings.rate, seed: seed, name: "imu.accelerometer")
        let magnetometer = try MagnetometerModel(settings: settings.magnetometer, seed: seed)
        var clock = try ImuSampleClock(settings: settings, duration: trajectory.duration, seed: seed)

        let count = Int((trajectory.duration * settings.rate).rounded(.down)) + 1
        let magnetometerEvery = max(1, Int((settings.rate / settings.magnetometer.rate).rounded()))
        var samples: [ImuSample] = []
        var truth: [ImuTruth] = []
        samples.reserveCapacity(count)
        truth.reserveCapacity(count)
        let hasDisturbances = environment.hasDisturbances
        var lastKept: Double?
        while let (time, index) = clock.next() {
            let state = trajectory.state(at: time)
            let dt = lastKept.map { time - $0 } ?? 0
            lastKept = time
            let gyro = gyroscope.measure(state.angularVelocity, dt: dt)
            let accel = accelerometer.measure(state.specificForce, dt: dt)
            var mag: Vector3?
            if settings.magnetometerEnabled && index % magnetometerEvery == 0 {
                mag = magnetometer.measure(environment.field(at: time, attitude: state.attitude))
            }
            samples.append(ImuSample(time: time, gyroscope: gyro, accelerometer: accel, magnetometer: mag))
            truth.append(ImuTruth(
                attitude: state.attitude, gyroscopeBias: gyroscope.bias, accelerometerBias: accelerometer.bias,
                magneticDisturbance: hasDisturbances && environment.isDisturbed(at: time)))
        }
        return (samples, truth)
    }
}
