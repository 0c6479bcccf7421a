import Fusion
import OrbitMath
import Recordings

extension FusionInput {
    /// A real recording: its reference frame decides how 9D estimates (x north, y west, z up)
    /// are turned before comparison (BROAD: ENU); samples count where the file marks them
    /// (BROAD `movement`) and a reference attitude exists. The magnetometer is used as
    /// recorded (BROAD's is calibrated).
    public init(recording: SensorRecording) {
        let magnetometer = recording.magnetometer
        readings = recording.times.indices.map { index in
            ImuReading(
                time: recording.times[index], gyroscope: recording.gyroscope[index], accelerometer: recording.accelerometer[index],
                magnetometer: magnetometer?[index] ?? nil)
        }
        let truth = recording.truth ?? Array(repeating: nil, count: recording.count)
        truths = truth.map { $0 ?? .identity }
        evaluated = truth.indices.map { index in truth[index] != nil && (recording.evaluated?[index] ?? true) }
        trueBias = nil
        magneticToTruth = recording.truthFrame.fromNorthWestUp * Quaternion(about: .z, angle: -recording.declination)
        calibration = .none
        hasTruth = truth.map { $0 != nil }
    }

    /// Whether any sample can be compared with a reference.
    public var hasReference: Bool { evaluated.contains(true) }
}
