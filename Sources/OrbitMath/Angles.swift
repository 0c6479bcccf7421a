import Foundation

/// Angle helpers. Everything is in radians unless the name says degrees.
public enum Angles {
    @inlinable public static var degreesPerRadian: Double { 180 / Double.pi }
    @inlinable public static var radiansPerDegree: Double { Double.pi / 180 }

    @inlinable public static func degrees(_ radians: Double) -> Double { radians * (180 / .pi) }
    @inlinable public static func radians(_ degrees: Double) -> Double { degrees * (.pi / 180) }

    /// Wraps to (−π, π]. Non-finite input is returned unchanged (NaN stays NaN).
    @inlinable
    public static func wrapToPi(_ angle: Double) -> Double {
        guard angle.isFinite else { return angle }
        if angle > -.pi && angle <= .pi { return angle }
        var wrapped = angle.truncatingRemainder(dividingBy: 2 * .pi)
        if wrapped <= -.pi { wrapped += 2 * .pi } else if wrapped > .pi { wrapped -= 2 * .pi }
        return wrapped
    }

    /// Wraps to [0, 2π). Non-finite input is returned unchanged.
    @inlinable
    public static func wrapToTwoPi(_ angle: Double) -> Double {
        guard angle.isFinite else { return angle }
        var wrapped = angle.truncatingRemainder(dividingBy: 2 * .pi)
        if wrapped < 0 { wrapped += 2 * .pi }
        // −tiny + 2π rounds to exactly 2π, which is outside the half-open range.
        return wrapped >= 2 * .pi ? 0 : wrapped
    }

    /// Wraps degrees to [0, 360).
    @inlinable
    public static func wrapTo360(_ degrees: Double) -> Double {
        guard degrees.isFinite else { return degrees }
        var wrapped = degrees.truncatingRemainder(dividingBy: 360)
        if wrapped < 0 { wrapped += 360 }
        return wrapped >= 360 ? 0 : wrapped
    }

    /// Signed shortest rotation from `from` to `to`, in (−π, π].
    @inlinable
    public static func signedDifference(from: Double, to: Double) -> Double { wrapToPi(to - from) }

    /// Unsigned circular distance between two angles, in [0, π].
    @inlinable
    public static func circularDistance(_ a: Double, _ b: Double) -> Double { abs(wrapToPi(a - b)) }

    /// Removes 2π jumps: each output differs from the previous one by the wrapped difference of
    /// the inputs, so a sequence that steps across ±π continues smoothly. The first element is
    /// kept as is. Assumes consecutive samples are less than π apart.
    public static func unwrap(_ angles: [Double]) -> [Double] {
        var unwrapper = AngleUnwrapper()
        return angles.map { unwrapper.next($0) }
    }

    /// The circular mean: direction of the sum of unit vectors, in (−π, π]. `nil` when the
    /// input is empty or the vectors cancel (resultant length below 1e-12 of the count), where
    /// no mean direction exists, e.g. for {0, π}.
    public static func circularMean<S: Sequence>(_ angles: S) -> Double? where S.Element == Double {
        var sumSin = 0.0, sumCos = 0.0, count = 0
        for angle in angles {
            sumSin += sin(angle)
            sumCos += cos(angle)
            count += 1
        }
        guard count > 0, hypot(sumSin, sumCos) > 1e-12 * Double(count) else { return nil }
        return atan2(sumSin, sumCos)
    }

    /// Mean resultant length R̄ ∈ [0, 1] (1 = all angles equal, 0 = uniformly spread). Empty
    /// input gives 0.
    public static func meanResultantLength<S: Sequence>(_ angles: S) -> Double where S.Element == Double {
        var sumSin = 0.0, sumCos = 0.0, count = 0
        for angle in angles {
            sumSin += sin(angle)
            sumCos += cos(angle)
            count += 1
        }
        return count == 0 ? 0 : hypot(sumSin, sumCos) / Double(count)
    }
}

/// Streaming unwrapper for hot loops: feed wrapped angles one at a time, get a continuous
/// angle back. No allocation.
public struct AngleUnwrapper: Sendable {
    @usableFromInline var previousWrapped: Double?
    @usableFromInline var accumulated = 0.0

    public init() {}

    /// The continuous angle for the next wrapped sample (radians). A non-finite sample is
    /// returned as is and does not disturb the unwrapping of the samples after it.
    @inlinable
    public mutating func next(_ wrapped: Double) -> Double {
        guard wrapped.isFinite else { return wrapped }
        if let previous = previousWrapped {
            accumulated += Angles.wrapToPi(wrapped - previous)
        } else {
            accumulated = wrapped
        }
        previousWrapped = wrapped
        return accumulated
    }

    public mutating func reset() {
        previousWrapped = nil
        accumulated = 0
    }
}
