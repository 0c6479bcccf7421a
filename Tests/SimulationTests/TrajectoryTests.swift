import Foundation
import OrbitMath
import Simulation
import Testing

/// A walker with every imperfection switched on, so derivative checks cover all terms.
func busyWorld(orientation: DeviceOrientation = .landscapeRight, aim: AimMode = .target) -> WorldSettings {
    var world = WorldSettings()
    world.orbit.deviceOrientation = orientation
    world.orbit.aim = aim
    world.orbit.reversals = [Reversal(atDegrees: 100, backDegrees: 25)]
    world.orbit.pauses = [Pause(atDegrees: 200, duration: 1.5)]
    world.walker.verticalDrift = -0.4
    world.walker.handJitter = 1.5
    world.walker.radiusWander = 0.2
    return world
}

@Suite struct TrajectoryTests {
    /// Central differences of position/velocity and of the attitude against the analytic
    /// velocity, acceleration and body angular velocity, over the whole walk.
    @Test(arguments: [DeviceOrientation.landscapeRight, .landscapeLeft, .portrait])
    func derivativesMatchFiniteDifferences(orientation: DeviceOrientation) throws {
        for aim in AimMode.allCases {
            let trajectory = try Trajectory(world: busyWorld(orientation: orientation, aim: aim), seed: 11)
            let h = 1e-5
            var time = 0.013
            while time < trajectory.duration - 0.01 {
                let before = trajectory.state(at: time - h), now = trajectory.state(at: time), after = trajectory.state(at: time + h)
                let velocity = (after.position - before.position) / (2 * h)
                let acceleration = (after.velocity - before.velocity) / (2 * h)
                #expect((velocity - now.velocity).norm < 1e-6, "velocity at \(time) \(orientation) \(aim)")
                #expect((acceleration - now.acceleration).norm < 1e-5, "acceleration at \(time) \(orientation) \(aim)")
                // ω_body ≈ Log(q(t−h)⁻¹ q(t+h)) / 2h
                let delta = before.attitude.conjugate * after.attitude
                let omega = delta.rotationVector / (2 * h)
                #expect((omega - now.angularVelocity).norm < 1e-5, "ω at \(time) \(orientation) \(aim): \(omega) vs \(now.angularVelocity)")
                time += 0.37
            }
        }
    }

    @Test func specificForceAtRestIsGravityUp() throws {
        var world = WorldSettings()
        world.walker.handJitter = 0
        let trajectory = try Trajectory(world: world, seed: 1)
        let rest = trajectory.state(at: 0.5)  // lead-in: standing still
        #expect(rest.velocity.norm < 1e-12 && rest.acceleration.norm < 1e-9)
        #expect(rest.angularVelocity.norm < 1e-12)
        #expect(abs(rest.specificForce.norm - 9.81) < 1e-9)
        // Specific force rotated to the world points straight up.
        let world_ = rest.attitude.rotate(rest.specificForce)
        #expect(abs(world_.z - 9.81) < 1e-9 && abs(world_.x) < 1e-9 && abs(world_.y) < 1e-9)
    }

    @Test func cameraLooksAtTheObjectInEveryOrientation() throws {
        for orientation in DeviceOrientation.allCases {
            var world = WorldSettings()
            world.orbit.deviceOrientation = orientation
            world.walker.handJitter = 0
            let trajectory = try Trajectory(world: world, seed: 1)
            for time in stride(from: 0.0, to: trajectory.duration, by: 3.1) {
                let state = trajectory.state(at: time)
                let opticalAxis = state.attitude.rotate(Vector3(0, 0, -1))
                let toObject = (world.object.center - state.position).normalized!
                #expect(opticalAxis.angle(to: toObject) < 1e-9, "\(orientation) at \(time)")
            }
        }
    }

    /// Landscape right: phone top to the user's left, x axis up. Portrait: y axis up.
    @Test func deviceAxesFollowTheOrientation() throws {
        var world = WorldSettings()
        world.walker.handJitter = 0
        world.orbit.cameraHeight = world.object.center.z  // level camera
        for (orientation, upAxis) in [
            (DeviceOrientation.landscapeRight, Vector3.unitX), (.landscapeLeft, -Vector3.unitX), (.portrait, Vector3.unitY),
        ] {
            world.orbit.deviceOrientation = orientation
            let state = try Trajectory(world: world, seed: 1).state(at: 0)
            let up = state.attitude.rotate(upAxis)
            #expect(abs(up.z - 1) < 1e-9, "\(orientation)")
        }
    }

    @Test func walkCoversTheSweepAndEndsAtRest() throws {
        var world = WorldSettings()
        world.orbit.sweep = 270
        world.orbit.direction = .clockwise
        let trajectory = try Trajectory(world: world, seed: 2)
        let end = trajectory.state(at: trajectory.duration)
        #expect(abs(end.progress - 270 * .pi / 180) < 1e-12)
        #expect(abs(end.azimuth - (-270 * .pi / 180)) < 1e-12)  // clockwise
        #expect(end.velocity.norm < 1e-9)
        let expectedDuration = 2.0 + 270 / 6.5 + 1.5 + 1.0  // lead-in, cruise, ramps lose T/2 each, lead-out
        #expect(abs(trajectory.duration - expectedDuration) < 1e-9)
    }

    @Test func reversalWalksBackThenContinues() throws {
        var world = WorldSettings()
        world.orbit.reversals = [Reversal(atDegrees: 90, backDegrees: 30)]
        let profile = ProgressProfile(orbit: world.orbit)
        var maximumBeforeReturn = 0.0, minimumAfterPeak = Double.infinity
        var reachedPeak = false
        for step in 0..<Int(profile.duration * 100) {
            let progress = profile.evaluate(at: Double(step) / 100).progress.value * 180 / .pi
            if !reachedPeak {
                maximumBeforeReturn = max(maximumBeforeReturn, progress)
                if progress < maximumBeforeReturn - 1 { reachedPeak = true }
            } else {
                minimumAfterPeak = min(minimumAfterPeak, progress)
            }
        }
        #expect(abs(maximumBeforeReturn - 90) < 1e-9)
        #expect(abs(minimumAfterPeak - 60) < 1e-6)
        #expect(abs(profile.totalWalked * 180 / .pi - (360 + 60)) < 1e-9)
    }

    @Test func progressIsC2AcrossPieceBoundaries() {
        var orbit = OrbitSettings()
        orbit.pauses = [Pause(atDegrees: 45, duration: 1)]
        orbit.reversals = [Reversal(atDegrees: 120, backDegrees: 5)]  // short: reduced peak speed
        let profile = ProgressProfile(orbit: orbit)
        for piece in profile.pieces.dropFirst() {
            let before = profile.evaluate(at: piece.start - 1e-9).progress
            let after = profile.evaluate(at: piece.start + 1e-9).progress
            #expect(abs(before.value - after.value) < 1e-8)
            #expect(abs(before.rate - after.rate) < 1e-7)
            #expect(abs(before.acceleration - after.acceleration) < 1e-6)
        }
    }

    @Test func handJitterHasTheConfiguredRMS() throws {
        var world = WorldSettings()
        world.orbit.sweep = 360
        world.orbit.angularSpeed = 1  // long run: 360 s of jitter
        world.walker.handJitter = 0.8
        world.walker.radiusWander = 0
        var still = world
        still.walker.handJitter = 0
        let jittery = try Trajectory(world: world, seed: 3), steady = try Trajectory(world: still, seed: 3)
        var sumSquares = 0.0, count = 0
        for time in stride(from: 0.0, to: jittery.duration, by: 0.05) {
            let angle = steady.state(at: time).attitude.angularDistance(to: jittery.state(at: time).attitude)
            sumSquares += angle * angle
            count += 1
        }
        // Per-axis RMS 0.8° ⇒ total angle RMS 0.8°·√3.
        let rms = (sumSquares / Double(count)).squareRoot() * 180 / .pi
        #expect(abs(rms - 0.8 * 3.0.squareRoot()) < 0.15 * 0.8 * 3.0.squareRoot(), "rms \(rms)")
    }

    @Test func verticalDriftIsProportionalToDistanceWalked() throws {
        var world = WorldSettings()
        world.walker.verticalDrift = 0.5
        world.walker.verticalBob = 0
        let trajectory = try Trajectory(world: world, seed: 4)
        #expect(abs(trajectory.state(at: 0).position.z - 1.4) < 1e-12)
        #expect(abs(trajectory.state(at: trajectory.duration).position.z - 1.9) < 1e-9)
    }
}
