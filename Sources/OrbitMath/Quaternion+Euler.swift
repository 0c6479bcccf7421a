import Foundation

extension Quaternion {
    /// The attitude of Euler angles in `sequence`: q = q_k(ψ) ⊗ q_j(θ) ⊗ q_i(φ)
    /// (Diebel's R_ijk(φ, θ, ψ), transposed into a body → world rotation).
    @inlinable
    public init(euler angles: EulerAngles, sequence: EulerSequence) {
        let (i, j, k) = sequence.axes
        self =
            Quaternion(about: k, angle: angles.psi) * Quaternion(about: j, angle: angles.theta)
            * Quaternion(about: i, angle: angles.phi)
    }

    /// CMAttitude semantics: yaw about z, then pitch about x, then roll about y.
    @inlinable
    public init(coreMotion angles: CoreMotionAngles) {
        self.init(euler: EulerAngles(phi: angles.roll, theta: angles.pitch, psi: angles.yaw), sequence: .coreMotion)
    }

    /// Decomposes this unit quaternion into Euler angles of `sequence` (the inverse of
    /// `init(euler:sequence:)` up to the ranges below).
    ///
    /// Ranges: φ, ψ ∈ (−π, π]; θ ∈ [−π/2, π/2] for Tait–Bryan, [0, π] for proper sequences.
    ///
    /// Gimbal lock: when θ is within `singularityTolerance` radians of a singular value (±π/2
    /// for Tait–Bryan, 0 or π for proper sequences) only φ ± ψ is defined. The decomposition
    /// then returns φ = 0 and puts the whole remaining rotation into ψ, so the returned angles
    /// still reproduce the rotation, but φ and ψ individually carry no meaning. Check
    /// `gimbalLockMargin(_:)` before trusting them.
    public func eulerAngles(_ sequence: EulerSequence, singularityTolerance: Double = 1e-9) -> EulerAngles {
        let m = rotationMatrix
        let (i, j, k) = sequence.axes
        if sequence.isProperEuler {
            let l = Axis.remaining(i, j)
            let e = Axis.parity(i, j, l)
            // A = R_i(ψ)·R_j(θ)·R_i(φ): A_ii = cos θ; row i and column i hold sin θ times the
            // sines and cosines of φ and ψ.
            let sinTheta = hypot(m[i, j], m[i, l])
            let theta = atan2(sinTheta, m[i, i])
            if sinTheta < sin(singularityTolerance) {
                let psi = atan2(e * m[l, j], m[j, j])
                return EulerAngles(phi: 0, theta: theta, psi: psi)
            }
            let phi = atan2(m[i, j], e * m[i, l])
            let psi = atan2(m[j, i], -e * m[l, i])
            return EulerAngles(phi: phi, theta: theta, psi: psi)
        } else {
            let e = Axis.parity(i, j, k)
            // A = R_k(ψ)·R_j(θ)·R_i(φ): A_ki = −e·sin θ; row k holds cos θ times the sine and
            // cosine of φ, column i those of ψ.
            let cosTheta = hypot(m[k, j], m[k, k])
            let theta = atan2(-e * m[k, i], cosTheta)
            if cosTheta < sin(singularityTolerance) {
                let psi = atan2(-e * m[i, j], m[j, j])
                return EulerAngles(phi: 0, theta: theta, psi: psi)
            }
            let phi = atan2(e * m[k, j], m[k, k])
            let psi = atan2(e * m[j, i], m[i, i])
            return EulerAngles(phi: phi, theta: theta, psi: psi)
        }
    }

    /// CMAttitude's pitch, roll and yaw (sequence (2, 1, 3), thesis eq. 4.17). Degenerate when
    /// the device y axis is vertical (pitch ±90°, e.g. a phone held upright in portrait); see
    /// `eulerAngles(_:singularityTolerance:)`.
    public var coreMotionAngles: CoreMotionAngles {
        let u = eulerAngles(.coreMotion)
        return CoreMotionAngles(pitch: u.theta, roll: u.phi, yaw: u.psi)
    }

    /// Angular distance (radians) of the middle angle θ from the nearest gimbal-lock value of
    /// `sequence`: π/2 − |θ| for Tait–Bryan, min(θ, π − θ) for proper sequences. Near zero the
    /// first and third angles are ill-conditioned.
    public func gimbalLockMargin(_ sequence: EulerSequence) -> Double {
        let m = rotationMatrix
        let (i, j, k) = sequence.axes
        if sequence.isProperEuler {
            let l = Axis.remaining(i, j)
            return atan2(hypot(m[i, j], m[i, l]), abs(m[i, i]))
        }
        return atan2(hypot(m[k, j], m[k, k]), abs(m[k, i]))
    }
}
