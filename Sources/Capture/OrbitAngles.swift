import Foundation
import OrbitMath

/// How the app holds the phone (decides which body axis is "up" in the picture).
public enum CaptureOrientation: String, CaseIterable, Sendable {
    /// Top of the phone to the user's left: the picture's up is the body +x axis.
    case landscapeRight = "landscape_right"
    /// Top of the phone to the user's right: the picture's up is body −x.
    case landscapeLeft = "landscape_left"
    /// Upright: the picture's up is body +y.
    case portrait

    /// The body axis pointing to the top of the picture.
    public var imageUp: Vector3 {
        switch self {
        case .landscapeRight: return .unitX
        case .landscapeLeft: return -.unitX
        case .portrait: return .unitY
        }
    }
}

/// How the orbit angle and the deviations are read from the attitude.
public enum AngleSource: String, CaseIterable, Sendable {
    /// The seed's method: CoreMotion Euler angles (sequence (2, 1, 3)) relative to the start;
    /// yaw is the angle, pitch and roll the deviations. Breaks down near pitch ±90°, where yaw
    /// and roll become indistinguishable (a phone upright in portrait).
    case eulerYaw = "euler_yaw"
    /// Azimuth of the camera's optical axis (−z body) on the horizontal plane; deviations are
    /// the change of its elevation and of the picture's roll about it. Defined for any
    /// orientation except a camera looking straight up or down.
    case opticalAxis = "optical_axis"
}

/// Orbit angle and deviations of one attitude relative to the recording's start, degrees.
public struct OrbitPose: Sendable, BitwiseCopyable, Equatable, Codable {
    /// Orbit angle in [0, 360), counter-clockwise seen from above.
    public var angle: Double
    /// Change of the camera's tilt (pitch for Euler), degrees.
    public var pitchDeviation: Double
    /// Change of the picture's roll, degrees.
    public var rollDeviation: Double

    public init(angle: Double, pitchDeviation: Double, rollDeviation: Double) {
        self.angle = angle
        self.pitchDeviation = pitchDeviation
        self.rollDeviation = rollDeviation
    }
}

/// Reads `OrbitPose`s relative to a start attitude.
public struct OrbitAngleReader: Sendable {
    public let source: AngleSource
    public let orientation: CaptureOrientation
    private let start: Quaternion
    private let startEuler: CoreMotionAngles
    private let startAzimuth: Double
    private let startElevation: Double
    private let startRoll: Double

    public init(start: Quaternion, source: AngleSource, orientation: CaptureOrientation) {
        self.start = start
        self.source = source
        self.orientation = orientation
        startEuler = start.coreMotionAngles
        (startAzimuth, startElevation, startRoll) = Self.cameraAngles(start, orientation: orientation)
    }

    public func pose(_ attitude: Quaternion) -> OrbitPose {
        switch source {
        case .eulerYaw:
            let euler = attitude.coreMotionAngles
            return OrbitPose(
                angle: Angles.wrapTo360((euler.yaw - startEuler.yaw) * Angles.degreesPerRadian),
                pitchDeviation: Angles.wrapToPi(euler.pitch - startEuler.pitch) * Angles.degreesPerRadian,
                rollDeviation: Angles.wrapToPi(euler.roll - startEuler.roll) * Angles.degreesPerRadian)
        case .opticalAxis:
            let (azimuth, elevation, roll) = Self.cameraAngles(attitude, orientation: orientation)
            return OrbitPose(
                angle: Angles.wrapTo360((azimuth - startAzimuth) * Angles.degreesPerRadian),
                pitchDeviation: (elevation - startElevation) * Angles.degreesPerRadian,
                rollDeviation: Angles.wrapToPi(roll - startRoll) * Angles.degreesPerRadian)
        }
    }

    /// Azimuth and elevation of the optical axis and the picture's roll about it, rad.
    /// Roll is the signed angle, about the optical axis, from "world up made perpendicular to
    /// the axis" to the picture's up.
    static func cameraAngles(_ attitude: Quaternion, orientation: CaptureOrientation) -> (azimuth: Double, elevation: Double, roll: Double) {
        let axis = attitude.rotate(Vector3(0, 0, -1))
        let azimuth = atan2(axis.y, axis.x)
        let elevation = atan2(axis.z, (axis.x * axis.x + axis.y * axis.y).squareRoot())
        let levelUp = Vector3(-axis.z * axis.x, -axis.z * axis.y, 1 - axis.z * axis.z)  // ẑ − (ẑ·a)a
        let pictureUp = attitude.rotate(orientation.imageUp)
        let roll = atan2(levelUp.cross(pictureUp).dot(axis), levelUp.dot(pictureUp))
        return (azimuth, elevation, roll)
    }
}
