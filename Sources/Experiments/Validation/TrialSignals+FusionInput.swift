import Fusion
import OrbitMath
import Runs
import StatisticsKit

extension TrialSignals {
    /// The streams a filter would see (the magnetometer through the input's calibration) with
    /// the reference where it exists and the evaluated samples as the motion phase: the same
    /// for a real recording (`FusionInput(recording:)`) and a simulated run
    /// (`FusionInput(run:calibrate:)`).
    public init(_ input: FusionInput) {
        let readings = input.readings
        let calibration: MagnetometerCalibration? = input.calibration == .none ? nil : input.calibration
        let magnetometer = readings.map { reading in reading.magnetometer.map { calibration?.apply($0) ?? $0 } }
        let truths: [Quaternion?] = input.truths.indices.map { index in input.hasTruth?[index] == false ? nil : input.truths[index] }
        let (times, gyroscope, accelerometer) = (readings.map(\.time), readings.map(\.gyroscope), readings.map(\.accelerometer))
        self.init(
            times: times, gyroscope: gyroscope, accelerometer: accelerometer,
            magnetometer: magnetometer.contains { $0 != nil } ? magnetometer : nil, truth: truths, moving: input.evaluated,
            atRest: RestDetector.flags(times: times, gyroscope: gyroscope, accelerometer: accelerometer))
    }
}
