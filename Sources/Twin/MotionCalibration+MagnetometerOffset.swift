import OrbitMath
import Recordings
import Simulation
import StatisticsKit

/// The magnetometer's constant offset, measured during motion: what its readings carry beyond
/// the earth's field at every attitude.
///
/// A phone or IMU calibrates its magnetometer's hard iron, but not exactly: BROAD's readings
/// keep about 0.2–0.4 µT per axis (against a horizontal field of about 17 µT, a heading error
/// of up to a degree that turns with the sensor). Model: the reading at t is
/// R(t − d)ᵀ·F + b, d the IMU's and the magnetometer's delays, both F (reference frame) and b
/// (body frame) fitted by linear least squares over the used samples, with 95 % intervals.
///
/// b is told from F only when the field turns through the sensor: a sensor carried without
/// turning sees a constant F + b, and where the field changes from place to place (a
/// translation through the lab) that change would be taken for b. So b is reported only when
/// the field's direction in the sensor frame spreads in every direction: the determinant of its
/// covariance at least `minimumFieldDirectionSpread` (the product of the three principal
/// variances of a unit vector; 1/27 for directions all over the sphere, 0 for one direction).
extension MotionCalibration {
    /// 10⁻⁴: a spread of about 0.05 rad² (13° RMS) in each principal direction. BROAD's rotation
    /// trials reach 3·10⁻⁴ to 7·10⁻³; its translation and vibration trials stay below 3·10⁻⁶.
    public static let minimumFieldDirectionSpread = 1e-4

    /// The determinant of the covariance of `directions` (unit vectors): 0 for one direction,
    /// 1/27 for the six axis directions ±x, ±y, ±z.
    public static func directionSpread(_ directions: [Vector3]) -> Double {
        guard !directions.isEmpty else { return 0 }
        let count = Double(directions.count)
        let mean = (1 / count) * directions.reduce(.zero, +)
        var rows = [Vector3.zero, .zero, .zero]
        for direction in directions {
            let deviation = direction - mean
            for axis in 0..<3 { rows[axis] = rows[axis] + (deviation[axis] / count) * deviation }
        }
        return Matrix3(rows: rows[0], rows[1], rows[2]).determinant
    }

    /// b per axis, µT, body frame, over every fourth of the samples `used` that has a reading,
    /// the attitude taken `delay` seconds before each; nil without a magnetometer, with fewer
    /// than 250 such readings, when the field's direction does not spread enough or the fit
    /// fails.
    static func magnetometerOffset(recording: SensorRecording, motion: RecordedMotion, used: [Int], delay: Double) -> [Estimate]? {
        guard let magnetometer = recording.magnetometer else { return nil }
        let truth = recording.truth ?? []
        var rows: [[Double]] = [], values: [Double] = [], directions: [Vector3] = []
        // Every fourth sample: b and F change over seconds, and a twin waits for this fit.
        for index in stride(from: 0, to: used.count, by: 4).map({ used[$0] }) {
            guard index < magnetometer.count, index < truth.count, truth[index] != nil, let reading = magnetometer[index], reading.isFinite
            else { continue }
            let attitude = motion.rotation(at: recording.times[index] - delay).attitude
            // The reference frame's axes in the body frame: reading_i = Σ_j (Rᵀ·e_j)_i·F_j + b_i.
            let axes = [attitude.inverseRotate(.unitX), attitude.inverseRotate(.unitY), attitude.inverseRotate(.unitZ)]
            for axis in 0..<3 {
                var row = [axes[0][axis], axes[1][axis], axes[2][axis], 0, 0, 0]
                row[3 + axis] = 1
                rows.append(row)
                values.append(reading[axis])
            }
            directions.append(reading.normalized ?? .zero)
        }
        guard directions.count >= 250, Self.directionSpread(directions) >= Self.minimumFieldDirectionSpread,
            let fit = LinearLeastSquares(rows: rows, values: values)
        else { return nil }
        return (3..<6).map { Estimate(fit.coefficients[$0], standardError: fit.standardErrors[$0]) }
    }
}
