import Foundation
import OrbitMath
import Simulation
import Testing

/// `pose(at:)` and `azimuth(at:)` skip the derivatives; the blur and the true-angle track read
/// them instead of `state(at:)`, so they must agree with it to the bit or reports would change.
@Suite struct TrajectoryPoseTests {
    private func bits(_ pose: CameraPose) -> [UInt64] {
        [pose.position.x, pose.position.y, pose.position.z, pose.attitude.w, pose.attitude.x, pose.attitude.y, pose.attitude.z]
            .map(\.bitPattern)
    }

    @Test(arguments: [(AimMode.target, false), (.level, false), (.target, true)])
    func poseAndAzimuthAreTheStatesBits(aim: AimMode, restsDuringLeadIn: Bool) throws {
        var world = busyWorld(aim: aim)
        // Hand rotations past 0.2 rad take the closed-form branch of Quaternion(rotationVector:).
        world.walker.handJitter = 20
        world.walker.restsDuringLeadIn = restsDuringLeadIn  // the jitter's fade-in weight
        let trajectory = try Trajectory(world: world, seed: 5)
        var time = -0.5  // before the walk, across it and past its end
        while time < trajectory.duration + 1 {
            let state = trajectory.state(at: time), pose = trajectory.pose(at: time)
            #expect(bits(pose) == bits(CameraPose(position: state.position, attitude: state.attitude)), "pose at \(time)")
            #expect(trajectory.azimuth(at: time).bitPattern == state.azimuth.bitPattern, "azimuth at \(time)")
            time += 0.0731
        }
    }

    @Test func handHeldPoseIsTheMotionsState() throws {
        var world = WorldSettings()
        world.moves = .handheld
        let trajectory = try Trajectory(world: world, seed: 3)
        #expect(trajectory.handheld != nil)
        for time in stride(from: 0.0, through: trajectory.duration, by: 0.9) {
            let state = trajectory.state(at: time)
            #expect(bits(trajectory.pose(at: time)) == bits(CameraPose(state)))
            #expect(trajectory.azimuth(at: time) == state.azimuth)
        }
    }
}
