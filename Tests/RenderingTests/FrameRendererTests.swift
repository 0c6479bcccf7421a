import Foundation
import OrbitMath
import Rendering
import Runs
import Simulation
import Testing
import StatisticsKit

@Suite struct FrameRendererTests {
    static let world = WorldSettings()
    static let camera = PinholeCamera(settings: world.camera, orientation: world.orbit.deviceOrientation)

    static func renderer(width: Int = 640, noise: Double = 0, seed: UInt64 = 1) throws -> FrameRenderer {
        try FrameRenderer(camera: camera, scene: RenderScene(object: world.object), width: width, noiseSigma: noise, seed: seed)
    }

    static func pose(at time: Double = 12) throws -> CameraPose {
        CameraPose(try Trajectory(world: world, seed: 2).state(at: time))
    }

    static func render(_ renderer: FrameRenderer, _ poses: [CameraPose], frame: Int = 0) throws -> RGBImage {
        var image = RGBImage(width: renderer.width, height: renderer.height)
        try poses.withUnsafeBufferPointer { buffer in try renderer.render(poses: buffer, frameIndex: frame, into: &image) }
        return image
    }

    /// The pose turned by `angle` rad about the camera's picture-up axis (a pan): the image
    /// centre moves by f·angle px.
    static func panned(_ pose: CameraPose, by angle: Double) -> CameraPose {
        CameraPose(position: pose.position, attitude: pose.attitude * Quaternion(axis: camera.up, angle: angle))
    }

    static func close(_ pixel: (r: UInt8, g: UInt8, b: UInt8), _ color: (r: Double, g: Double, b: Double), within: Double = 6) -> Bool {
        abs(Double(pixel.r) - color.r * 255) <= within && abs(Double(pixel.g) - color.g * 255) <= within
            && abs(Double(pixel.b) - color.b * 255) <= within
    }

    /// Where things land follows `PinholeCamera.project`: the object centre is on the object,
    /// a far point on the ground straight ahead marks the horizon (sky above, ground below).
    @Test func sceneLandsWherePinholeProjectionSays() throws {
        let renderer = try Self.renderer()
        let pose = try Self.pose()
        let image = try Self.render(renderer, [pose])
        let scale = Double(renderer.width) / Self.camera.width
        let center = try #require(Self.camera.project(Self.world.object.center, position: pose.position, attitude: pose.attitude))
        let onObject = image.pixel(Int(center.u * scale), Int(center.v * scale))
        #expect(
            !Self.close(onObject, RenderScene.sky) && !Self.close(onObject, RenderScene.groundLight) && !Self.close(onObject, RenderScene.groundDark))
        // A point 3 km ahead on the ground lies a fraction of a pixel below the horizon.
        let forward = pose.attitude.rotate(Vector3(0, 0, -1))
        let ahead = pose.position + 3000 * Vector3(forward.x, forward.y, 0).normalized!
        let horizon = try #require(Self.camera.project(Vector3(ahead.x, ahead.y, 0), position: pose.position, attitude: pose.attitude))
        // A column beside the object (its projected box), where the horizon is visible.
        let box = try #require(
            ImageSharpness.objectRegion(
                camera: Self.camera, object: Self.world.object, pose: pose, scale: scale, width: renderer.width, height: renderer.height))
        let column = box.minX > 20 ? 8 : renderer.width - 8
        // The horizon row at that column: the projection of a far ground point in that direction.
        let ray =
            Self.camera.backProject(u: Double(column) / scale, v: horizon.v, depth: 1, position: pose.position, attitude: pose.attitude)
            - pose.position
        let far = pose.position + 3000 * Vector3(ray.x, ray.y, 0).normalized!
        let row = try #require(Self.camera.project(Vector3(far.x, far.y, 0), position: pose.position, attitude: pose.attitude)).v * scale
        #expect(Self.close(image.pixel(column, Int(row) - 6), RenderScene.sky))
        let below = image.pixel(column, Int(row) + 6)
        #expect(Self.close(below, RenderScene.groundLight) || Self.close(below, RenderScene.groundDark), "\(below)")
    }

    @Test func repeatedPosesRenderLikeOnePose() throws {
        let renderer = try Self.renderer(noise: 0)
        let pose = try Self.pose()
        #expect(try Self.render(renderer, [pose]) == Self.render(renderer, [pose, pose, pose, pose]))
    }

    /// Blur of 0, 2, 4, 8 px (a pan of blur/f rad during the exposure) makes the object's
    /// Laplacian variance fall at every step.
    @Test func sharpnessFallsAsBlurGrows() throws {
        let renderer = try Self.renderer(width: 640, noise: 2)
        let pose = try Self.pose()
        let region = try #require(
            ImageSharpness.objectRegion(
                camera: Self.camera, object: Self.world.object, pose: pose, scale: Double(renderer.width) / Self.camera.width,
                width: renderer.width, height: renderer.height))
        var previous = Double.infinity
        for blur in [0.0, 2, 4, 8] {
            let angle = blur / renderer.focalLength
            let count = ExposurePoses.count(forBlur: blur)
            let poses = (0..<count).map { Self.panned(pose, by: count > 1 ? angle * (Double($0) / Double(count - 1) - 0.5) : 0) }
            let sharpness = try #require(ImageSharpness.laplacianVariance(try Self.render(renderer, poses), region: region))
            #expect(sharpness < previous * 0.9, "blur \(blur) px: \(sharpness) after \(previous)")
            previous = sharpness
        }
    }

    /// Over 20 views with blur from 0 to 10 px in varied directions, sharpness ranks the
    /// frames opposite to blur.
    @Test func sharpnessRankCorrelatesNegativelyWithBlur() throws {
        let renderer = try Self.renderer(width: 640, noise: 2)
        let trajectory = try Trajectory(world: Self.world, seed: 4)
        var blurs: [Double] = [], sharpness: [Double] = []
        for index in 0..<20 {
            let base = CameraPose(trajectory.state(at: 4 + 2.3 * Double(index)))
            let blur = Double((index * 7) % 20) / 2  // 0 … 9.5 px, shuffled against time
            let direction = Double(index) * 0.9  // of the smear in the picture
            let axis = (cos(direction) * Self.camera.up + sin(direction) * Self.camera.right).normalized!
            let angle = blur / renderer.focalLength
            let count = ExposurePoses.count(forBlur: blur)
            let poses = (0..<count).map { step -> CameraPose in
                let fraction = count > 1 ? Double(step) / Double(count - 1) - 0.5 : 0
                return CameraPose(position: base.position, attitude: base.attitude * Quaternion(axis: axis, angle: angle * fraction))
            }
            let region = try #require(
                ImageSharpness.objectRegion(
                    camera: Self.camera, object: Self.world.object, pose: base, scale: Double(renderer.width) / Self.camera.width,
                    width: renderer.width, height: renderer.height))
            blurs.append(blur)
            sharpness.append(try #require(ImageSharpness.laplacianVariance(try Self.render(renderer, poses, frame: index), region: region)))
        }
        let rank = Statistics.spearman(blurs, sharpness)
        #expect(rank < -0.8, "\(rank)")
    }

    @Test func jpegIsWellFormedAndReproducible() throws {
        let pose = try Self.pose()
        let first = try JPEGImage.encode(try Self.render(try Self.renderer(noise: 2, seed: 7), [pose], frame: 3))
        let again = try JPEGImage.encode(try Self.render(try Self.renderer(noise: 2, seed: 7), [pose], frame: 3))
        let otherSeed = try JPEGImage.encode(try Self.render(try Self.renderer(noise: 2, seed: 8), [pose], frame: 3))
        let otherFrame = try JPEGImage.encode(try Self.render(try Self.renderer(noise: 2, seed: 7), [pose], frame: 4))
        #expect(first.prefix(2) == [0xFF, 0xD8] && first.suffix(2) == [0xFF, 0xD9])
        #expect(first == again)
        #expect(first != otherSeed && first != otherFrame)
        #expect(first.count > 10_000 && first.count < 640 * 360 * 3 / 4)
    }

    @Test func posesFollowTheBlur() {
        #expect([0, 0.4, 0.5, 1, 9.5, 100, .infinity, .nan].map { ExposurePoses.count(forBlur: $0) } == [1, 1, 2, 3, 20, 24, 24, 24])
        #expect(ExposurePoses.count(forBlur: 100, limit: 6) == 6)
    }

    @Test func badInputIsAnErrorNotACrash() throws {
        #expect(throws: RenderError.self) { try Self.renderer(width: 0) }
        #expect(throws: RenderError.self) {
            try FrameRenderer(camera: Self.camera, scene: RenderScene(object: Self.world.object), width: 640, noiseSigma: .nan, seed: 1)
        }
        let renderer = try Self.renderer()
        #expect(throws: RenderError.self) { try Self.render(renderer, []) }
        let broken = CameraPose(position: Vector3(.nan, 0, 1), attitude: .identity)
        #expect(throws: RenderError.self) { try Self.render(renderer, [broken]) }
        var wrongSize = RGBImage(width: 10, height: 10)
        let pose = try Self.pose()
        #expect(throws: RenderError.self) { try [pose].withUnsafeBufferPointer { try renderer.render(poses: $0, frameIndex: 0, into: &wrongSize) } }
        #expect(throws: RenderError.self) { try JPEGImage.encode(RGBImage(width: 0, height: 0)) }
    }
}
