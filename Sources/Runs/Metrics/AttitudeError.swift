import Foundation
import OrbitMath

/// Orientation error split as BROAD defines it (Laidig et al., Data 2021): the earth-frame
/// error quaternion q_err = q_est ⊗ q_true⁻¹ = (w, x, y, z); total error 2·acos(|w|), heading
/// error 2·atan(|z/w|) (rotation about the vertical), inclination error 2·acos(√(w² + z²)).
/// All angles in radians.
///
/// Computed in atan2 form (total 2·atan2(√(x²+y²+z²), |w|), heading 2·atan2(|z|, |w|),
/// inclination 2·atan2(√(x²+y²), √(w²+z²))), which is exact near zero where acos loses half
/// the digits, and which depends on the direction of q_err only: an estimate of norm 2 is
/// measured as the rotation it stands for, never as a smaller error. A quaternion that is
/// not finite or is zero stands for no rotation: every part is NaN (`unavailable`), never 0.
/// A half-turn about a horizontal axis (w = z = 0) has no heading part: heading 0.
public struct AttitudeError: Sendable, Equatable {
    public var total: Double
    public var heading: Double
    public var inclination: Double

    public init(estimate: Quaternion, truth: Quaternion) {
        let product = estimate * truth.conjugate
        // Scaled by its largest part first, so squares neither overflow nor underflow.
        let largest = max(max(abs(product.w), abs(product.x)), max(abs(product.y), abs(product.z)))
        guard product.isFinite, largest > 0 else {
            self = .unavailable
            return
        }
        let error = (1 / largest) * product
        let w = abs(error.w), tilt = (error.x * error.x + error.y * error.y).squareRoot()
        total = 2 * atan2((tilt * tilt + error.z * error.z).squareRoot(), w)
        heading = 2 * atan2(abs(error.z), w)
        inclination = 2 * atan2(tilt, (w * w + error.z * error.z).squareRoot())
    }

    /// NaN in every part: no reference to compare with.
    public static let unavailable = AttitudeError(total: .nan, heading: .nan, inclination: .nan)

    init(total: Double, heading: Double, inclination: Double) {
        self.total = total
        self.heading = heading
        self.inclination = inclination
    }

    /// Signed heading part of q_est ⊗ q_true⁻¹, rad in (−π, π]: how far the estimate's earth
    /// frame is turned about the vertical from the true one.
    public static func signedHeading(estimate: Quaternion, truth: Quaternion) -> Double {
        let error = (estimate * truth.conjugate).canonical
        return 2 * atan2(error.z, error.w)
    }
}

/// Root mean square of the three error parts over a set of samples, degrees.
public struct AttitudeRMSE: Sendable, Equatable, Codable {
    public var totalDegrees: Double
    public var headingDegrees: Double
    public var inclinationDegrees: Double
    public var sampleCount: Int

    /// RMSE over the samples where `include` is true.
    public init(estimates: [Quaternion], truths: [Quaternion], include: (Int) -> Bool) {
        precondition(estimates.count == truths.count)
        var accumulator = AttitudeErrorAccumulator()
        for index in estimates.indices where include(index) {
            accumulator.add(AttitudeError(estimate: estimates[index], truth: truths[index]))
        }
        self = accumulator.rmse
    }

    init(totalDegrees: Double, headingDegrees: Double, inclinationDegrees: Double, sampleCount: Int) {
        self.totalDegrees = totalDegrees
        self.headingDegrees = headingDegrees
        self.inclinationDegrees = inclinationDegrees
        self.sampleCount = sampleCount
    }
}

/// Running sums of squared errors, for RMSEs over streams too long to keep.
public struct AttitudeErrorAccumulator: Sendable {
    private var total = 0.0, heading = 0.0, inclination = 0.0
    public private(set) var count = 0

    public init() {}

    @inline(__always)
    public mutating func add(_ error: AttitudeError) {
        total += error.total * error.total
        heading += error.heading * error.heading
        inclination += error.inclination * error.inclination
        count += 1
    }

    public mutating func add(_ other: AttitudeErrorAccumulator) {
        total += other.total
        heading += other.heading
        inclination += other.inclination
        count += other.count
    }

    /// Degrees; zeros when nothing was added.
    public var rmse: AttitudeRMSE {
        let scale = Angles.degreesPerRadian
        let n = Double(max(count, 1))
        return AttitudeRMSE(
            totalDegrees: (total / n).squareRoot() * scale, headingDegrees: (heading / n).squareRoot() * scale,
            inclinationDegrees: (inclination / n).squareRoot() * scale, sampleCount: count)
    }
}

/// Removes a constant heading offset from 6D estimates before comparison: a filter without
/// magnetometer cannot know where north is, so only heading *changes* are meaningful.
public enum HeadingAlignment {
    /// The circular mean of the signed heading error over `indices` (rad).
    public static func offset(estimates: [Quaternion], truths: [Quaternion], indices: Range<Int>) -> Double {
        offset(indices.lazy.map { (estimates[$0], truths[$0]) })
    }

    /// The circular mean of the signed heading error of estimate–truth pairs (rad); 0 for none.
    public static func offset<Pairs: Sequence>(_ pairs: Pairs) -> Double where Pairs.Element == (Quaternion, Quaternion) {
        Angles.circularMean(pairs.lazy.map { AttitudeError.signedHeading(estimate: $0.0, truth: $0.1) }) ?? 0
    }

    /// The rotation that removes `offset`: −`offset` about the vertical, applied on the left.
    public static func turn(removing offset: Double) -> Quaternion { Quaternion(about: .z, angle: -offset) }

    /// `estimates` turned about the vertical by −`offset`.
    public static func remove(_ offset: Double, from estimates: [Quaternion]) -> [Quaternion] {
        let turn = turn(removing: offset)
        return estimates.map { turn * $0 }
    }
}
