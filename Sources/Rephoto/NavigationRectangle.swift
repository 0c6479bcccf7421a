import Foundation
import OrbitMath

/// The rotation from the reference attitude to the current one, thesis eq. 4.22:
/// q_Δ = q₀⁻¹ ⊗ q₁.
public enum RelativeAttitude {
    @inlinable
    public static func delta(reference: Quaternion, current: Quaternion) -> Quaternion {
        (reference.inverse ?? reference.conjugate) * current
    }
}

/// ROLL and PITCH of a relative attitude exactly as the thesis writes them (eq. 4.23–4.24,
/// sequence (2, 1, 3) of eq. 4.17), radians.
public struct NavigationAngles: Sendable, Equatable {
    public var roll: Double
    public var pitch: Double

    public init(roll: Double, pitch: Double) {
        self.roll = roll
        self.pitch = pitch
    }

    /// ROLL = atan2(−2·qx·qz + 2·qw·qy, qz² − qy² − qx² + qw²),
    /// PITCH = asin(2·qy·qz + 2·qw·qx) (clamped to asin's domain against rounding).
    public init(_ q: Quaternion) {
        roll = atan2(-2 * q.x * q.z + 2 * q.w * q.y, q.z * q.z - q.y * q.y - q.x * q.x + q.w * q.w)
        pitch = asin(max(-1, min(1, 2 * q.y * q.z + 2 * q.w * q.x)))
    }
}

/// The navigation rectangle of the rephotography app (thesis 4.3.2).
///
/// Retaking a scene, the rectangle shows the relative rotation q_Δ: it sits at
/// x = (ROLL + π)/(2π)·WIDTH, y = (PITCH + π/2)/π·HEIGHT, i.e. in the centre when aligned; rolling
/// the device (about its y axis) moves it horizontally, pitching (about x) vertically.
/// Capturing a new scene, it is a level indicator for the absolute attitude and also turns by
/// the yaw.
public struct NavigationRectangle: Sendable, Equatable {
    /// Size of the camera view, points.
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Rectangle position for angles (thesis equations).
    public func position(_ angles: NavigationAngles) -> (x: Double, y: Double) {
        ((angles.roll + .pi) / (2 * .pi) * width, (angles.pitch + .pi / 2) / .pi * height)
    }

    /// Retaking: position for the current attitude relative to the reference.
    public func guidance(reference: Quaternion, current: Quaternion) -> (x: Double, y: Double) {
        position(NavigationAngles(RelativeAttitude.delta(reference: reference, current: current)))
    }

    /// New scene: position from the absolute attitude's roll and pitch, and the rectangle's
    /// rotation, the (2, 1, 3) yaw, rad.
    public func levelIndicator(_ attitude: Quaternion) -> (x: Double, y: Double, rotation: Double) {
        let angles = attitude.coreMotionAngles
        let (x, y) = position(NavigationAngles(roll: angles.roll, pitch: angles.pitch))
        return (x, y, angles.yaw)
    }

    /// Whether the user is aligned: both ROLL and PITCH of q_Δ within `tolerance` rad.
    public func isAligned(reference: Quaternion, current: Quaternion, tolerance: Double) -> Bool {
        let angles = NavigationAngles(RelativeAttitude.delta(reference: reference, current: current))
        return abs(angles.roll) <= tolerance && abs(angles.pitch) <= tolerance
    }
}
