import Foundation
import OrbitMath

/// Orientation error split as BROAD defines it (Laidig et al., Data 2021): the earth-frame
/// error quaternion q_err = q_est ⊗ q_true⁻¹ = (w, x, y, z), normalised; total error
/// 2·acos(|w|), heading error 2·atan(|z/w|) (rotation about the vertical), inclination error
/// 2·acos(√(w² + z²)). All angles in radians.
///
/// q_err is normalised first, so an estimate of norm 2 is measured as the rotation it stands
/// for, never as a smaller error; a quaternion that is not finite or is zero stands for no
/// rotation: every part is NaN (`unavailable`), never 0. A half-turn about a horizontal axis
/// (w = z = 0) has no heading part: heading 0.
public struct AttitudeError: Sendable, Equatable {
    public var total: Double
    public var heading: Double
    public var inclination: Double

    @inlinable @inline(__always)
    public init(estimate: Quaternion, truth: Quaternion) {
        var error = estimate * truth.conjugate
        let normSquared = error.normSquared
        // Unit within rounding (every filter's output) is used as it is; the rest, NaN
        // included (the comparison is false for it), is normalised or found to be no rotation.
        if !(abs(normSquared - 1) <= 1e-12) {
            guard let unit = Self.normalized(error) else {
                self.init(total: .nan, heading: .nan, inclination: .nan)
                return
            }
            error = unit
        }
        self.init(
            total: 2 * acos(min(1, abs(error.w))), heading: error.w == 0 ? (error.z == 0 ? 0 : .pi) : 2 * atan(abs(error.z / error.w)),
            inclination: 2 * acos(min(1, (error.w * error.w + error.z * error.z).squareRoot())))
    }

    /// `q` at unit norm, scaled by its largest part first so that squares neither overflow nor
    /// underflow; `nil` when it is not finite or zero.
    @usableFromInline
    static func normalized(_ q: Quaternion) -> Quaternion? {
        let largest = max(max(abs(q.w), abs(q.x)), max(abs(q.y), abs(q.z)))
        guard q.isFinite, largest > 0 else { return nil }
        return ((1 / largest) * q).normalized
    }

    /// NaN in every part: no reference to compare with.
    public static let unavailable = AttitudeError(total: .nan, heading: .nan, inclination: .nan)

    @usableFromInline
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
