import Execution
import OrbitMath
import Recordings
import Simulation
import StatisticsKit

/// The magnetometer's own delay, measured during motion: how much later than the gyroscope it
/// reads the attitude.
///
/// A magnetometer filters and samples on its own, so its readings can lag the inertial sensors'
/// (BROAD's by about 11 ms): on a fast turn the field it reports belongs to an attitude the
/// sensor has left, which a 9D filter takes for a heading error. Model: the reading at t is
/// R(t − d_imu − d_mag)ᵀ·F + b + noise, F the earth's field in the reference frame (the median
/// of the readings turned by the reference attitude) and b a constant offset (the mean
/// residual); d_mag minimises the residual, searched like the IMU's delay (a coarse grid, a fine
/// one around its best point, a parabola through the best three).
extension MotionCalibration {
    /// The largest magnetometer delay searched either side of the IMU's, s.
    public static let maximumMagnetometerDelay = 0.05

    /// d_mag in seconds over the samples `used` (indices into `recording`) that have a reading;
    /// nil without a magnetometer, with fewer than 500 readings there, or when the best delay is
    /// the largest searched.
    static func magnetometerDelay(
        recording: SensorRecording, motion: RecordedMotion, used: [Int], imuDelay: Double
    ) -> Double? {
        guard let magnetometer = recording.magnetometer else { return nil }
        let truth = recording.truth ?? []
        let samples = used.compactMap { index -> (time: Double, reading: Vector3, attitude: Quaternion)? in
            guard index < magnetometer.count, index < truth.count, let reading = magnetometer[index], reading.isFinite,
                let attitude = truth[index]
            else { return nil }
            return (recording.times[index], reading, attitude)
        }
        guard samples.count >= 500 else { return nil }
        guard let field = Statistics.componentMedian(samples.map { $0.attitude.rotate($0.reading) }) else { return nil }
        // The residual's spread about its mean (the offset b) at one delay.
        @Sendable func cost(_ delay: Double) -> Double {
            var sum = Vector3.zero, squares = 0.0
            for sample in samples {
                let residual = sample.reading - motion.rotation(at: sample.time - imuDelay - delay).attitude.inverseRotate(field)
                sum = sum + residual
                squares += residual.normSquared
            }
            return squares - sum.normSquared / Double(samples.count)
        }
        // The best point of `grid`; nil at either end (a bound, not a measurement).
        func search(_ grid: [Double]) -> Double? {
            guard let best = Statistics.refinedMinimum(Parallel.map(grid.count) { cost(grid[$0]) }, on: grid), !best.atEnd,
                best.value.isFinite
            else { return nil }
            return best.value
        }
        let limit = Self.maximumMagnetometerDelay
        guard let coarse = search(stride(from: -limit, through: limit + 0.001, by: 0.004).map { $0 }) else { return nil }
        return search(stride(from: coarse - 0.004, through: coarse + 0.004001, by: 0.0005).map { $0 })
    }
}
