/// The quintic smootherstep S(u) = 6u⁵ − 15u⁴ + 10u³ on u ∈ [0, 1], with what the ramps of the
/// simulator need of it: S rises from 0 to 1 with zero first and second derivatives at both
/// ends, so anything faded in or out by it stays C².
///
/// Derivatives are with respect to u; a ramp of length T scales them by 1/T, 1/T² (and the
/// integral by T). Outside [0, 1] the polynomial is not clamped: callers clamp u.
struct Smootherstep {
    /// S(u).
    let value: Double
    /// S′(u) = 30u²(u − 1)².
    let slope: Double
    /// S″(u) = 60u(u − 1)(2u − 1).
    let curvature: Double
    /// ∫₀ᵘ S = u⁶ − 3u⁵ + 2.5u⁴.
    let integral: Double

    @inline(__always)
    init(_ u: Double) {
        let u2 = u * u
        value = u2 * u * (u * (6 * u - 15) + 10)
        slope = 30 * u2 * (u - 1) * (u - 1)
        curvature = 60 * u * (u - 1) * (2 * u - 1)
        integral = u2 * u2 * (u2 - 3 * u + 2.5)
    }
}
