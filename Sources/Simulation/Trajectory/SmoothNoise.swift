import OrbitMath

/// A value a uniform cubic B-spline can blend: Double or Vector3.
public protocol SplineValue: Sendable {
    static var zero: Self { get }
    static func + (lhs: Self, rhs: Self) -> Self
    static func * (scale: Double, value: Self) -> Self
}

extension Double: SplineValue {}
extension Vector3: SplineValue {}

/// Band-limited smooth noise: a uniform cubic B-spline through Gaussian control points.
///
/// The spline is C² (value, rate and acceleration continuous), so it can drive a trajectory
/// whose derivatives are exact. Control points are `knotSpacing` apart; the B-spline acts as a
/// low-pass filter, so a spacing of 1/(2·bandwidth) gives noise up to about `bandwidth`.
/// Control points have standard deviation rms/√(151/315): the mean of Σ Bᵢ(u)² over a knot
/// interval is 151/315, so the curve itself has the requested RMS.
public struct SmoothNoise<Value: SplineValue>: Sendable {
    public let knotSpacing: Double
    @usableFromInline let inverseSpacing: Double
    @usableFromInline let controls: [Value]
    @usableFromInline let lastSegment: Int

    /// Noise defined on [0, duration]. Outside that interval the first or last segment is
    /// evaluated at its end (value continuous, derivatives those of the end point), so give a
    /// duration with some margin beyond the times you query. `draw` produces one standard
    /// normal control point per call.
    public init(duration: Double, knotSpacing: Double, rms: Double, draw: () -> Value) {
        precondition(knotSpacing > 0 && duration >= 0)
        self.knotSpacing = knotSpacing
        inverseSpacing = 1 / knotSpacing
        let segments = max(1, Int((duration / knotSpacing).rounded(.up)))
        let controlSigma = rms / (151.0 / 315.0).squareRoot()
        if rms > 0 {
            controls = (0..<(segments + 3)).map { _ in controlSigma * draw() }
        } else {
            controls = Array(repeating: .zero, count: segments + 3)
        }
        lastSegment = segments - 1
    }

    /// A curve that is zero everywhere.
    public static func silent() -> SmoothNoise {
        SmoothNoise(duration: 0, knotSpacing: 1, rms: 0) { .zero }
    }

    /// Value and first derivative (per second) at `time`. The second derivative `evaluate`
    /// also computes is dropped; inlined, the optimiser removes its arithmetic.
    @inlinable
    public func evaluateRate(at time: Double) -> (value: Value, rate: Value) {
        let (value, rate, _) = evaluate(at: time)
        return (value, rate)
    }

    /// Segment index and position u ∈ [0, 1] within it for `time`.
    @inlinable
    func locate(_ time: Double) -> (segment: Int, u: Double) {
        let scaled = max(0, time * inverseSpacing)
        let segment = Int(scaled)
        if segment > lastSegment { return (lastSegment, 1) }
        return (segment, scaled - Double(segment))
    }

    /// Value, first and second derivative (per second) at `time`.
    @inlinable
    public func evaluate(at time: Double) -> (value: Value, rate: Value, acceleration: Value) {
        let (segment, u) = locate(time)
        let c0 = controls[segment], c1 = controls[segment + 1], c2 = controls[segment + 2], c3 = controls[segment + 3]
        let u2 = u * u, u3 = u2 * u, v = 1 - u
        let value =
            (v * v * v / 6) * c0 + ((3 * u3 - 6 * u2 + 4) / 6) * c1
            + ((-3 * u3 + 3 * u2 + 3 * u + 1) / 6) * c2 + (u3 / 6) * c3
        let inverse = inverseSpacing
        let rate =
            (inverse * (-v * v / 2)) * c0 + (inverse * (1.5 * u2 - 2 * u)) * c1
            + (inverse * (-1.5 * u2 + u + 0.5)) * c2 + (inverse * (u2 / 2)) * c3
        let inverse2 = inverse * inverse
        let acceleration =
            (inverse2 * v) * c0 + (inverse2 * (3 * u - 2)) * c1
            + (inverse2 * (1 - 3 * u)) * c2 + (inverse2 * u) * c3
        return (value, rate, acceleration)
    }
}
