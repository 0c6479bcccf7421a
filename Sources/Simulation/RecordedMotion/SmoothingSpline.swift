import CGSL
import Foundation

/// A cubic smoothing spline of one recorded coordinate: a penalised least-squares fit of cubic
/// B-splines on uniformly spaced knots (a P-spline, Eilers & Marx 1996), solved with GSL's banded
/// Cholesky factorisation. The knot spacing sets the bandwidth (motion faster than about
/// 1 / (2 · spacing) Hz is smoothed away); the penalty on second differences of neighbouring
/// coefficients carries the curve across samples that are missing (NaN).
///
/// The basis is the uniform cubic B-spline with knots continued past both ends (Eilers & Marx's
/// choice), whose four non-zero functions on an interval have a closed form; GSL 2.7's
/// `gsl_bspline_eval_nonzero` looks the interval up linearly, which made a 3-minute recording
/// cost seconds per coordinate. Once fitted, the spline is held as one cubic per interval, so
/// evaluating it allocates nothing and is safe to share between threads.
public struct SmoothingSpline: Sendable {
    /// First knot (the first sample instant), s.
    public let start: Double
    /// Knot spacing actually used (the requested one, shrunk so the knots end on the last sample), s.
    public let knotSpacing: Double
    /// Per knot interval, the coefficients of a₀ + a₁u + a₂u² + a₃u³, u ∈ [0, 1) the position
    /// in the interval.
    private let pieces: [SIMD4<Double>]

    /// Fits `values` (NaN where missing) at `times` (s, strictly increasing, finite).
    ///
    /// - Parameters:
    ///   - knotSpacing: requested distance between knots, s (> 0).
    ///   - penalty: weight of the squared second differences of the coefficients, relative to
    ///     one knot interval's worth of samples (so the same value smooths alike at any rate).
    /// - Throws: `GSLError` when fewer than two values are finite or the solver fails.
    public init(times: [Double], values: [Double], knotSpacing requested: Double, penalty: Double) throws(GSLError) {
        precondition(times.count == values.count, "one value per time")
        let finite = values.indices.filter { values[$0].isFinite }
        guard let first = times.first, let last = times.last, finite.count >= 2, last > first else {
            throw GSLError(code: Int32(GSL_EINVAL), context: "smoothing spline: needs at least two finite values over a positive time span")
        }
        let fitter = try Fitter(span: first...last, times: finite.map { times[$0] }, knotSpacing: requested, penalty: penalty)
        self = try fitter.fit(finite.map { values[$0] })
    }

    init(start: Double, knotSpacing: Double, pieces: [SIMD4<Double>]) {
        self.start = start
        self.knotSpacing = knotSpacing
        self.pieces = pieces
    }

    /// The least-squares system of one set of sample instants, factorised once: every series
    /// sampled at those instants is then fitted with one right-hand side and one banded solve
    /// (what fitting many signals on one clock wants).
    /// Sendable: after `init` the decomposition is only read (`fit` solves into its own
    /// vectors), so fits may run on several threads at once.
    public final class Fitter: @unchecked Sendable {
        let start: Double, spacing: Double, intervals: Int
        /// Per sample: its interval and the four basis weights there.
        let samples: [(interval: Int, weights: SIMD4<Double>)]
        /// The factorised normal matrix (GSL band format), owned.
        private let normal: UnsafeMutablePointer<gsl_matrix>

        /// Knots over `span` every `knotSpacing` (shrunk to end on its upper bound), samples at
        /// `times` (s, in `span`), the second-difference penalty as `SmoothingSpline.init`.
        ///
        /// - Throws: `GSLError` for fewer than two times, no positive span or a failed factorisation.
        public init(span: ClosedRange<Double>, times: [Double], knotSpacing requested: Double, penalty: Double) throws(GSLError) {
            _ = GSL.errorHandlerDisabled
            guard times.count >= 2, span.upperBound > span.lowerBound, requested > 0 else {
                throw GSLError(code: Int32(GSL_EINVAL), context: "smoothing spline: needs at least two samples over a positive time span")
            }
            intervals = max(1, Int(((span.upperBound - span.lowerBound) / requested).rounded(.up)))
            start = span.lowerBound
            spacing = (span.upperBound - span.lowerBound) / Double(intervals)
            let count = intervals + 3
            // Normal equations (BᵀB + λDᵀD) in GSL's symmetric band format: AB(i, j) = A(i + j, i).
            guard let normal = gsl_matrix_calloc(count, 4) else { throw GSLError(code: Int32(GSL_ENOMEM), context: "smoothing spline: allocation") }
            self.normal = normal
            let (start, spacing, intervals) = (start, spacing, intervals)
            samples = times.map { SmoothingSpline.basis(at: $0, start: start, spacing: spacing, intervals: intervals) }
            let band = normal.pointee.data!, stride = normal.pointee.tda
            func add(_ row: Int, _ column: Int, _ value: Double) {
                let (low, high) = row <= column ? (row, column) : (column, row)
                band[low * stride + high - low] += value
            }
            for (interval, weights) in samples {
                for r in 0..<4 { for c in r..<4 { add(interval + r, interval + c, weights[r] * weights[c]) } }
            }
            let lambda = penalty * Double(times.count) / Double(intervals)
            let difference = [1.0, -2.0, 1.0]
            for j in 0..<(count - 2) {
                for a in 0..<3 { for b in a..<3 { add(j + a, j + b, lambda * difference[a] * difference[b]) } }
            }
            try GSL.check(gsl_linalg_cholesky_band_decomp(normal), "gsl_linalg_cholesky_band_decomp")
        }

        deinit { gsl_matrix_free(normal) }

        /// The spline through `values`, one per sample time of the fitter (finite).
        public func fit(_ values: [Double]) throws(GSLError) -> SmoothingSpline {
            precondition(values.count == samples.count, "one value per sample time")
            let count = intervals + 3
            guard let right = gsl_vector_calloc(count), let solution = gsl_vector_alloc(count) else {
                throw GSLError(code: Int32(GSL_ENOMEM), context: "smoothing spline: allocation")
            }
            defer {
                gsl_vector_free(right)
                gsl_vector_free(solution)
            }
            let data = right.pointee.data!, stride = right.pointee.stride
            for (sample, value) in zip(samples, values) {
                for r in 0..<4 { data[(sample.interval + r) * stride] += sample.weights[r] * value }
            }
            try GSL.check(gsl_linalg_cholesky_band_solve(normal, right, solution), "gsl_linalg_cholesky_band_solve")
            // The uniform cubic B-spline's basis matrix turns four coefficients into the power form.
            let pieces = (0..<intervals).map { k in
                let c0 = gsl_vector_get(solution, k), c1 = gsl_vector_get(solution, k + 1)
                let c2 = gsl_vector_get(solution, k + 2), c3 = gsl_vector_get(solution, k + 3)
                return SIMD4(c0 + 4 * c1 + c2, 3 * (c2 - c0), 3 * (c0 - 2 * c1 + c2), -c0 + 3 * c1 - 3 * c2 + c3) / 6
            }
            return SmoothingSpline(start: start, knotSpacing: spacing, pieces: pieces)
        }
    }

    /// The interval holding `time` and the four non-zero basis functions there.
    static func basis(at time: Double, start: Double, spacing: Double, intervals: Int) -> (interval: Int, weights: SIMD4<Double>) {
        let (interval, u) = locate(time, start: start, spacing: spacing, intervals: intervals)
        let v = 1 - u
        return (interval, SIMD4(v * v * v, (3 * u - 6) * u * u + 4, ((-3 * u + 3) * u + 3) * u + 1, u * u * u) / 6)
    }

    /// The interval index and the position u in it (continued beyond the ends).
    @inline(__always)
    static func locate(_ time: Double, start: Double, spacing: Double, intervals: Int) -> (Int, Double) {
        let scaled = (time - start) / spacing
        // NaN and times before the start take the first interval (Int(NaN) would trap).
        let interval = scaled >= 1 ? Int(min(scaled, Double(intervals - 1))) : 0
        return (interval, scaled - Double(interval))
    }

    /// The last knot, s.
    public var end: Double { start + Double(pieces.count) * knotSpacing }

    /// Value, first and second derivative (per s, per s²) at `time`; beyond the ends, the end
    /// intervals' cubics continued.
    @inline(__always)
    public func evaluate(_ time: Double) -> (value: Double, rate: Double, acceleration: Double) {
        let (interval, u) = Self.locate(time, start: start, spacing: knotSpacing, intervals: pieces.count)
        let a = pieces[interval]
        let perSecond = 1 / knotSpacing
        return (
            a[0] + u * (a[1] + u * (a[2] + u * a[3])), (a[1] + u * (2 * a[2] + u * 3 * a[3])) * perSecond,
            (2 * a[2] + 6 * u * a[3]) * perSecond * perSecond
        )
    }
}
