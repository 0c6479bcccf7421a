/// The twelve Euler angle sequences of Diebel (2006), thesis eq. 4.3, named by their axes:
/// `.yxz` is Diebel's (2, 1, 3).
///
/// Sequence (i, j, k) means R_ijk(φ, θ, ψ) = R_i(φ)·R_j(θ)·R_k(ψ) with Diebel's coordinate
/// rotations (thesis eq. 4.2, 4.8–4.10): the first rotation is ψ about axis k, then θ about the
/// new j, then φ about the newest i. For a body → world attitude quaternion this is
/// q = q_k(ψ) ⊗ q_j(θ) ⊗ q_i(φ).
public enum EulerSequence: CaseIterable, Sendable, CustomStringConvertible {
    case xyx, xyz, xzx, xzy
    case yxy, yxz, yzx, yzy
    case zxy, zxz, zyx, zyz

    /// CoreMotion's pitch/roll/yaw: Diebel (2, 1, 3), φ = roll (y), θ = pitch (x), ψ = yaw (z).
    public static let coreMotion = EulerSequence.yxz

    /// The axes (i, j, k) of R_i(φ)·R_j(θ)·R_k(ψ).
    @inlinable
    public var axes: (i: Axis, j: Axis, k: Axis) {
        switch self {
        case .xyx: return (.x, .y, .x)
        case .xyz: return (.x, .y, .z)
        case .xzx: return (.x, .z, .x)
        case .xzy: return (.x, .z, .y)
        case .yxy: return (.y, .x, .y)
        case .yxz: return (.y, .x, .z)
        case .yzx: return (.y, .z, .x)
        case .yzy: return (.y, .z, .y)
        case .zxy: return (.z, .x, .y)
        case .zxz: return (.z, .x, .z)
        case .zyx: return (.z, .y, .x)
        case .zyz: return (.z, .y, .z)
        }
    }

    /// Diebel's numbering, e.g. (2, 1, 3).
    public var diebelIndices: (Int, Int, Int) {
        let (i, j, k) = axes
        return (i.rawValue, j.rawValue, k.rawValue)
    }

    /// The sequence with Diebel's numbers (i, j, k); `nil` for the 15 invalid triples (two equal
    /// neighbours or a number outside 1...3).
    public init?(_ i: Int, _ j: Int, _ k: Int) {
        guard let match = EulerSequence.allCases.first(where: { $0.diebelIndices == (i, j, k) }) else {
            return nil
        }
        self = match
    }

    /// Proper Euler sequences repeat the first axis (i = k, e.g. (3, 1, 3)); the others are
    /// Tait–Bryan (Cardan) sequences.
    @inlinable
    public var isProperEuler: Bool { axes.i == axes.k }

    /// The range of θ returned by decomposition: [−π/2, π/2] (Tait–Bryan) or [0, π] (proper).
    /// Gimbal lock sits at the ends of this range.
    public var middleAngleRange: ClosedRange<Double> { isProperEuler ? 0...Double.pi : -Double.pi / 2...Double.pi / 2 }

    public var description: String {
        let (i, j, k) = diebelIndices
        return "(\(i), \(j), \(k))"
    }
}

/// Diebel's Euler angle vector u = [φ, θ, ψ] (thesis eq. 4.1), radians.
public struct EulerAngles: Hashable, Sendable, CustomStringConvertible {
    /// Angle about axis i, the last rotation applied (CoreMotion roll for (2, 1, 3)).
    public var phi: Double
    /// Angle about axis j, the middle rotation (CoreMotion pitch for (2, 1, 3)).
    public var theta: Double
    /// Angle about axis k, the first rotation applied (CoreMotion yaw for (2, 1, 3)).
    public var psi: Double

    @inlinable
    public init(phi: Double, theta: Double, psi: Double) {
        self.phi = phi
        self.theta = theta
        self.psi = psi
    }

    public var description: String { "[φ \(phi), θ \(theta), ψ \(psi)]" }
}

/// CMAttitude's `pitch`, `roll` and `yaw` (radians): Diebel sequence (2, 1, 3).
public struct CoreMotionAngles: Hashable, Sendable {
    /// Rotation about the device x axis (tilting the top edge up is positive), [−π/2, π/2].
    public var pitch: Double
    /// Rotation about the device y axis, (−π, π].
    public var roll: Double
    /// Rotation about the vertical z axis, (−π, π].
    public var yaw: Double

    @inlinable
    public init(pitch: Double, roll: Double, yaw: Double) {
        self.pitch = pitch
        self.roll = roll
        self.yaw = yaw
    }
}
