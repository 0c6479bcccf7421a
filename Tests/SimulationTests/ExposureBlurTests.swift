import Foundation
import OrbitMath
import Simulation
import Testing

/// Physical blur against first-order optics: a point's image moves at the image velocity
/// J·Ẋ (pinhole Jacobian times the point's velocity in the camera frame, Ẋ = −ω × X − Rᵀv),
/// so over a short exposure T its path is |J·Ẋ|·T. Every expectation below comes from that
/// formula evaluated on the trajectory's analytic velocity and angular velocity, never from
/// the meter itself.
@Suite struct ExposureBlurTests {
    /// A walker with the human parts (steps, sway, jitter, wander) switched off: a camera rig.
    static func rig(speed: Double = 6.5, radius: Double = 3) -> WorldSettings {
        var world = WorldSettings()
        world.walker.stepFrequency = 0
        world.walker.verticalBob = 0
        world.walker.lateralSway = 0
        world.walker.handJitter = 0
        world.walker.radiusWander = 0
        world.orbit.angularSpeed = speed
        world.orbit.radius = radius
        return world
    }

    /// First-order blur of the object (mean over the points the meter counts as visible at
    /// mid-exposure), px: |image velocity| × exposure at mid-exposure.
    static func firstOrderObjectBlur(_ meter: ExposureBlurMeter, _ state: TruthState, exposure: Double) -> Double? {
        let camera = meter.camera
        var sum = 0.0, count = 0
        for point in meter.surface {
            guard point.normal.dot(state.position - point.position) > 0,
                let pixel = camera.project(point.position, position: state.position, attitude: state.attitude),
                (0...camera.width).contains(pixel.u), (0...camera.height).contains(pixel.v)
            else { continue }
            sum += imageSpeed(of: point.position, camera: camera, state: state) * exposure
            count += 1
        }
        return count > 0 ? sum / Double(count) : nil
    }

    /// |d(u, v)/dt| of a world point, px/s.
    static func imageSpeed(of point: Vector3, camera: PinholeCamera, state: TruthState) -> Double {
        let body = state.attitude.inverseRotate(point - state.position)
        let bodyRate = -state.angularVelocity.cross(body) - state.attitude.inverseRotate(state.velocity)
        let depth = -body.z, depthRate = -bodyRate.z
        let across = body.dot(camera.right), acrossRate = bodyRate.dot(camera.right)
        let upward = body.dot(camera.up), upwardRate = bodyRate.dot(camera.up)
        let du = camera.focalLength * (acrossRate * depth - across * depthRate) / (depth * depth)
        let dv = -camera.focalLength * (upwardRate * depth - upward * depthRate) / (depth * depth)
        return hypot(du, dv)
    }

    /// Mean object blur of frames every 0.5 s through the walk (after the lead-in).
    static func meanObjectBlur(_ world: WorldSettings, exposure: Double, seed: UInt64 = 3) throws -> (measured: Double, firstOrder: Double) {
        let trajectory = try Trajectory(world: world, seed: seed)
        let meter = ExposureBlurMeter(camera: PinholeCamera(settings: world.camera, orientation: world.orbit.deviceOrientation), object: world.object)
        var measured = 0.0, expected = 0.0, frames = 0
        var time = world.orbit.leadIn + world.orbit.ramp + 0.5
        while time < trajectory.duration - world.orbit.leadOut - world.orbit.ramp - 0.5 {
            let blur = meter.measure(trajectory: trajectory, start: time, exposure: exposure)
            let mid = trajectory.state(at: time + exposure / 2)
            if let mean = blur.objectMean, let firstOrder = firstOrderObjectBlur(meter, mid, exposure: exposure) {
                measured += mean
                expected += firstOrder
                frames += 1
            }
            time += 0.5
        }
        #expect(frames > 20)
        return (measured / Double(frames), expected / Double(frames))
    }

    @Test func identicalPosesGiveNoBlur() throws {
        let world = WorldSettings()
        let meter = ExposureBlurMeter(camera: PinholeCamera(settings: world.camera, orientation: .landscapeRight), object: world.object)
        let pose = CameraPose(position: Vector3(3, 0, 1.4), attitude: try Trajectory(world: world, seed: 1).state(at: 5).attitude)
        let blur = [CameraPose](repeating: pose, count: 5).withUnsafeBufferPointer { meter.measure(poses: $0) }
        #expect(blur.center == 0)
        #expect(blur.objectMean == 0 && blur.objectMax == 0)
        #expect(blur.visiblePoints >= 25)  // at least one whole face
    }

    /// A rig creeping round at 0.01 °/s with no hand: blur vanishes with the motion.
    @Test func tripodWithoutMotionHasNoBlur() throws {
        var world = Self.rig(speed: 0.01)
        world.orbit.sweep = 1
        let (measured, firstOrder) = try Self.meanObjectBlur(world, exposure: 0.008)
        #expect(measured < 0.002)
        #expect(abs(measured - firstOrder) < 1e-4)
    }

    /// The orbit alone: the object turns in front of the camera, so blur is ∝ walking speed
    /// (the centre, re-aimed at, stays still).
    @Test func blurGrowsLinearlyWithWalkingSpeed() throws {
        let slow = try Self.meanObjectBlur(Self.rig(speed: 6.5), exposure: 0.008)
        let fast = try Self.meanObjectBlur(Self.rig(speed: 13), exposure: 0.008)
        #expect(abs(slow.measured / slow.firstOrder - 1) < 0.02, "\(slow)")
        #expect(abs(fast.measured / fast.firstOrder - 1) < 0.02, "\(fast)")
        #expect(abs(fast.measured / slow.measured - 2) < 0.05, "\(fast.measured) / \(slow.measured)")
        #expect(slow.measured > 0.1)  // 1507 px · 0.113 rad/s · ~0.3 · 8 ms: a few tenths of a pixel
    }

    @Test func blurGrowsWithCloseness() throws {
        let far = try Self.meanObjectBlur(Self.rig(radius: 3), exposure: 0.008)
        let near = try Self.meanObjectBlur(Self.rig(radius: 1.8), exposure: 0.008)
        #expect(abs(near.measured / near.firstOrder - 1) < 0.02, "\(near)")
        #expect(near.measured > 1.3 * far.measured, "\(near.measured) vs \(far.measured)")
    }

    @Test func blurIsProportionalToExposure() throws {
        let short = try Self.meanObjectBlur(WorldSettings(), exposure: 0.004)
        let long = try Self.meanObjectBlur(WorldSettings(), exposure: 0.016)
        #expect(abs(long.measured / short.measured - 4) < 0.1, "\(long.measured) / \(short.measured)")
        #expect(abs(long.measured / long.firstOrder - 1) < 0.03, "\(long)")
    }

    /// Hand jitter turns the camera: blur of the centre ≈ f·|ω⊥|·T from the true angular
    /// velocity, and the object blur grows with the jitter amplitude.
    @Test func blurGrowsWithHandJitter() throws {
        var previous = -1.0
        for jitter in [0.0, 0.6, 2.0] {
            var world = Self.rig()
            world.walker.handJitter = jitter
            let (measured, firstOrder) = try Self.meanObjectBlur(world, exposure: 0.008)
            #expect(abs(measured / firstOrder - 1) < 0.03, "jitter \(jitter): \(measured) vs \(firstOrder)")
            #expect(measured > previous * 1.3, "jitter \(jitter): \(measured) after \(previous)")
            previous = measured
        }
        var world = Self.rig()
        world.walker.handJitter = 2
        let trajectory = try Trajectory(world: world, seed: 5)
        let camera = PinholeCamera(settings: world.camera, orientation: world.orbit.deviceOrientation)
        let meter = ExposureBlurMeter(camera: camera, object: world.object)
        for time in stride(from: 5.0, to: 40, by: 1.7) {
            let mid = trajectory.state(at: time + 0.004)
            let expected = Self.imageSpeed(of: world.object.center, camera: camera, state: mid) * 0.008
            let measured = meter.measure(trajectory: trajectory, start: time, exposure: 0.008).center
            #expect(abs(measured - expected) < 0.03 * expected + 0.01, "t = \(time): \(measured) vs \(expected)")
        }
    }

    @Test func surfacePointsCoverEveryFace() {
        var object = ObjectSettings()
        object.center = Vector3(1, 2, 3)
        object.size = Vector3(2, 4, 6)
        let points = object.surfacePoints(perEdge: 3)
        #expect(points.count == 54)
        for point in points {
            let offset = point.position - object.center
            // On the face its normal names, strictly inside the other two extents.
            let along = offset.dot(point.normal)
            let halfAlong = abs(point.normal.dot(0.5 * object.size))
            #expect(abs(along - halfAlong) < 1e-12)
        }
        #expect(object.surfacePoints(perEdge: 0).isEmpty)
    }
}
