import Capture
import Foundation
import OrbitMath
import Testing

@Suite struct MotionBufferTests {
    func filled(_ count: Int, capacity: Int = 16) -> MotionBuffer {
        var buffer = MotionBuffer(capacity: capacity)
        for index in 0..<count {
            let t = Double(index) * 0.01
            buffer.append(
                timestamp: t, attitude: Quaternion(about: .z, angle: t), rotationRate: Vector3(t, 0, 0), userAcceleration: Vector3(0, 0, 10 * t))
        }
        return buffer
    }

    @Test func interpolatesBetweenBracketingSamples() throws {
        let buffer = filled(10)
        let motion = try buffer.lookup(0.025).get()
        #expect(motion.attitude.isSameRotation(as: Quaternion(about: .z, angle: 0.025), tolerance: 1e-12))  // SLERP
        #expect(abs(motion.rotationRate.x - 0.025) < 1e-12)
        #expect(abs(motion.userAcceleration.z - 0.25) < 1e-12)
        #expect(motion.earlier == 2 && motion.later == 3 && abs(motion.fraction - 0.5) < 1e-9)
        let exact = try buffer.lookup(0.04).get()
        #expect(exact.earlier == 4 && exact.later == 4)
    }

    @Test func uncoveredTimestampsAreExplicit() {
        #expect(MotionBuffer(capacity: 4).lookup(1) == .failure(.empty))
        let buffer = filled(10)
        #expect(buffer.lookup(-0.001) == .failure(.tooOld))
        #expect(buffer.lookup(0.0901) == .failure(.notYetArrived))
    }

    @Test func ringKeepsTheNewestSamples() throws {
        let buffer = filled(40, capacity: 16)
        #expect(buffer.count == 16 && buffer.capacity == 16)
        #expect(buffer.oldest?.sequence == 24 && buffer.newest?.sequence == 39)
        #expect(buffer.lookup(0.2) == .failure(.tooOld))
        #expect(try buffer.lookup(0.305).get().earlier == 30)
    }

    @Test func outOfOrderAndNonFiniteSamplesAreRefused() {
        var buffer = filled(5)
        #expect(buffer.append(timestamp: 0.02, attitude: .identity, rotationRate: .zero, userAcceleration: .zero) == nil)
        #expect(buffer.append(timestamp: 0.04, attitude: .identity, rotationRate: .zero, userAcceleration: .zero) == nil)
        #expect(buffer.append(timestamp: .nan, attitude: .identity, rotationRate: .zero, userAcceleration: .zero) == nil)
        #expect(buffer.append(timestamp: 1, attitude: Quaternion(w: .nan, x: 0, y: 0, z: 0), rotationRate: .zero, userAcceleration: .zero) == nil)
        #expect(buffer.count == 5)
    }

    @Test func floodGuardCoalescesAboveItsRate() {
        var guardOn = FloodGuard(isEnabled: true, maximumRate: 60)
        var guardOff = FloodGuard(isEnabled: false, maximumRate: 60)
        for step in 0..<1000 {  // one second at 1 kHz
            _ = guardOn.shouldProcess(timestamp: Double(step) / 1000)
            _ = guardOff.shouldProcess(timestamp: Double(step) / 1000)
        }
        #expect(guardOn.processed >= 58 && guardOn.processed <= 67)
        #expect(guardOn.coalesced == 1000 - guardOn.processed)
        #expect(guardOff.processed == 1000 && guardOff.coalesced == 0)
        // Regular 60 Hz updates with jitter are all processed.
        var regular = FloodGuard(isEnabled: true, maximumRate: 60)
        for step in 0..<600 { _ = regular.shouldProcess(timestamp: Double(step) / 60 + (step % 2 == 0 ? 0.0005 : -0.0005)) }
        #expect(regular.coalesced == 0)
    }
}

@Suite struct OrbitAngleTests {
    /// A level phone facing the object from azimuth φ, in landscape right (top to the left).
    func landscapeAttitude(heading: Double, tilt: Double = 0, roll: Double = 0) -> Quaternion {
        // Portrait frame looking along +x: x_b = −y_w, y_b = z_w, z_b = −x_w; landscape right turns it +90° about z_b.
        let portraitLookingX = Quaternion(rotationMatrix: Matrix3(columns: -Vector3.unitY, .unitZ, -Vector3.unitX))
        let device = portraitLookingX * Quaternion(about: .z, angle: .pi / 2) * Quaternion(about: .z, angle: roll)
        return Quaternion(about: .z, angle: heading) * Quaternion(about: .y, angle: -tilt) * device
    }

    @Test func bothSourcesAgreeInLandscape() {
        let start = landscapeAttitude(heading: 0.3)
        for source in AngleSource.allCases {
            let reader = OrbitAngleReader(start: start, source: source, orientation: .landscapeRight)
            for degrees in stride(from: 0.0, to: 360, by: 17) {
                let pose = reader.pose(landscapeAttitude(heading: 0.3 + degrees * .pi / 180))
                #expect(Angles.circularDistance(pose.angle * .pi / 180, degrees * .pi / 180) < 1e-9, "\(source) \(degrees)")
                #expect(abs(pose.pitchDeviation) < 1e-9 && abs(pose.rollDeviation) < 1e-9, "\(source)")
            }
        }
    }

    @Test func opticalAxisDeviationsMeasureTiltAndPictureRoll() {
        let reader = OrbitAngleReader(start: landscapeAttitude(heading: 0), source: .opticalAxis, orientation: .landscapeRight)
        let tilted = reader.pose(landscapeAttitude(heading: 0, tilt: 3 * .pi / 180))
        #expect(abs(tilted.pitchDeviation - 3) < 1e-9 && abs(tilted.rollDeviation) < 1e-9)
        let rolled = reader.pose(landscapeAttitude(heading: 0, roll: 2 * .pi / 180))
        #expect(abs(abs(rolled.rollDeviation) - 2) < 1e-9 && abs(rolled.pitchDeviation) < 1e-9)
    }

    /// Upright portrait: CoreMotion pitch sits at 90°. Tiny tilts across vertical flip Euler yaw
    /// by 180°; the optical-axis azimuth does not care.
    @Test func eulerYawFailsAtPortraitGimbalLock() {
        let upright = Quaternion(about: .x, angle: .pi / 2)  // portrait, camera along +y… then turned
        let start = Quaternion(about: .z, angle: 0.4) * upright
        let euler = OrbitAngleReader(start: start, source: .eulerYaw, orientation: .portrait)
        let optical = OrbitAngleReader(start: start, source: .opticalAxis, orientation: .portrait)
        var worstEuler = 0.0, worstOptical = 0.0
        for step in 0..<200 {
            let turn = Double(step) * 0.03
            let wobble = 0.3 * sin(Double(step)) * .pi / 180  // ±0.3° of tilt across vertical
            let attitude = Quaternion(about: .z, angle: 0.4 + turn) * upright * Quaternion(about: .x, angle: wobble)
            let expected = Angles.wrapTo360(turn * 180 / .pi)
            worstEuler = max(worstEuler, Angles.circularDistance(euler.pose(attitude).angle * .pi / 180, expected * .pi / 180))
            worstOptical = max(worstOptical, Angles.circularDistance(optical.pose(attitude).angle * .pi / 180, expected * .pi / 180))
        }
        #expect(worstOptical < 1e-6)
        #expect(worstEuler > 1)  // radians: off by more than 57°
    }
}

@Suite struct ScoringTests {
    @Test func distanceIsTheWeightedNorm() {
        let pose = OrbitPose(angle: 10, pitchDeviation: 1, rollDeviation: -2)
        let weights = SelectionWeights(roll: 2, pitch: 3, acceleration: 0.5, angleOffset: 4)
        // √(2·4 + 3·1 + 0.5·9 + 4·0.25) = √16.5
        #expect(abs(FrameScore(pose: pose, acceleration: 3, angleOffset: 0.5, weights: weights).distance - 16.5.squareRoot()) < 1e-12)
        // The rate term is off by default: any rate leaves the seed's distance unchanged.
        #expect(FrameScore(pose: pose, acceleration: 3, angleOffset: 0.5, rotationRate: 40, weights: weights).distance == 16.5.squareRoot())
        #expect(SelectionWeights().rotationRate == 0)
        // With w_rate = 0.01: 16.5 + 0.01·20² = 20.5.
        var withRate = weights
        withRate.rotationRate = 0.01
        #expect(
            abs(FrameScore(pose: pose, acceleration: 3, angleOffset: 0.5, rotationRate: -20, weights: withRate).distance - 20.5.squareRoot()) < 1e-12)
    }

    /// A placement's rate is |ω| of its interpolated motion in °/s.
    @Test func placementRateIsTheMotionsRotationSpeed() {
        let motion = InterpolatedMotion(
            attitude: .identity, rotationRate: Vector3(0.3, 0, 0.4), userAcceleration: .zero, earlier: 0, later: 1, fraction: 0.5)
        let placement = FramePlacement(
            motion: motion, pose: OrbitPose(angle: 0, pitchDeviation: 0, rollDeviation: 0), slot: 0, angleOffset: 0,
            acceleration: 0, time: 0)
        #expect(abs(placement.rotationRate - 0.5 * 180 / Double.pi) < 1e-12)
    }
}
