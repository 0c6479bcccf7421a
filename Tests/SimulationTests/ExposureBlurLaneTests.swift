import Foundation
import OrbitMath
import Simulation
import Testing

/// The meter projects four surface points at a time; these compare it with a plain per-point
/// computation through `PinholeCamera.project` (the quaternion path, other arithmetic), on
/// real frames and on poses that carry some points behind the camera.
@Suite struct ExposureBlurLaneTests {
    /// Mean and largest path of the points that face the camera and lie in the picture at the
    /// middle pose and stay in front of it at every pose, and their count.
    static func reference(_ meter: ExposureBlurMeter, _ poses: [CameraPose]) -> (mean: Double?, largest: Double?, counted: Int, behind: Int) {
        let camera = meter.camera, middle = poses[poses.count / 2]
        var sum = 0.0, largest = 0.0, counted = 0, behind = 0
        points: for point in meter.surface {
            guard point.normal.dot(middle.position - point.position) > 0,
                let pixel = camera.project(point.position, position: middle.position, attitude: middle.attitude),
                (0...camera.width).contains(pixel.u), (0...camera.height).contains(pixel.v)
            else { continue }
            var path = 0.0
            var previous: (u: Double, v: Double)?
            for pose in poses {
                guard let now = camera.project(point.position, position: pose.position, attitude: pose.attitude) else {
                    behind += 1
                    continue points
                }
                if let previous { path += hypot(now.u - previous.u, now.v - previous.v) }
                previous = now
            }
            sum += path
            largest = max(largest, path)
            counted += 1
        }
        return (counted > 0 ? sum / Double(counted) : nil, counted > 0 ? largest : nil, counted, behind)
    }

    static func expectAgrees(_ meter: ExposureBlurMeter, _ poses: [CameraPose], _ context: String) {
        let measured = poses.withUnsafeBufferPointer { meter.measure(poses: $0) }
        let expected = reference(meter, poses)
        #expect(measured.visiblePoints == expected.counted, "\(context)")
        if let mean = expected.mean, let largest = expected.largest {
            #expect(abs(measured.objectMean! - mean) <= 1e-9 * max(1, mean), "\(context): mean \(measured.objectMean!) vs \(mean)")
            #expect(abs(measured.objectMax! - largest) <= 1e-9 * max(1, largest), "\(context): max \(measured.objectMax!) vs \(largest)")
        } else {
            #expect(measured.objectMean == nil && measured.objectMax == nil, "\(context)")
        }
    }

    /// Frames along a walk with hand jitter: visible counts vary, so groups end part-full.
    @Test func agreesWithPerPointProjectionOnAWalk() throws {
        var world = WorldSettings()
        world.walker.handJitter = 2
        let trajectory = try Trajectory(world: world, seed: 4)
        let meter = ExposureBlurMeter(camera: PinholeCamera(settings: world.camera, orientation: world.orbit.deviceOrientation), object: world.object)
        var counts = Set<Int>()
        for time in stride(from: 3.0, to: trajectory.duration - 3, by: 0.61) {
            let poses = (0...4).map { CameraPose(trajectory.state(at: time + 0.02 * Double($0) / 4)) }
            Self.expectAgrees(meter, poses, "t = \(time)")
            counts.insert(poses.withUnsafeBufferPointer { meter.measure(poses: $0) }.visiblePoints % 4)
        }
        #expect(counts.count > 1, "every frame filled whole groups of four: \(counts)")
    }

    /// The default camera, held in landscape, on a 1 m cube centred at the origin.
    static func unitCubeMeter() -> ExposureBlurMeter {
        var world = WorldSettings()
        world.object.center = Vector3(0, 0, 0)
        world.object.size = Vector3(1, 1, 1)
        return ExposureBlurMeter(camera: PinholeCamera(settings: world.camera, orientation: .landscapeRight), object: world.object)
    }

    /// Body +z (the back of the optical axis) turned onto world +x: looking along −x.
    static let facingMinusX = Quaternion(rotationVector: Vector3(0, .pi / 2, 0))

    /// 40 cm from a 1 m cube's +x face, the picture holds only its middle: the face's other
    /// points turn towards the camera but lie outside the picture, and do not count.
    @Test func pointsOutsideThePictureDoNotCount() throws {
        let meter = Self.unitCubeMeter()
        let poses = (0...4).map { step in
            CameraPose(
                position: Vector3(0.9, 0.002 * Double(step), 0),
                attitude: Quaternion(rotationVector: Vector3(0, 0, 0.003 * Double(step))) * Self.facingMinusX)
        }
        let expected = Self.reference(meter, poses)
        #expect(expected.counted > 0 && expected.counted < 25, "\(expected)")
        #expect(expected.behind == 0)
        Self.expectAgrees(meter, poses, "close to the face")
    }

    /// The camera starts 5 cm off the +x face, turned 69° away, and backs off to 1.5 m facing
    /// it: part of the face is behind the first pose, so those points drop out of the count.
    @Test func pointsBehindTheCameraAtSomePoseDropOut() throws {
        let meter = Self.unitCubeMeter()
        let placements: [(x: Double, yaw: Double)] = [(0.55, 1.2), (1.2, 0.6), (2.0, 0), (2.2, 0.05), (2.4, 0.1)]
        let poses = placements.map {
            CameraPose(position: Vector3($0.x, 0, 0), attitude: Quaternion(rotationVector: Vector3(0, 0, $0.yaw)) * Self.facingMinusX)
        }
        let expected = Self.reference(meter, poses)
        #expect(expected.behind > 0 && expected.counted > 0, "\(expected)")
        #expect(expected.counted + expected.behind == 25)  // the whole +x face is in the middle picture
        Self.expectAgrees(meter, poses, "turned start")
    }
}
