import Foundation
import OrbitMath

extension RephotoReferenceSettings {
    /// The attitude the photographer aims for: optical axis at `heading` and `tilt`, picture
    /// upright for the device orientation, then turned by `roll` about the optical axis
    /// (counter-clockwise as the photographer sees the phone).
    public var nominalAttitude: Quaternion {
        let heading = Angles.radians(heading), tilt = Angles.radians(tilt)
        let direction = Vector3(cos(tilt) * cos(heading), -cos(tilt) * sin(heading), sin(tilt))
        let frame = AimFrame.device(AimFrame.portrait(direction: direction, directionRate: .zero), orientation: deviceOrientation)
        return Quaternion(orthonormalMatrix: frame.axes) * Quaternion(about: .z, angle: Angles.radians(roll))
    }
}

/// The scene of a rephoto study: the camera, the pose the reference photograph was actually
/// taken from, and the key points placed in the world so that they appear in that photograph
/// exactly where the settings say.
public struct RephotoScene: Sendable {
    public let camera: PinholeCamera
    public let referencePosition: Vector3
    public let referenceAttitude: Quaternion
    public let names: [String]
    /// World positions of the key points, m.
    public let points: [Vector3]
    /// Key points in the reference photograph, percent of width and height.
    public let referenceImage: [(x: Double, y: Double)]

    public init(keypoints: [RephotoKeypoint], camera: PinholeCamera, referencePosition: Vector3, referenceAttitude: Quaternion) {
        self.camera = camera
        self.referencePosition = referencePosition
        self.referenceAttitude = referenceAttitude
        names = keypoints.map(\.name)
        referenceImage = keypoints.map { ($0.xPercent, $0.yPercent) }
        points = keypoints.map {
            camera.backProject(
                u: $0.xPercent / 100 * camera.width, v: $0.yPercent / 100 * camera.height, depth: $0.depth,
                position: referencePosition, attitude: referenceAttitude)
        }
    }

    /// Key point `index` in a picture taken from `position` with `attitude`, percent of the
    /// picture's width and height (outside 0…100 when out of frame); `nil` when the point is
    /// behind the camera.
    @inline(__always)
    public func imagePoint(_ index: Int, position: Vector3, attitude: Quaternion) -> (x: Double, y: Double)? {
        guard let pixel = camera.project(points[index], position: position, attitude: attitude) else { return nil }
        return (100 * pixel.u / camera.width, 100 * pixel.v / camera.height)
    }

    /// How far the scene in the live picture is shifted from the reference overlay: the mean
    /// displacement of the key points, percent of width and height (+x right, +y down);
    /// `nil` when no key point is in front of the camera.
    @inline(__always)
    public func overlayShift(position: Vector3, attitude: Quaternion) -> (x: Double, y: Double)? {
        var sumX = 0.0, sumY = 0.0, seen = 0
        for index in points.indices {
            guard let point = imagePoint(index, position: position, attitude: attitude) else { continue }
            sumX += point.x - referenceImage[index].x
            sumY += point.y - referenceImage[index].y
            seen += 1
        }
        guard seen > 0 else { return nil }
        return (sumX / Double(seen), sumY / Double(seen))
    }
}
