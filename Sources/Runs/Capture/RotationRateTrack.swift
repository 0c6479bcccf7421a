import Foundation
import OrbitMath

/// The rotation rate the app received from DeviceMotion over a run, to read it at any frame:
/// what the app could know about blur before looking at a single pixel.
public struct RotationRateTrack: Sendable {
    /// DeviceMotion timestamps, s, ascending.
    public private(set) var timestamps: [Double] = []
    /// Rotation rate at each timestamp, rad/s, body frame.
    public private(set) var rates: [Vector3] = []

    public init() {}

    /// Adds one delivered update; an update older than the last one kept is ignored (a
    /// repeated or reordered delivery adds nothing new).
    public mutating func append(timestamp: Double, rotationRate: Vector3) {
        guard timestamp.isFinite, rotationRate.isFinite, timestamp > (timestamps.last ?? -.infinity) else { return }
        timestamps.append(timestamp)
        rates.append(rotationRate)
    }

    /// |rotation rate| at `time`, linearly interpolated between the updates around it and
    /// held at the ends, °/s; `nil` for an empty track.
    public func magnitude(at time: Double) -> Double? {
        guard let first = timestamps.first, let last = timestamps.last, time.isFinite else { return nil }
        // Held at the ends: the nearest update outside the span.
        guard let (low, high, fraction) = TimeBracket.locate(timestamps, min(max(time, first), last)) else { return nil }
        return Angles.degrees((rates[low] + fraction * (rates[high] - rates[low])).norm)
    }

    /// First-order blur of the picture centre for a rotation of `rate` °/s: rate × exposure ×
    /// focal length, px. Exact for a turn about an axis across the optical axis; a roll about
    /// the axis itself blurs the edges, not the centre, so this over-predicts the centre then.
    public static func predictedBlur(rate: Double, exposure: Double, focalLength: Double) -> Double {
        Angles.radians(rate) * exposure * focalLength
    }
}
