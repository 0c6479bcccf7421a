import Foundation

/// A vector in 3-space. Used for positions (m), rates (rad/s), accelerations (m/s²) and
/// magnetic fields (µT); the unit is carried by the name of the variable holding it.
public struct Vector3: Hashable, Sendable, BitwiseCopyable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var z: Double

    @inlinable
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    @inlinable
    public init(_ x: Double, _ y: Double, _ z: Double) {
        self.init(x: x, y: y, z: z)
    }

    // Computed and inlinable rather than stored globals: a stored `static let` is reached
    // through a lazy-initialisation accessor call in other modules, even in hot loops.
    @inlinable public static var zero: Vector3 { Vector3(0, 0, 0) }
    @inlinable public static var unitX: Vector3 { Vector3(1, 0, 0) }
    @inlinable public static var unitY: Vector3 { Vector3(0, 1, 0) }
    @inlinable public static var unitZ: Vector3 { Vector3(0, 0, 1) }

    /// Component by zero-based index (0 = x, 1 = y, 2 = z). Traps on any other index.
    @inlinable
    public subscript(index: Int) -> Double {
        get {
            switch index {
            case 0: return x
            case 1: return y
            case 2: return z
            default: preconditionFailure("Vector3 index \(index) out of 0...2")
            }
        }
        set {
            switch index {
            case 0: x = newValue
            case 1: y = newValue
            case 2: z = newValue
            default: preconditionFailure("Vector3 index \(index) out of 0...2")
            }
        }
    }

    @inlinable public var normSquared: Double { x * x + y * y + z * z }
    @inlinable public var norm: Double { normSquared.squareRoot() }

    /// The unit vector in the same direction. The zero vector (and any vector whose norm
    /// underflows to zero) has no direction: the result is then `nil`.
    @inlinable
    public var normalized: Vector3? {
        let length = norm
        guard length > 0, length.isFinite else { return nil }
        return self / length
    }

    /// True when every component is finite (no NaN, no ±infinity).
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

    @inlinable
    public func dot(_ other: Vector3) -> Double { x * other.x + y * other.y + z * other.z }

    @inlinable
    public func cross(_ other: Vector3) -> Vector3 {
        Vector3(y * other.z - z * other.y, z * other.x - x * other.z, x * other.y - y * other.x)
    }

    /// Angle between two vectors in radians, in [0, π]. Stable for nearly parallel vectors
    /// (uses atan2 of |a×b| and a·b rather than acos). Zero vectors give 0.
    @inlinable
    public func angle(to other: Vector3) -> Double {
        atan2(cross(other).norm, dot(other))
    }

    @inlinable
    public static func + (lhs: Vector3, rhs: Vector3) -> Vector3 {
        Vector3(lhs.x + rhs.x, lhs.y + rhs.y, lhs.z + rhs.z)
    }

    @inlinable
    public static func - (lhs: Vector3, rhs: Vector3) -> Vector3 {
        Vector3(lhs.x - rhs.x, lhs.y - rhs.y, lhs.z - rhs.z)
    }

    @inlinable
    public static prefix func - (vector: Vector3) -> Vector3 { Vector3(-vector.x, -vector.y, -vector.z) }

    @inlinable
    public static func * (scale: Double, vector: Vector3) -> Vector3 {
        Vector3(scale * vector.x, scale * vector.y, scale * vector.z)
    }

    @inlinable
    public static func * (vector: Vector3, scale: Double) -> Vector3 { scale * vector }

    @inlinable
    public static func / (vector: Vector3, divisor: Double) -> Vector3 {
        Vector3(vector.x / divisor, vector.y / divisor, vector.z / divisor)
    }

    @inlinable public static func += (lhs: inout Vector3, rhs: Vector3) { lhs = lhs + rhs }
    @inlinable public static func -= (lhs: inout Vector3, rhs: Vector3) { lhs = lhs - rhs }
    @inlinable public static func *= (lhs: inout Vector3, scale: Double) { lhs = lhs * scale }

    /// Component-wise product (used for per-axis scale factors).
    @inlinable
    public func scaled(by factors: Vector3) -> Vector3 {
        Vector3(x * factors.x, y * factors.y, z * factors.z)
    }

    public var description: String { "(\(x), \(y), \(z))" }
}
