import Foundation
import OrbitMath

/// A problem with a recording file: which file, where (row, column) and what, as one line.
public struct RecordingError: Error, CustomStringConvertible, Sendable, Equatable {
    public var file: String
    /// 1-based data row (CSV: line number in the file) when the problem is in one.
    public var row: Int?
    public var column: String?
    public var message: String

    public init(file: String, row: Int? = nil, column: String? = nil, message: String) {
        self.file = file
        self.row = row
        self.column = column
        self.message = message
    }

    public var description: String {
        var location = file
        if let row { location += ", row \(row)" }
        if let column { location += ", column \(column)" }
        return "\(location): \(message)"
    }
}

/// The earth frame a recording's reference attitudes are expressed in.
public enum EarthFrame: String, CaseIterable, Sendable {
    /// x east, y north, z up (BROAD's optical reference).
    case enu
    /// x north, y west, z up (the filters' own frame, CoreMotion's x-north frames).
    case nwu
    /// x north, y east, z down (aerospace).
    case ned

    /// The rotation that turns an attitude in the filters' x-north-y-west-z-up frame into this
    /// frame: q_frame = R ⊗ q_NWU.
    public var fromNorthWestUp: Quaternion {
        switch self {
        case .enu: return Quaternion(about: .z, angle: .pi / 2)  // north → +y, west → −x
        case .nwu: return .identity
        case .ned: return Quaternion(about: .x, angle: .pi)  // west → −y (east), up → −z (down)
        }
    }
}

/// Real IMU data, in SI units, with an optional reference attitude: what the readers produce and
/// the fusion evaluation consumes.
public struct SensorRecording: Sendable {
    /// Trial name (the file name without extension).
    public var name: String
    public var file: String
    /// Sample instants, s from the first sample, strictly increasing.
    public var times: [Double]
    /// rad/s, body frame.
    public var gyroscope: [Vector3]
    /// Specific force, m/s², body frame (+g upward at rest).
    public var accelerometer: [Vector3]
    /// µT, body frame, per sample (`nil` entries where the magnetometer has no sample at that
    /// instant); `nil` altogether without a magnetometer.
    public var magnetometer: [Vector3?]?
    /// Reference attitude (body → `truthFrame`) per sample; `nil` entries where the reference
    /// system lost track; `nil` altogether without a reference.
    public var truth: [Quaternion?]?
    public var truthFrame: EarthFrame
    /// Reference position (m, in `truthFrame`) per sample, `nil` entries where the reference
    /// lost track; `nil` altogether when the file has none (BROAD's `opt_pos`).
    public var positions: [Vector3?]?
    /// Magnetic declination at the recording site (east of true north), rad: 0 when the
    /// reference frame's north is magnetic north (BROAD), else the turn from magnetic to true.
    public var declination = 0.0
    /// Samples that count for the error metrics (BROAD's `movement`); all when `nil`.
    public var evaluated: [Bool]?
    /// Sampling rate, Hz (stated by the file, or from the median interval).
    public var rate: Double
    /// Groups the recording belongs to (BROAD `trials.json`), most general first.
    public var groups: [String] = []
    /// Samples replaced by NaN because they were beyond `SensorLimits`, per sensor.
    public var outOfRange: [String: Int] = [:]
    /// The file's magnetometer read zero in every sample: no field was measured, so the
    /// recording counts as one without a magnetometer (no 9D filters, said in its findings).
    public var magnetometerWasAllZero = false

    public var count: Int { times.count }

    public init(
        name: String, file: String, times: [Double], gyroscope: [Vector3], accelerometer: [Vector3], magnetometer: [Vector3?]?,
        truth: [Quaternion?]?, truthFrame: EarthFrame, evaluated: [Bool]?, rate: Double
    ) {
        self.name = name
        self.file = file
        self.times = times
        self.gyroscope = gyroscope
        self.accelerometer = accelerometer
        self.magnetometer = magnetometer
        self.truth = truth
        self.truthFrame = truthFrame
        self.evaluated = evaluated
        self.rate = rate
    }

    /// BROAD's level-1 group ("undisturbed" or "disturbed") when known.
    public var primaryGroup: String? { groups.first { $0 == "undisturbed" || $0 == "disturbed" } }
}

/// Checks shared by every reader.
enum RecordingChecks {
    /// Every component finite; the first offending sample named (1-based row).
    static func finite(_ values: [Vector3], file: String, column: String) throws(RecordingError) {
        for (index, value) in values.enumerated() where !(value.x.isFinite && value.y.isFinite && value.z.isFinite) {
            throw RecordingError(file: file, row: index + 1, column: column, message: "not a finite number")
        }
    }

    /// The longest gap between consecutive samples, s. A recording is one continuous log:
    /// sensors drop out for milliseconds, a phone under load pauses delivery for a second or
    /// two, and the filters restart after any gap over half a second anyway. A gap beyond this
    /// is two sessions in one file or times in another unit (ms read as s puts 200 Hz samples
    /// 5 s apart; two IMU samples 9e18 ns apart made a 570-year recording that no filter
    /// updated), so it is an error naming the file and the row.
    static let maximumGap = 5.0

    /// Every gap in `times` (s) at most `maximumGap`; `row(i)` is the row sample i is reported
    /// as (a CSV line, a 1-based sample number).
    static func gaps(_ times: [Double], file: String, column: String, row: (Int) -> Int) throws(RecordingError) {
        for index in times.indices.dropFirst() where !(times[index] - times[index - 1] <= maximumGap) {
            throw RecordingError(
                file: file, row: row(index), column: column,
                message:
                    "\(String(format: "%.6g", times[index] - times[index - 1])) s after the sample before it (row \(row(index - 1))), more than the \(String(format: "%g", maximumGap)) s a recording may pause: two recordings in one file, or times in another unit?"
            )
        }
    }

    /// The median sampling interval's rate, Hz.
    static func medianRate(_ times: [Double]) -> Double {
        guard times.count > 1 else { return 0 }
        let intervals = zip(times.dropFirst(), times).map { $0 - $1 }.sorted()
        return 1 / intervals[intervals.count / 2]
    }
}
