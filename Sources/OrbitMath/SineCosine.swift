import Foundation

extension Angles {
    /// Sine and cosine of one angle, faster than calling `sin` and `cos` (used in hot loops).
    ///
    /// The argument is reduced to r ∈ [−π/4, π/4] around the nearest multiple of π/2 with π/2
    /// split in three parts (Cody–Waite), so the reduction is exact to double precision for
    /// |angle| < 2²⁰·π/2; sin r and cos r come from their Taylor series to r¹⁵ and r¹⁶, whose
    /// truncation error is below 5·10⁻¹⁷. The result is within about one ulp of libm.
    /// Larger or non-finite arguments fall back to libm.
    @inlinable
    public static func sinCos(_ angle: Double) -> (sin: Double, cos: Double) {
        guard abs(angle) < 1_647_099.0 else { return (sin(angle), cos(angle)) }  // 2²⁰·π/2
        let quadrantScale = 0.636_619_772_367_581_343_08  // 2/π
        // Nearest integer without a libm call (|x| < 2⁵¹).
        let k = (angle * quadrantScale + 6_755_399_441_055_744.0) - 6_755_399_441_055_744.0
        // π/2 = p1 + p2 + p3; p1 and p2 have trailing zero bits so k·p1 and k·p2 are exact.
        let p1 = 1.570_796_326_734_125_614_17
        let p2 = 6.077_100_506_303_965_976_6e-11
        let p3 = 2.022_266_248_795_950_732_4e-21
        let r = ((angle - k * p1) - k * p2) - k * p3
        let r2 = r * r
        // Taylor coefficients ±1/n! in Horner form (literals: dividing would cost a division
        // per term).
        let s =
            r + r * r2
            * (-0.16666666666666666 + r2
                * (0.008333333333333333 + r2
                    * (-0.0001984126984126984 + r2
                        * (2.7557319223985893e-06 + r2 * (-2.505210838544172e-08 + r2 * (1.6059043836821613e-10 + r2 * (-7.647163731819816e-13)))))))
        let c =
            1 + r2
            * (-0.5 + r2
                * (0.041666666666666664 + r2
                    * (-0.001388888888888889 + r2
                        * (2.48015873015873e-05 + r2
                            * (-2.755731922398589e-07 + r2 * (2.08767569878681e-09 + r2 * (-1.1470745597729725e-11 + r2 * (4.779477332387385e-14))))))))
        switch Int(k) & 3 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }
}
