import Foundation
import OrbitMath
import Recordings
import Runs
import Simulation

/// How finely a recording's reference is fitted, chosen from the recording itself: the finest
/// knots whose noise, measured where the phone lies still, stays within the IMU's own noise.
///
/// The spline's derivatives are what the twin's ideal sensors read. Knots too far apart leave
/// out motion the real sensor feels (the accelerations of a fast turn); too close, and the
/// reference's own jitter, differentiated once (attitude) or twice (position), becomes motion
/// nobody made. Over the still window every fitted rate and acceleration is that jitter, so
/// each candidate spacing is fitted there and the finest is taken whose RMS angular velocity is
/// at most the gyroscope's RMS noise and whose RMS acceleration is at most the accelerometer's:
/// the reference then adds no more noise than the sensor has: a twin whose gyroscope followed
/// the markers' jitter would track the reference better than any real sensor can. A bound no
/// candidate meets gets the widest, 0.1 s (motion up to 5 Hz, most of what a hand does). The
/// rule assumes the reference's jitter is the same in motion as at
/// rest (markers blurred by fast motion can jitter more).
public struct ReferenceSmoothing: Sendable, Equatable {
    /// Knot spacings tried, s, finest first.
    public static let candidates = [0.02, 0.025, 0.03, 0.04, 0.05, 0.07, 0.1]
    /// Left out at each end of the still window, s: the fit is unconstrained past its data.
    static let edge = 0.5
    /// Least reference in the still window the choice is made on, s.
    public static let minimumReferenced = 5.0

    /// The settings chosen (the other settings as `base` had them).
    public var settings: RecordedMotion.Settings
    /// The still window measured, s.
    public var stillWindow: ClosedRange<Double>
    /// RMS norm of the gyroscope's and the accelerometer's deviation from their means over the
    /// window: rad/s and m/s².
    public var gyroscopeNoise: Double
    public var accelerometerNoise: Double
    /// RMS norm of the fitted angular velocity (rad/s) and acceleration (m/s²) over the window
    /// at the chosen spacings: the reference's noise the twin takes in.
    public var fittedRateNoise: Double
    public var fittedAccelerationNoise: Double

    /// The smoothing for `recording`'s reference, from its longest still window
    /// (`ImuCalibration.longestStillWindow`).
    ///
    /// - Throws: `RecordingError` when the recording has no still window long enough or less
    ///   than `minimumReferenced` seconds of reference in it.
    public static func choose(for recording: SensorRecording, base: RecordedMotion.Settings = RecordedMotion.Settings()) throws(RecordingError)
        -> ReferenceSmoothing
    {
        let window = try ImuCalibration.longestStillWindow(recording)
        let inner = (window.lowerBound + edge)...(window.upperBound - edge)
        let indices = recording.times.indices.filter { window.contains(recording.times[$0]) }
        let attitudes = indices.map { recording.truth?[$0] ?? nil }
        let times = indices.map { recording.times[$0] }
        let positions = recording.positions.map { all in indices.map { all[$0] } }
        // Only samples with a reference count: a fit through a gap is smooth by construction.
        let evaluated = times.indices.filter { inner.contains(times[$0]) && attitudes[$0] != nil && positions?[$0] != .some(nil) }.map { times[$0] }
        guard Double(evaluated.count) >= minimumReferenced * recording.rate else {
            throw RecordingError(
                file: recording.file, column: "reference",
                message: String(
                    format: "has %.1f s of reference in its still window %.1f–%.1f s; choosing the smoothing needs %.0f s",
                    Double(evaluated.count) / recording.rate, window.lowerBound, window.upperBound, minimumReferenced))
        }
        var rateNoise: [Double] = [], accelerationNoise: [Double] = []
        for spacing in candidates {
            var settings = base
            settings.knotSpacing = spacing
            settings.positionKnotSpacing = spacing
            guard
                let still = try? RecordedMotion(
                    times: times, attitudes: attitudes, positions: positions, gravity: Units.standardGravity, settings: settings)
            else {
                rateNoise.append(.infinity)
                accelerationNoise.append(.infinity)
                continue
            }
            let states = evaluated.filter { still.isMeasured(at: $0) }.map { still.state(at: $0) }
            rateNoise.append(Self.rms(states.map(\.angularVelocity)))
            accelerationNoise.append(Self.rms(states.map(\.acceleration)))
        }
        let gyroscopeNoise = Self.rms(deviations(indices.map { recording.gyroscope[$0] }))
        let accelerometerNoise = Self.rms(deviations(indices.map { recording.accelerometer[$0] }))
        let attitudeChoice = candidates.indices.first { rateNoise[$0] <= gyroscopeNoise } ?? candidates.count - 1
        let positionChoice =
            positions == nil ? candidates.count - 1 : candidates.indices.first { accelerationNoise[$0] <= accelerometerNoise } ?? candidates.count - 1
        var settings = base
        settings.knotSpacing = candidates[attitudeChoice]
        settings.positionKnotSpacing = candidates[positionChoice]
        return ReferenceSmoothing(
            settings: settings, stillWindow: window, gyroscopeNoise: gyroscopeNoise, accelerometerNoise: accelerometerNoise,
            fittedRateNoise: rateNoise[attitudeChoice], fittedAccelerationNoise: positions == nil ? 0 : accelerationNoise[positionChoice])
    }

    /// √(mean |v|²); 0 for no values.
    static func rms(_ values: [Vector3]) -> Double {
        values.isEmpty ? 0 : (values.map(\.normSquared).reduce(0, +) / Double(values.count)).squareRoot()
    }

    /// Each value minus their mean.
    static func deviations(_ values: [Vector3]) -> [Vector3] {
        guard !values.isEmpty else { return [] }
        let mean = (1 / Double(values.count)) * values.reduce(Vector3.zero, +)
        return values.map { $0 - mean }
    }
}
