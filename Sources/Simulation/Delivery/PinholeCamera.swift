import Foundation
import OrbitMath

/// The camera's geometry: a pinhole looking along the device's −z axis, pixels in the picture
/// as the user sees it (u to the right, v down), for the way the phone is held.
public struct PinholeCamera: Sendable, Equatable {
    /// Focal length, px (from the sensor's horizontal field of view across its landscape width).
    public let focalLength: Double
    /// Picture size in the held orientation, px.
    public let width: Double
    public let height: Double
    /// Body axes of the picture's right and up directions.
    public let right: Vector3
    public let up: Vector3

    public init(settings: CameraSettings, orientation: DeviceOrientation) {
        let sensorWidth = Double(settings.width), sensorHeight = Double(settings.height)
        focalLength = sensorWidth / 2 / tan(settings.horizontalFieldOfView * .pi / 360)
        switch orientation {
        case .landscapeRight:
            (width, height, right, up) = (sensorWidth, sensorHeight, -.unitY, .unitX)
        case .landscapeLeft:
            (width, height, right, up) = (sensorWidth, sensorHeight, .unitY, -.unitX)
        case .portrait:
            (width, height, right, up) = (sensorHeight, sensorWidth, .unitX, .unitY)
        }
    }

    /// Pixel position of world point `point` seen from `position` with `attitude`; `nil` when the
    /// point is behind the camera.
    @inline(__always)
    public func project(_ point: Vector3, position: Vector3, attitude: Quaternion) -> (u: Double, v: Double)? {
        let body = attitude.inverseRotate(point - position)
        let depth = -body.z
        guard depth > 1e-6 else { return nil }
        let scale = focalLength / depth
        return (width / 2 + scale * body.dot(right), height / 2 - scale * body.dot(up))
    }

    /// The world point at `depth` m along the optical axis that appears at pixel (`u`, `v`)
    /// seen from `position` with `attitude`: the inverse of `project` for a known depth.
    public func backProject(u: Double, v: Double, depth: Double, position: Vector3, attitude: Quaternion) -> Vector3 {
        let scale = depth / focalLength
        let body = (scale * (u - width / 2)) * right + (scale * (height / 2 - v)) * up + Vector3(0, 0, -depth)
        return position + attitude.rotate(body)
    }

    /// Angular size of one percent of the picture's width and height at its centre, rad
    /// (the small-angle scale a person reading an image shift uses).
    public var radiansPerPercent: (x: Double, y: Double) {
        (width / 100 / focalLength, height / 100 / focalLength)
    }
}
