import Foundation
import OrbitMath
import Simulation
import Testing

private let degrees = Double.pi / 180

@Suite struct RephotoSceneTests {
    let camera: PinholeCamera = {
        var settings = CameraSettings()
        settings.width = 4032
        settings.height = 3024
        settings.horizontalFieldOfView = 67
        return PinholeCamera(settings: settings, orientation: .portrait)
    }()

    /// project(backProject(u, v, depth)) = (u, v), and the point is `depth` along the axis.
    @Test(arguments: [DeviceOrientation.portrait, .landscapeRight, .landscapeLeft])
    func backProjectionInvertsProjection(orientation: DeviceOrientation) throws {
        let camera = PinholeCamera(settings: CameraSettings(), orientation: orientation)
        var reference = RephotoReferenceSettings()
        reference.deviceOrientation = orientation
        reference.heading = 37
        reference.tilt = 8
        let attitude = reference.nominalAttitude
        let position = Vector3(2, -1, 1.5)
        for (u, v, depth) in [(100.0, 50.0, 3.0), (960, 540, 12), (1800, 1000, 40)] {
            let point = camera.backProject(u: u, v: v, depth: depth, position: position, attitude: attitude)
            let pixel = try #require(camera.project(point, position: position, attitude: attitude))
            #expect(abs(pixel.u - u) < 1e-9 && abs(pixel.v - v) < 1e-9)
            #expect(abs(-attitude.inverseRotate(point - position).z - depth) < 1e-9)
        }
    }

    /// Heading is clockwise from north (x north, y west), tilt lifts the optical axis, and the
    /// picture's up direction points up in the world.
    @Test func nominalAttitudeAimsWhereTheSettingsSay() {
        var reference = RephotoReferenceSettings()
        reference.heading = 90  // east = −y
        reference.tilt = 10
        let attitude = reference.nominalAttitude
        let axis = attitude.rotate(Vector3(0, 0, -1))
        #expect((axis - Vector3(0, -cos(10 * degrees), sin(10 * degrees))).norm < 1e-12)
        #expect(attitude.rotate(camera.up).z > 0.9)
        #expect(abs(attitude.rotate(camera.right).z) < 1e-12)  // no roll: the horizon is level
        // Rolled counter-clockwise (seen from the screen side): the picture's right edge rises.
        reference.roll = 5
        let right = reference.nominalAttitude.rotate(camera.right)
        #expect(abs(right.z - sin(5 * degrees) * cos(10 * degrees)) < 1e-12)
    }

    @Test func keypointsAppearWhereTheReferenceSays() throws {
        var reference = RephotoReferenceSettings()
        reference.heading = 20
        let scene = RephotoScene(
            keypoints: RephotoKeypoint.thesisFountain, camera: camera, referencePosition: reference.position,
            referenceAttitude: reference.nominalAttitude)
        for (index, keypoint) in RephotoKeypoint.thesisFountain.enumerated() {
            let point = try #require(scene.imagePoint(index, position: reference.position, attitude: reference.nominalAttitude))
            #expect(abs(point.x - keypoint.xPercent) < 1e-9 && abs(point.y - keypoint.yPercent) < 1e-9)
        }
        let shift = try #require(scene.overlayShift(position: reference.position, attitude: reference.nominalAttitude))
        #expect(abs(shift.x) < 1e-9 && abs(shift.y) < 1e-9)
    }

    /// Turning the camera left by a small angle about the picture's up axis moves the scene
    /// right by angle / (radians per percent) at the centre, more toward the edges
    /// (perspective: up to 1/cos² of the half field of view, 1.24 here); moving sideways shifts
    /// near points more than far ones (parallax).
    @Test func overlayShiftFollowsRotationAndParallax() throws {
        let reference = RephotoReferenceSettings()
        let q0 = reference.nominalAttitude
        let scene = RephotoScene(
            keypoints: RephotoKeypoint.thesisFountain, camera: camera, referencePosition: reference.position, referenceAttitude: q0)
        let turned = q0 * Quaternion(axis: camera.up, angle: 1 * degrees)
        let shift = try #require(scene.overlayShift(position: reference.position, attitude: turned))
        let expected = 1 * degrees / camera.radiansPerPercent.x
        #expect(shift.x > expected && shift.x < 1.24 * expected)
        #expect(abs(shift.y) < 0.1 * expected)

        let sideways = reference.position + q0.rotate(Vector3(0.5, 0, 0))  // 0.5 m to the picture's right
        let near = try #require(scene.imagePoint(0, position: sideways, attitude: q0))  // P1, 14 m
        let far = try #require(scene.imagePoint(1, position: sideways, attitude: q0))  // P2, 40 m
        let nearShift = RephotoKeypoint.thesisFountain[0].xPercent - near.x
        let farShift = RephotoKeypoint.thesisFountain[1].xPercent - far.x
        #expect(nearShift > 0 && farShift > 0)
        #expect(abs(nearShift / farShift - 40.0 / 14.0) < 0.01)
    }
}

@Suite struct HandHeldPhoneTests {
    func phone(tremor: Double) throws -> HandHeldPhone {
        let stream = try RandomStream(seed: 5, source: "test.tremor")
        let noise = SmoothNoise<Vector3>(duration: 10, knotSpacing: 0.1, rms: tremor) {
            Vector3(stream.gaussian(), stream.gaussian(), stream.gaussian())
        }
        return HandHeldPhone(position: Vector3(0, 0, 1.6), attitude: RephotoReferenceSettings().nominalAttitude, tremor: noise, gravity: 9.81)
    }

    /// The reported body rate is the true derivative of the attitude: compare with a central
    /// difference, q(t−h)⁻¹ ⊗ q(t+h) ≈ Exp(2h·ω).
    @Test func angularVelocityIsTheDerivativeOfTheAttitude() throws {
        var hand = try phone(tremor: 0.5 * degrees)
        hand.command(Vector3(0.1, -0.2, 0.05), at: 0.3)
        let h = 1e-5
        for time in [0.35, 1.2, 4.7] {
            let before = hand.state(at: time - h).attitude, after = hand.state(at: time + h).attitude
            let numeric = (1 / (2 * h)) * (before.conjugate * after).rotationVector
            let exact = hand.state(at: time).angularVelocity
            #expect((numeric - exact).norm < 1e-6, "t = \(time): \(numeric) vs \(exact)")
        }
    }

    /// Without tremor the intended attitude turns at exactly the commanded body rate, and a
    /// phone at rest feels gravity upward.
    @Test func commandsIntegrateExactly() throws {
        var hand = try phone(tremor: 0)
        let start = hand.state(at: 0).attitude
        let rate = Vector3(0, 0.2, 0)
        hand.command(rate, at: 1)
        hand.command(.zero, at: 3.5)
        let expected = start * Quaternion(rotationVector: 2.5 * rate)
        #expect(hand.state(at: 5).attitude.isSameRotation(as: expected, tolerance: 1e-12))
        let state = hand.state(at: 5)
        #expect((state.attitude.rotate(state.specificForce) - Vector3(0, 0, 9.81)).norm < 1e-12)
        #expect(state.angularVelocity.norm < 1e-15)
    }
}

@Suite struct RephotoUserModelTests {
    let geometry = RephotoDisplayGeometry(
        viewWidth: 375, viewHeight: 500, camera: PinholeCamera(settings: CameraSettings(), orientation: .portrait))

    func model(_ configure: (inout RephotoUserSettings) -> Void = { _ in }, guidance: RephotoGuidance = .rectangle) -> RephotoUserModel {
        var settings = RephotoUserSettings()
        configure(&settings)
        return RephotoUserModel(settings: settings, guidance: guidance, geometry: geometry, levelTarget: 0, sampleRate: 100)
    }

    /// The hand reacts only after the reaction time, and then steers against the offset:
    /// rectangle right (ROLL > 0) ⇒ turn about −y; rectangle down (PITCH > 0) ⇒ about −x.
    @Test func reactsAfterTheReactionTimeAgainstTheOffset() {
        var person = model {
            $0.reactionTime = 0.3; $0.correctionRate = 1
        }
        let view = RephotoView(rectangle: (x: 20, y: 10), overlayShift: nil, rotation: 0)
        var rates: [(time: Double, rate: Vector3)] = []
        for step in 0..<50 {
            let time = Double(step) / 100
            person.observe(view, at: time)
            rates.append((time, person.decide(at: time).rate))
        }
        #expect(rates.filter { $0.time < 0.295 }.allSatisfy { $0.rate == .zero })
        let reacting = rates.last!.rate
        #expect(abs(reacting.y - (-20 / (375 / (2 * .pi)))) < 1e-12)  // −gain · ROLL
        #expect(abs(reacting.x - (-10 / (500 / .pi))) < 1e-12)  // −gain · PITCH
        #expect(reacting.z == 0)
    }

    /// Aligned within the tolerance for `hold` seconds ⇒ shoot; never aligned ⇒ timeout.
    @Test func shootsAfterHoldingOrAtTheTimeLimit() {
        var person = model {
            $0.reactionTime = 0.1; $0.hold = 0.5; $0.rectangleTolerance = 3
        }
        var shotAt: Double?
        for step in 0..<300 {
            let time = Double(step) / 100
            person.observe(RephotoView(rectangle: (x: 2, y: -1), overlayShift: nil, rotation: 0), at: time)
            if person.decide(at: time).shoot { shotAt = time; break }
        }
        #expect(person.outcome == .aligned)
        #expect(abs((shotAt ?? 0) - 0.6) < 0.011)  // 0.1 s to perceive + 0.5 s hold

        var stubborn = model { $0.maxTime = 2 }
        var timedOut: Double?
        for step in 0..<300 {
            let time = Double(step) / 100
            stubborn.observe(RephotoView(rectangle: (x: 50, y: 0), overlayShift: nil, rotation: 0), at: time)
            if stubborn.decide(at: time).shoot { timedOut = time; break }
        }
        #expect(stubborn.outcome == .timeout && timedOut == 2)
    }

    /// With the overlay, a centred rectangle hands over to the overlay: a scene shifted right
    /// is corrected by turning about −(picture up) (= −y in portrait).
    @Test func overlayFollowsTheRectangle() {
        var person = model(
            {
                $0.reactionTime = 0; $0.overlayTolerance = 1
            }, guidance: .rectangleAndOverlay)
        person.observe(RephotoView(rectangle: (x: 0, y: 0), overlayShift: (x: 2, y: 0), rotation: 0), at: 0)
        _ = person.decide(at: 0)
        #expect(person.phase == .overlay)
        person.observe(RephotoView(rectangle: (x: 0, y: 0), overlayShift: (x: 2, y: 0), rotation: 0), at: 0.01)
        let rate = person.decide(at: 0.01).rate
        #expect(rate.y < 0 && abs(rate.x) < 1e-15)
        #expect(abs(rate.y + 2 * geometry.overlayRadiansPerPercent.x) < 1e-12)
    }
}

@Suite struct ImuSampleClockTests {
    /// The clock is what ImuSimulator samples at: the same instants, jitter and drops included.
    @Test func imuSimulatorUsesTheClock() throws {
        var world = WorldSettings()
        world.imu.sampleJitter = 0.5
        world.imu.dropProbability = 0.02
        let trajectory = try Trajectory(world: world, seed: 4)
        let samples = try ImuSimulator.sample(
            trajectory, settings: world.imu, environment: try MagneticEnvironment(settings: world.environment, seed: 1), seed: 4
        )
        .samples
        var clock = try ImuSampleClock(settings: world.imu, duration: trajectory.duration, seed: 4)
        var times: [Double] = []
        while let (time, _) = clock.next() { times.append(time) }
        #expect(times == samples.map(\.time))
        let nominal = Int(trajectory.duration * world.imu.rate) + 1
        #expect(times.count < nominal && times.count > nominal * 95 / 100)  // about 2 % lost
        for (a, b) in zip(times, times.dropFirst()) { #expect(a < b) }
    }
}
