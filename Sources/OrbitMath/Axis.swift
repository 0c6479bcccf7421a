/// A coordinate axis, numbered as in Diebel (2006) and the rephotography thesis: 1 = x, 2 = y,
/// 3 = z.
public enum Axis: Int, CaseIterable, Sendable {
    case x = 1
    case y = 2
    case z = 3

    /// Zero-based component index (x → 0).
    @inlinable public var index: Int { rawValue - 1 }

    @inlinable
    public var unitVector: Vector3 {
        switch self {
        case .x: return .unitX
        case .y: return .unitY
        case .z: return .unitZ
        }
    }

    /// +1 when (self, second, third) is a cyclic (right-handed) ordering of x, y, z, −1 when it
    /// is anti-cyclic. The three axes must be distinct.
    @inlinable
    public static func parity(_ first: Axis, _ second: Axis, _ third: Axis) -> Double {
        precondition(first != second && second != third && first != third, "axes must be distinct")
        return (second.rawValue - first.rawValue + 3) % 3 == 1 ? 1 : -1
    }

    /// The axis that is neither `a` nor `b` (which must differ).
    @inlinable
    public static func remaining(_ a: Axis, _ b: Axis) -> Axis {
        precondition(a != b, "axes must differ")
        return Axis(rawValue: 6 - a.rawValue - b.rawValue)!
    }
}
