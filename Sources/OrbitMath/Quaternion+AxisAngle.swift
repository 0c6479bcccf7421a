import Foundation

extension Quaternion {
    /// A rotation of `angle` radians about `axis` (right-hand rule), thesis eq. 4.18–4.21:
    /// (w, x, y, z) = (cos θ/2, axis·sin θ/2).
    ///
    /// `axis` is normalised here; a zero axis gives the identity (any angle about no axis).
    @inlinable
    public init(axis: Vector3, angle: Double) {
        guard let unit = axis.normalized else {
            self = .identity
            return
        }
        let half = 0.5 * angle
        self.init(scalar: cos(half), vector: sin(half) * unit)
    }

    /// The elementary rotation about one coordinate axis.
    @inlinable
    public init(about axis: Axis, angle: Double) {
        let half = 0.5 * angle
        let s = sin(half)
        switch axis {
        case .x: self.init(w: cos(half), x: s, y: 0, z: 0)
        case .y: self.init(w: cos(half), x: 0, y: s, z: 0)
        case .z: self.init(w: cos(half), x: 0, y: 0, z: s)
        }
    }

    /// The exponential map: a rotation vector (axis × angle, radians) to a unit quaternion.
    ///
    /// Below 0.2 rad the half-angle sine and cosine come from their Taylor series (truncation
    /// error below 1e-17): exact to double precision, no 0/0 at zero, and several times faster
    /// than calling sin and cos, which matters because gyroscope integration and hand jitter
    /// only ever produce small rotation vectors.
    @inlinable
    public init(rotationVector: Vector3) {
        let angleSquared = rotationVector.normSquared
        let sinHalfOverAngle: Double
        let cosHalf: Double
        if angleSquared < 0.04 {
            let h2 = angleSquared / 4  // (θ/2)²
            // sin(θ/2)/θ = ½·sin(h)/h and cos(θ/2) = cos h, h = θ/2, Taylor in h² (Horner).
            sinHalfOverAngle =
                0.5 * (1 + h2 * (-0.16666666666666666 + h2 * (0.008333333333333333 + h2 * (-0.0001984126984126984 + h2 * (2.7557319223985893e-06)))))
            cosHalf =
                1 + h2
                * (-0.5 + h2 * (0.041666666666666664 + h2 * (-0.001388888888888889 + h2 * (2.48015873015873e-05 + h2 * (-2.755731922398589e-07)))))
        } else {
            let angle = angleSquared.squareRoot()
            sinHalfOverAngle = sin(angle / 2) / angle
            cosHalf = cos(angle / 2)
        }
        self.init(scalar: cosHalf, vector: sinHalfOverAngle * rotationVector)
    }

    /// Rotation angle in radians, in [0, π] (the shorter of q and −q).
    @inlinable
    public var angle: Double {
        2 * atan2(vector.norm, abs(w))
    }

    /// Unit rotation axis for the representative with angle in [0, π]; `nil` for the identity
    /// (no unique axis).
    @inlinable
    public var axis: Vector3? {
        canonical.vector.normalized
    }

    /// The logarithmic map: axis × angle with angle in [0, π]. Identity gives the zero vector.
    /// For a rotation of exactly π both ±axis·π are valid; the sign follows the stored vector.
    @inlinable
    public var rotationVector: Vector3 {
        let q = canonical
        let sinHalf = q.vector.norm
        let angle = 2 * atan2(sinHalf, q.w)
        // angle / sin(θ/2), with its series near zero.
        let scale = sinHalf < 1e-8 ? 2 / max(q.w, 1e-300) : angle / sinHalf
        return scale * q.vector
    }

    /// Angle in radians of the rotation that takes `self` to `other`, in [0, π]. Treats q and
    /// −q as the same attitude.
    @inlinable
    public func angularDistance(to other: Quaternion) -> Double {
        // 2·acos(|q·p|) loses precision near 0; the atan2 form does not.
        let delta = conjugate * other
        return 2 * atan2(delta.vector.norm, abs(delta.w))
    }

    /// True when both quaternions represent the same rotation within `tolerance` radians.
    @inlinable
    public func isSameRotation(as other: Quaternion, tolerance: Double) -> Bool {
        angularDistance(to: other) <= tolerance
    }
}
