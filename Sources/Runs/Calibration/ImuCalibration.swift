import Foundation
import OrbitMath
import Recordings
import StatisticsKit

/// Noise parameters of a real IMU from a stationary stretch of a recording (Allan deviation),
/// in the units the scenario files use, so the simulator can be made to match the sensor.
public struct ImuCalibration: Sendable {
    /// One axis of one sensor.
    public struct Axis: Sendable {
        public var name: String
        public var allan: AllanDeviation
        /// Fitted terms in the sensor's SI unit (rad/s or m/s²).
        public var terms: AllanNoiseTerms?
        /// Mean over the window (the bias at rest; the accelerometer's includes gravity), SI.
        public var mean: Double
    }

    public var recording: String
    public var window: ClosedRange<Double>
    public var rate: Double
    public var gyroscope: [Axis]
    public var accelerometer: [Axis]
    /// RMS deviation of each magnetometer axis from its mean, µT; `nil` without magnetometer.
    public var magnetometerNoise: Double?
    /// Quantisation step found in the data (lattice of the values), SI; 0 when none is evident.
    public var gyroscopeResolution: Double
    public var accelerometerResolution: Double

    /// A still window spanning more quantisation steps than this shows no quantisation.
    static let maximumLevels = 100_000.0

    /// Shortest stationary window the analysis accepts, s.
    public static let minimumWindow = 10.0

    public init(recording: SensorRecording, window requested: ClosedRange<Double>?) throws(RecordingError) {
        let window: ClosedRange<Double>
        if let requested { window = requested } else { window = try Self.longestStillWindow(recording) }
        let indices = recording.times.indices.filter { window.contains(recording.times[$0]) }
        guard let first = indices.first, let last = indices.last, recording.times[last] - recording.times[first] >= Self.minimumWindow else {
            throw RecordingError(file: recording.file, message: "the window \(Self.format(window)) s holds less than \(Self.minimumWindow) s of data")
        }
        if requested != nil { try Self.checkStill(recording, indices: indices, window: window) }
        let interval = (recording.times[last] - recording.times[first]) / Double(last - first)
        self.recording = recording.name
        self.window = window
        rate = 1 / interval
        func axes(_ values: [Vector3], names: [String]) -> [Axis] {
            (0..<3).map { axis in
                let samples = indices.map { values[$0][axis] }
                let allan = AllanDeviation(samples: samples, interval: interval)
                return Axis(name: names[axis], allan: allan, terms: allan.fitNoiseTerms(), mean: Statistics.mean(samples))
            }
        }
        gyroscope = axes(recording.gyroscope, names: ["x", "y", "z"])
        accelerometer = axes(recording.accelerometer, names: ["x", "y", "z"])
        if let field = recording.magnetometer {
            let deviations = (0..<3).map { axis -> Double in
                let samples = indices.compactMap { field[$0]?[axis] }
                let mean = Statistics.mean(samples)
                return (samples.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(max(samples.count, 1))).squareRoot()
            }
            magnetometerNoise = Statistics.mean(deviations)
        }
        gyroscopeResolution = Self.resolution(indices.map { recording.gyroscope[$0].x })
        accelerometerResolution = Self.resolution(indices.map { recording.accelerometer[$0].x })
    }

    /// A term of one sensor over its three axes: the mean value when every axis identifies it,
    /// otherwise the largest upper bound (nil without a fit).
    public static func combined(_ axes: [ImuCalibration.Axis], _ term: KeyPath<AllanNoiseTerms, AllanNoiseTerms.Estimate>) -> (
        value: Double, identified: Bool
    )? {
        let estimates = axes.compactMap { $0.terms?[keyPath: term] }
        guard estimates.count == axes.count, !estimates.isEmpty else { return nil }
        if estimates.allSatisfy(\.isIdentifiable) { return (Statistics.mean(estimates.map(\.value)), true) }
        return (estimates.map(\.upper).max() ?? 0, false)
    }

    /// The longest stretch where the device is still: angular rate below 3 °/s and specific
    /// force within 0.3 m/s² of its median magnitude, and (when the file marks it) not moving.
    public static func longestStillWindow(_ recording: SensorRecording) throws(RecordingError) -> ClosedRange<Double> {
        let gravity = medianNorm(recording.accelerometer)
        var best: (start: Int, end: Int)?
        var start: Int?
        for index in 0...recording.count {
            let still =
                index < recording.count
                && recording.gyroscope[index].norm < stillRate
                && abs(recording.accelerometer[index].norm - gravity) < stillForceDeviation
                && !(recording.evaluated?[index] ?? false)
            if still, start == nil { start = index }
            if !still, let from = start {
                if best == nil || index - 1 - from > best!.end - best!.start { best = (from, index - 1) }
                start = nil
            }
        }
        guard let best, recording.times[best.end] - recording.times[best.start] >= minimumWindow else {
            let longest = best.map { recording.times[$0.end] - recording.times[$0.start] } ?? 0
            throw RecordingError(
                file: recording.file,
                message:
                    "the longest still stretch is \(String(format: "%.1f", longest)) s; the analysis needs \(Int(minimumWindow)) s (give --window FROM:TO)"
            )
        }
        return recording.times[best.start]...recording.times[best.end]
    }

    /// Angular rate and specific-force deviation a still device stays below (`longestStillWindow`).
    static let stillRate = Angles.radians(3), stillForceDeviation = 0.3

    /// Throws, naming the largest motion, when a chosen window is not at rest: an Allan
    /// deviation of a moving device measures the motion, not the sensor.
    static func checkStill(_ recording: SensorRecording, indices: [Int], window: ClosedRange<Double>) throws(RecordingError) {
        let gravity = Self.medianNorm(recording.accelerometer)
        var fastest = (rate: 0.0, index: indices[0]), hardest = (deviation: 0.0, index: indices[0])
        for index in indices {
            let rate = recording.gyroscope[index].norm, deviation = abs(recording.accelerometer[index].norm - gravity)
            if rate > fastest.rate { fastest = (rate, index) }
            if deviation > hardest.deviation { hardest = (deviation, index) }
        }
        if fastest.rate >= stillRate {
            throw RecordingError(
                file: recording.file,
                message: "the window \(Self.format(window)) s is not at rest: "
                    + String(format: "the device turns at %.1f °/s at %.2f s", Angles.degrees(fastest.rate), recording.times[fastest.index])
                    + " (still: below 3 °/s); choose a still --window")
        }
        if hardest.deviation >= stillForceDeviation {
            throw RecordingError(
                file: recording.file,
                message: "the window \(Self.format(window)) s is not at rest: "
                    + String(format: "the specific force departs %.2f m/s² from gravity at %.2f s", hardest.deviation, recording.times[hardest.index])
                    + " (still: below 0.3 m/s²); choose a still --window")
        }
    }

    static func medianNorm(_ values: [Vector3]) -> Double {
        let magnitudes = values.map(\.norm).sorted()
        return magnitudes[magnitudes.count / 2]
    }

    /// The quantisation step if the values sit on a lattice: the smallest gap between distinct
    /// values, when at least 95 % of the values are within 2 % of a whole number of steps from
    /// the smallest value and the values span at most `maximumLevels` steps; 0 otherwise. The
    /// span limit rejects the "lattice" of floating-point rounding: single-precision samples
    /// converted to double differ by 1e-18 °/s somewhere, and every value is a whole number of
    /// such steps to within rounding, yet no converter resolves 10⁵ levels in a still window.
    static func resolution(_ values: [Double]) -> Double {
        let distinct = Array(Set(values)).sorted()
        guard distinct.count >= 3 else { return 0 }
        let step = zip(distinct.dropFirst(), distinct).map { $0 - $1 }.min()!
        guard step > 0, (distinct.last! - distinct[0]) / step <= maximumLevels else { return 0 }
        let onLattice = distinct.filter { value in
            let steps = (value - distinct[0]) / step
            return abs(steps - steps.rounded()) < 0.02
        }.count
        return Double(onLattice) >= 0.95 * Double(distinct.count) ? step : 0
    }

    static func format(_ window: ClosedRange<Double>) -> String { String(format: "%.1f–%.1f", window.lowerBound, window.upperBound) }
}
