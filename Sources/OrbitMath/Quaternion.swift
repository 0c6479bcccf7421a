/// A quaternion w + x·i + y·j + z·k with the Hamilton product (i·j = k).
///
/// Used as an attitude, a unit quaternion rotates body-frame vectors into the world frame,
/// v_w = q ⊗ v_b ⊗ q*, exactly like `CMAttitude.quaternion` (whose `x, y, z, w` map to the
/// fields of the same name). q and −q are the same rotation; functions that compare
/// rotations say whether they account for that.
public struct Quaternion: Hashable, Sendable, BitwiseCopyable, Codable, CustomStringConvertible {
    /// Scalar part (`a` in thesis eq. 4.12, CMQuaternion `w`).
    public var w: Double
    public var x: Double
    public var y: Double
    public var z: Double

    @inlinable
    public init(w: Double, x: Double, y: Double, z: Double) {
        self.w = w
        self.x = x
        self.y = y
        self.z = z
    }

    /// A quaternion from a scalar part and a vector part.
    @inlinable
    public init(scalar: Double, vector: Vector3) {
        self.init(w: scalar, x: vector.x, y: vector.y, z: vector.z)
    }

    /// Computed and inlinable, like `Vector3.zero`: no accessor call in other modules.
    @inlinable public static var identity: Quaternion { Quaternion(w: 1, x: 0, y: 0, z: 0) }

    @inlinable public var vector: Vector3 { Vector3(x, y, z) }

    @inlinable public var normSquared: Double { w * w + x * x + y * y + z * z }

    /// Thesis eq. 4.14.
    @inlinable public var norm: Double { normSquared.squareRoot() }

    /// Thesis eq. 4.16. A zero (or non-finite) quaternion cannot be normalised: `nil`.
    @inlinable @inline(__always)
    public var normalized: Quaternion? {
        let length = norm
        guard length > 0, length.isFinite else { return nil }
        let inverse = 1 / length
        return Quaternion(w: w * inverse, x: x * inverse, y: y * inverse, z: z * inverse)
    }

    /// Brings a nearly unit quaternion back to unit norm without a square root or division:
    /// one Newton step q·(3 − ‖q‖²)/2, accurate to (‖q‖² − 1)² (below 1e-12 for the steps a
    /// filter takes). Quaternions further from unit norm (|‖q‖² − 1| ≥ 1e-3), zero or non-finite
    /// ones go through `normalized` (which gives `nil` for those that cannot be normalised).
    @inlinable @inline(__always)
    public var renormalized: Quaternion? {
        let n2 = normSquared
        guard abs(n2 - 1) < 1e-3 else { return normalized }
        let scale = 0.5 * (3 - n2)
        return Quaternion(w: w * scale, x: x * scale, y: y * scale, z: z * scale)
    }

    @inlinable public var conjugate: Quaternion { Quaternion(w: w, x: -x, y: -y, z: -z) }

    /// Multiplicative inverse (the conjugate for unit quaternions). `nil` for the zero quaternion.
    @inlinable
    public var inverse: Quaternion? {
        let n2 = normSquared
        guard n2 > 0, n2.isFinite else { return nil }
        return Quaternion(w: w / n2, x: -x / n2, y: -y / n2, z: -z / n2)
    }

    @inlinable public var isFinite: Bool { w.isFinite && x.isFinite && y.isFinite && z.isFinite }

    /// The same rotation with a non-negative scalar part (the representative with rotation
    /// angle in [0, π]).
    @inlinable
    public var canonical: Quaternion { w < 0 ? -self : self }

    @inlinable
    public func dot(_ other: Quaternion) -> Double {
        w * other.w + x * other.x + y * other.y + z * other.z
    }

    /// Hamilton product. For attitudes, `a * b` applies `b` first, then `a` (like matrices).
    @inlinable @inline(__always)
    public static func * (lhs: Quaternion, rhs: Quaternion) -> Quaternion {
        Quaternion(
            w: lhs.w * rhs.w - lhs.x * rhs.x - lhs.y * rhs.y - lhs.z * rhs.z,
            x: lhs.w * rhs.x + lhs.x * rhs.w + lhs.y * rhs.z - lhs.z * rhs.y,
            y: lhs.w * rhs.y - lhs.x * rhs.z + lhs.y * rhs.w + lhs.z * rhs.x,
            z: lhs.w * rhs.z + lhs.x * rhs.y - lhs.y * rhs.x + lhs.z * rhs.w
        )
    }

    @inlinable public static func *= (lhs: inout Quaternion, rhs: Quaternion) { lhs = lhs * rhs }

    @inlinable
    public static func + (lhs: Quaternion, rhs: Quaternion) -> Quaternion {
        Quaternion(w: lhs.w + rhs.w, x: lhs.x + rhs.x, y: lhs.y + rhs.y, z: lhs.z + rhs.z)
    }

    @inlinable
    public static func - (lhs: Quaternion, rhs: Quaternion) -> Quaternion {
        Quaternion(w: lhs.w - rhs.w, x: lhs.x - rhs.x, y: lhs.y - rhs.y, z: lhs.z - rhs.z)
    }

    @inlinable
    public static prefix func - (q: Quaternion) -> Quaternion { Quaternion(w: -q.w, x: -q.x, y: -q.y, z: -q.z) }

    @inlinable
    public static func * (scale: Double, q: Quaternion) -> Quaternion {
        Quaternion(w: scale * q.w, x: scale * q.x, y: scale * q.y, z: scale * q.z)
    }

    /// Rotates `vector` by this (unit) quaternion: q ⊗ v ⊗ q*. For an attitude this maps a
    /// body-frame vector into the world frame. Uses the expanded form (two cross products),
    /// which avoids building the intermediate quaternions. Assumes ‖q‖ = 1.
    @inlinable @inline(__always)
    public func rotate(_ vector: Vector3) -> Vector3 {
        let u = self.vector
        let t = 2 * u.cross(vector)
        return vector + w * t + u.cross(t)
    }

    /// Applies the inverse rotation, q* ⊗ v ⊗ q: world → body for an attitude.
    @inlinable @inline(__always)
    public func inverseRotate(_ vector: Vector3) -> Vector3 { conjugate.rotate(vector) }

    public var description: String { "Quaternion(w: \(w), x: \(x), y: \(y), z: \(z))" }
}
