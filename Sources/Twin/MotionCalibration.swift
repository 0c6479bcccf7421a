import Execution
import Foundation
import OrbitMath
import Recordings
import Simulation
import StatisticsKit

/// The real sensor's errors while it moves, measured against what an ideal sensor would have
/// read along the recording's own reference motion (`RecordedMotion`): the errors that scale
/// with motion and that a still window cannot show.
///
/// Models, fitted by least squares over the evaluated samples that have a reference:
/// - time offset d (s): the IMU reads the motion of t − d (grid search of the gyroscope
///   residual, ±`maximumDelay`, refined by a parabola), and the magnetometer's own delay beyond
///   it (`MotionCalibration+Magnetometer`);
/// - magnetometer m̃ = R(t − d)ᵀ·F + b: the constant offset b where the motion turns the field
///   through the sensor (`MotionCalibration+MagnetometerOffset`);
/// - gyroscope ω̃ = M_g·ω + G·f + b_g: M_g − I holds the scale errors (diagonal) and
///   misalignments (off-diagonal), G the g-sensitivity (rad/s per m/s²);
/// - accelerometer f̃ = M_a·(f + α×r + ω×(ω×r)) + b_a, r the lever arm (m, body frame) from the
///   reference's origin to the accelerometer, fitted linearly as M_a·f + L(α, ω)·r.
/// Intervals are 95 % from `LinearLeastSquares` (standard errors widened for correlated
/// residuals).
public struct MotionCalibration: Sendable {
    /// One estimated term with its 95 % interval.
    public struct Estimate: Sendable, Equatable {
        public var value: Double
        public var low: Double
        public var high: Double

        /// An estimate and its 95 % interval as given.
        public init(value: Double, low: Double, high: Double) {
            self.value = value
            self.low = low
            self.high = high
        }

        init(_ value: Double, standardError: Double, scale: Double = 1) {
            self.value = value * scale
            low = (value - 1.96 * standardError) * scale
            high = (value + 1.96 * standardError) * scale
        }

        /// Whether the interval excludes zero.
        public var isIdentified: Bool { low > 0 || high < 0 }
    }

    public var recording: String
    /// IMU delay behind the reference, ms (positive: the IMU reads earlier motion).
    public var delayMilliseconds: Double
    /// How much later than the gyroscope the magnetometer reads the attitude, ms
    /// (`MagnetometerSettings.delay`); nil without a magnetometer, with too few readings, or
    /// beyond ±`maximumMagnetometerDelay`.
    public var magnetometerDelayMilliseconds: Double?
    /// The constant offset the magnetometer's readings carry, µT per body axis with 95 %
    /// intervals (`MotionCalibration+MagnetometerOffset`); nil without a magnetometer or when
    /// the field did not turn through the sensor enough to tell it from the field.
    public var magnetometerOffsetMicrotesla: [Estimate]?
    /// Scale error per axis, ppm.
    public var gyroscopeScalePPM: [Estimate]
    /// Misalignment in `InertialSensorSettings.misalignment`'s order (xy, xz, yx, yz, zx, zy), °:
    /// the symmetric part (non-orthogonal axes); the antisymmetric part is `frameRotationDegrees`.
    public var gyroscopeMisalignmentDegrees: [Estimate]
    /// The rotation of the IMU's frame against the reference's body frame, rotation vector, °
    /// (the antisymmetric part of the gyroscope's matrix): every sensor reads in the turned
    /// frame, and the real error against the reference never falls below its angle.
    public var frameRotationDegrees: [Estimate]
    /// g-sensitivity, row-major (axis i per specific force along j), (°/s)/g.
    public var gSensitivity: [Estimate]
    public var accelerometerScalePPM: [Estimate]
    public var accelerometerMisalignmentDegrees: [Estimate]
    /// Lever arm from the reference's origin to the accelerometer, body frame, mm.
    public var leverArmMillimetres: [Estimate]
    /// RMS of the gyroscope residual before the fit (bias removed) and after it, °/s.
    public var gyroscopeResidualBefore: Double
    public var gyroscopeResidualAfter: Double
    /// The same for the accelerometer, m/s².
    public var accelerometerResidualBefore: Double
    public var accelerometerResidualAfter: Double
    /// Samples used.
    public var samples: Int

    /// The largest IMU–reference offset searched, s.
    public static let maximumDelay = 0.05

    /// Fits the terms on `recording` (which needs a reference attitude) against `motion`.
    ///
    /// - Throws: `RecordingError` when fewer than 1000 samples have a reference or the fit fails.
    public init(recording: SensorRecording, motion: RecordedMotion) throws(RecordingError) {
        let truth = recording.truth ?? []
        let used = recording.times.indices.filter { index in
            index < truth.count && truth[index] != nil && (recording.evaluated?[index] ?? true) && motion.isMeasured(at: recording.times[index])
        }
        guard used.count >= 1000 else {
            throw RecordingError(
                file: recording.file, message: "\(used.count) samples with a reference during motion; the motion calibration needs 1000")
        }
        self.recording = recording.name
        samples = used.count
        let times = used.map { recording.times[$0] }
        // Readings and reference signals are compared after the same smoothing (a P-spline with
        // the reference's knots over the used instants): the reference's rate carries wiggles at
        // the knot scale and the readings carry motion the reference smooths away; alike, neither
        // biases the fit.
        @Sendable func fitter(at instants: [Double]) throws(RecordingError) -> SmoothingSpline.Fitter {
            do {
                return try SmoothingSpline.Fitter(
                    span: times[0]...times[times.count - 1], times: instants, knotSpacing: motion.settings.knotSpacing,
                    penalty: motion.settings.penalty)
            } catch {
                throw RecordingError(file: recording.file, message: "cannot smooth the signals for the motion calibration: \(error)")
            }
        }
        @Sendable func smooth(_ values: [Vector3], by fitter: SmoothingSpline.Fitter, at instants: [Double]) throws(RecordingError) -> [Vector3] {
            var axes: [[Double]] = []
            for axis in 0..<3 {
                do {
                    let spline = try fitter.fit(values.map { $0[axis] })
                    axes.append(instants.map { spline.evaluate($0).value })
                } catch {
                    throw RecordingError(file: recording.file, message: "cannot smooth the signals for the motion calibration: \(error)")
                }
            }
            return instants.indices.map { Vector3(axes[0][$0], axes[1][$0], axes[2][$0]) }
        }
        let everyFitter = try fitter(at: times)
        @Sendable func smoothed(_ values: [Vector3]) throws(RecordingError) -> [Vector3] { try smooth(values, by: everyFitter, at: times) }
        let gyroscopeReadings = used.map { recording.gyroscope[$0] }
        let gyroscope = try smoothed(gyroscopeReadings)
        let accelerometer = try smoothed(used.map { recording.accelerometer[$0] })
        // The offset: the gyroscope residual (mean removed) over shifts of the reference, on a
        // 2 ms grid and then a 0.25 ms one around its best point. The coarse grid only has to
        // find the valley: every `step`-th sample does, for a fraction of the work, while every
        // knot interval keeps a sample (the penalty scales with the sample count, so the
        // smoothing stays alike).
        let intervals = zip(times.dropFirst(), times).map { $0 - $1 }.sorted()
        let step = max(1, min(4, Int(motion.settings.knotSpacing / intervals[intervals.count / 2])))
        let coarseIndices = Array(stride(from: 0, to: times.count, by: step))
        let coarseTimes = coarseIndices.map { times[$0] }
        let coarseFitter = try fitter(at: coarseTimes)
        let coarseGyroscope = try smooth(coarseIndices.map { gyroscopeReadings[$0] }, by: coarseFitter, at: coarseTimes)
        @Sendable func residual(_ delay: Double, coarse: Bool) throws(RecordingError) -> Double {
            let (instants, readings) = coarse ? (coarseTimes, coarseGyroscope) : (times, gyroscope)
            let rates = try smooth(
                instants.map { motion.rotation(at: $0 - delay).angularVelocity }, by: coarse ? coarseFitter : everyFitter, at: instants)
            let differences = zip(readings, rates).map { $0 - $1 }
            let mean = (1 / Double(differences.count)) * differences.reduce(.zero, +)
            return differences.reduce(0) { $0 + ($1 - mean).normSquared }
        }
        func costs(_ shifts: [Double], coarse: Bool) throws(RecordingError) -> [Double] {
            // Each shift is fitted on its own core: the search is most of a twin's set-up, which
            // waits for it before any seed runs (bench: twin).
            try Parallel.map(shifts.count) { index in Result { () throws(RecordingError) in try residual(shifts[index], coarse: coarse) } }
                .map { (cost) throws(RecordingError) in try cost.get() }
        }
        func best(_ costs: [Double], on grid: [Double]) throws(RecordingError) -> (value: Double, atEnd: Bool) {
            guard let best = Statistics.refinedMinimum(costs, on: grid) else {
                throw RecordingError(file: recording.file, message: "the IMU's time offset cannot be measured: no shift of the reference fits")
            }
            return best
        }
        let coarseGrid = stride(from: -Self.maximumDelay, through: Self.maximumDelay + 0.001, by: 0.002).map { $0 }
        func fineGrid(around center: Double) -> [Double] { stride(from: center - 0.002, through: center + 0.002001, by: 0.00025).map { $0 } }
        var grid = fineGrid(around: try best(costs(coarseGrid, coarse: step > 1), on: coarseGrid).value)
        // The residual before the offset (shift 0) rides along with the fine grid's shifts.
        var fineCosts = try costs(grid + [0], coarse: false)
        let unshiftedCost = fineCosts.removeLast()
        var fine = try best(fineCosts, on: grid)
        if fine.atEnd && step > 1 {
            // The subsampled valley was not this one: search again on every sample.
            grid = fineGrid(around: try best(costs(coarseGrid, coarse: false), on: coarseGrid).value)
            fine = try best(costs(grid, coarse: false), on: grid)
        }
        let delay = fine.value
        delayMilliseconds = delay * 1000
        magnetometerDelayMilliseconds = Self.magnetometerDelay(recording: recording, motion: motion, used: used, imuDelay: delay).map { $0 * 1000 }
        magnetometerOffsetMicrotesla = Self.magnetometerOffset(
            recording: recording, motion: motion, used: used, delay: delay + (magnetometerDelayMilliseconds ?? 0) / 1000)
        gyroscopeResidualBefore = (unshiftedCost / Double(used.count)).squareRoot() * Angles.degreesPerRadian

        let states = times.map { motion.state(at: $0 - delay) }
        // Angular acceleration from the fitted rate (central difference of the smooth spline).
        let h = 0.002
        let accelerations = times.map {
            (1 / (2 * h)) * (motion.rotation(at: $0 - delay + h).angularVelocity - motion.rotation(at: $0 - delay - h).angularVelocity)
        }

        // Gyroscope, per axis: ω̃_i = Σ_j M_ij ω_j + Σ_j G_ij f_j + b_i.
        var gyroscopeFits: [LinearLeastSquares] = []
        let rates = try smoothed(states.map(\.angularVelocity)), forces = try smoothed(states.map(\.specificForce))
        let gyroscopeRows = zip(rates, forces).map { rate, force in [rate.x, rate.y, rate.z, force.x, force.y, force.z, 1] }
        for axis in 0..<3 {
            guard let fit = LinearLeastSquares(rows: gyroscopeRows, values: gyroscope.map { $0[axis] }) else {
                throw RecordingError(file: recording.file, message: "the gyroscope's motion calibration did not converge")
            }
            gyroscopeFits.append(fit)
        }
        gyroscopeResidualAfter = (gyroscopeFits.map { $0.residualRMS * $0.residualRMS }.reduce(0, +)).squareRoot() * Angles.degreesPerRadian
        // Accelerometer, per axis: f̃_i = Σ_j M_ij f_j + Σ_k L_ik r_k + b_i with
        // L = K(α) + K(ω)² (K the cross-product matrix; K(ω)² = ωωᵀ − |ω|²·I).
        var accelerometerFits: [LinearLeastSquares] = []
        let levers = zip(states, accelerations).map { state, alpha in (alpha: alpha, omega: state.angularVelocity) }
        func leverRow(_ axis: Int, alpha: Vector3, omega: Vector3) -> Vector3 {
            let cross = [Vector3(0, -alpha.z, alpha.y), Vector3(alpha.z, 0, -alpha.x), Vector3(-alpha.y, alpha.x, 0)][axis]
            let unit = [Vector3.unitX, .unitY, .unitZ][axis]
            return cross + omega[axis] * omega - omega.normSquared * unit
        }
        for axis in 0..<3 {
            let rows = zip(forces, levers).map { force, lever -> [Double] in
                let row = leverRow(axis, alpha: lever.alpha, omega: lever.omega)
                return [force.x, force.y, force.z, row.x, row.y, row.z, 1]
            }
            guard let fit = LinearLeastSquares(rows: rows, values: accelerometer.map { $0[axis] }) else {
                throw RecordingError(file: recording.file, message: "the accelerometer's motion calibration did not converge")
            }
            accelerometerFits.append(fit)
        }
        let forceResidual = zip(accelerometer, forces).map { ($0 - $1).normSquared }.reduce(0, +) / Double(used.count)
        accelerometerResidualBefore = forceResidual.squareRoot()
        accelerometerResidualAfter = (accelerometerFits.map { $0.residualRMS * $0.residualRMS }.reduce(0, +)).squareRoot()

        // M = I + S + A: S (symmetric) scale and non-orthogonality, A = −K(δ) the frame rotation δ
        // (a small turn R_δ of the sensor frame reads R_δᵀ·v ≈ v − δ×v).
        let g = gyroscopeFits
        func c(_ fits: [LinearLeastSquares], _ i: Int, _ j: Int) -> (value: Double, error: Double) {
            (fits[i].coefficients[j], fits[i].standardErrors[j])
        }
        func half(_ a: (value: Double, error: Double), _ b: (value: Double, error: Double), sign: Double) -> (Double, Double) {
            ((a.value + sign * b.value) / 2, (a.error * a.error + b.error * b.error).squareRoot() / 2)
        }
        let rotation = [(1, 2), (2, 0), (0, 1)].map { i, j in half(c(g, i, j), c(g, j, i), sign: -1) }
        frameRotationDegrees = rotation.map { Estimate($0.0, standardError: $0.1, scale: Angles.degreesPerRadian) }
        let order = [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]
        func scales(_ fits: [LinearLeastSquares]) -> [Estimate] {
            (0..<3).map { Estimate(fits[$0].coefficients[$0] - 1, standardError: fits[$0].standardErrors[$0], scale: 1e6) }
        }
        gyroscopeScalePPM = scales(g)
        gyroscopeMisalignmentDegrees = order.map { i, j in
            let symmetric = half(c(g, i, j), c(g, j, i), sign: 1)
            return Estimate(symmetric.0, standardError: symmetric.1, scale: Angles.degreesPerRadian)
        }
        // The accelerometer reads in the same turned frame: its misalignment is what remains.
        let a = accelerometerFits
        let frameTerm: [Int: [Int: Double]] = [
            0: [1: rotation[2].0, 2: -rotation[1].0], 1: [0: -rotation[2].0, 2: rotation[0].0], 2: [0: rotation[1].0, 1: -rotation[0].0],
        ]
        accelerometerScalePPM = scales(a)
        accelerometerMisalignmentDegrees = order.map { i, j in
            Estimate(a[i].coefficients[j] - frameTerm[i]![j]!, standardError: a[i].standardErrors[j], scale: Angles.degreesPerRadian)
        }
        let perG = Angles.degreesPerRadian * Units.standardGravity
        gSensitivity = (0..<3).flatMap { axis in
            (3..<6).map { Estimate(gyroscopeFits[axis].coefficients[$0], standardError: gyroscopeFits[axis].standardErrors[$0], scale: perG) }
        }
        // The lever arm: the three axes' estimates combined by inverse variance.
        leverArmMillimetres = (0..<3).map { component in
            let weights = accelerometerFits.map { 1 / max(1e-30, $0.standardErrors[3 + component] * $0.standardErrors[3 + component]) }
            let value = zip(weights, accelerometerFits).map { $0 * $1.coefficients[3 + component] }.reduce(0, +) / weights.reduce(0, +)
            return Estimate(value, standardError: (1 / weights.reduce(0, +)).squareRoot(), scale: 1000)
        }
    }
}
