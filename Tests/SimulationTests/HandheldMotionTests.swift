import Foundation
import OrbitMath
import Simulation
import Testing

@Suite struct HandheldMotionTests {
    static let gravity = 9.81

    /// Everything on: slow tilt, heading, translation, a lever arm, taps and vibration slow
    /// enough for finite differences to resolve (the derivatives are analytic; differences are
    /// the independent check).
    static func busySettings() -> HandheldSettings {
        var settings = HandheldSettings()
        settings.leadIn = 3
        settings.motionDuration = 12
        settings.leadOut = 2
        settings.breakEvery = 6
        settings.breakDuration = 2
        settings.tiltRMS = 40
        settings.headingRMS = 90
        settings.translationRMS = 0.2
        settings.leverArm = Vector3(0.03, 0.1, 0.02)
        settings.tapInterval = 1.5
        settings.tapWidth = 0.05
        settings.vibrationFrequency = 3
        settings.vibrationAcceleration = 2
        settings.vibrationRotationRate = 10
        return settings
    }

    /// The schedule: lead-in 3 s, a segment of 6 s (1 s ramps, each counting half of its time
    /// as motion time τ, so τ = 5 s), a 2 s break, the second segment, lead-out 2 s:
    /// 3 + 6 + 2 + 6 + 2 = 19 s and τ = 10 s.
    @Test func envelopeAddsUpToTheMotionTime() {
        let settings = Self.busySettings()
        #expect(settings.breakCount == 1 && settings.duration == 19 && settings.motionPhase == 3...17)
        let envelope = MotionEnvelope(settings: settings)
        #expect(abs(envelope.totalTau - 10) < 1e-12)
        #expect(envelope.evaluate(at: 2.9) == (0, 0, 0, 0))
        let end = envelope.evaluate(at: 18)
        #expect(abs(end.tau - 10) < 1e-12 && end.rate == 0)
        // In the break the motion time stands still at the first segment's 5 s.
        #expect(abs(envelope.evaluate(at: 10).tau - 5) < 1e-12 && envelope.evaluate(at: 10).rate == 0)
        #expect(envelope.isInFullMotion(from: 4.1, to: 7.9) && !envelope.isInFullMotion(from: 7.5, to: 8.5))
        // m rises continuously through a ramp: half way it is ½, with dτ matching ∫m.
        let middle = envelope.evaluate(at: 3.5)
        #expect(abs(middle.rate - 0.5) < 1e-12)
        var integral = 0.0
        let step = 1e-4
        var time = 3.0
        while time < 3.5 - 1e-12 {
            integral += step * envelope.evaluate(at: time + step / 2).rate
            time += step
        }
        #expect(abs(integral - middle.tau) < 1e-8, "∫m = \(integral), τ = \(middle.tau)")
    }

    /// Lead-in, break and lead-out are really at rest: no rotation, specific force exactly
    /// gravity, whatever the motion does in between (BROAD's trials lie on a table there).
    @Test func restIsExactlyStill() throws {
        let motion = try HandheldMotion(settings: Self.busySettings(), gravity: Self.gravity, seed: 4)
        for time in [0.5, 2.9, 9.5, 10.2, 17.5, 18.9] {
            let state = motion.state(at: time)
            #expect(state.angularVelocity.norm < 1e-12, "t \(time): ω \(state.angularVelocity)")
            #expect(state.acceleration.norm < 1e-9, "t \(time): a \(state.acceleration)")
            #expect((state.attitude.rotate(state.specificForce) - Vector3(0, 0, Self.gravity)).norm < 1e-9)
        }
        // It starts level, heading north, and the break's pose is where the first segment ended.
        #expect(motion.state(at: 1).attitude.isSameRotation(as: .identity, tolerance: 1e-12))
        #expect(motion.state(at: 9.2).attitude.isSameRotation(as: motion.state(at: 10.8).attitude, tolerance: 1e-12))
    }

    /// `busySettings` with the device also shaken along a body axis and twisting less.
    static func shakenSettings() -> HandheldSettings {
        var settings = busySettings()
        settings.translationAxis = Vector3(0.2, 1, -0.3)
        settings.translationAxisShare = 0.7
        settings.tiltVerticalScale = 0.4
        return settings
    }

    /// ω against the attitude's central difference, velocity against the position's and the
    /// acceleration against the velocity's (h = 10 µs), during motion, taps and vibration, and
    /// with shaking along a body axis (the lever's length then changes too).
    @Test(arguments: [false, true]) func derivativesMatchFiniteDifferences(shaken: Bool) throws {
        let motion = try HandheldMotion(settings: shaken ? Self.shakenSettings() : Self.busySettings(), gravity: Self.gravity, seed: 7)
        let h = 1e-5
        var checked = 0
        for time in stride(from: 3.2, through: 16.8, by: 0.137) {
            let state = motion.state(at: time), before = motion.state(at: time - h), after = motion.state(at: time + h)
            let turn = (before.attitude.conjugate * after.attitude).rotationVector * (1 / (2 * h))
            #expect((turn - state.angularVelocity).norm < 1e-5 * max(1, state.angularVelocity.norm), "t \(time): ω")
            let velocity = (after.position - before.position) * (1 / (2 * h))
            #expect((velocity - state.velocity).norm < 1e-5 * max(1, state.velocity.norm), "t \(time): v")
            let acceleration = (after.velocity - before.velocity) * (1 / (2 * h))
            // The lever's ω̇ is itself a ±1 ms difference: allow 10⁻³ relative.
            #expect((acceleration - state.acceleration).norm < 1e-3 * max(1, state.acceleration.norm), "t \(time): a")
            let force = state.attitude.inverseRotate(state.acceleration + Vector3(0, 0, Self.gravity))
            #expect((force - state.specificForce).norm < 1e-12)
            checked += 1
        }
        #expect(checked == 100)
    }

    /// A tap alone: its peak acceleration is the configured one, at the tap instant.
    @Test func tapsReachTheirPeakAcceleration() throws {
        var settings = HandheldSettings()
        settings.leadIn = 1
        settings.motionDuration = 10
        settings.leadOut = 1
        settings.tiltRMS = 0
        settings.headingRMS = 0
        settings.tapInterval = 2
        settings.tapAcceleration = 40
        settings.tapWidth = 0.004
        settings.tapRotationRate = 60
        let motion = try HandheldMotion(settings: settings, gravity: Self.gravity, seed: 1)
        var peak = 0.0, peakRate = 0.0
        for index in 0..<120_000 {
            let state = motion.state(at: 1 + Double(index) * 1e-4)
            peak = max(peak, state.acceleration.norm)
            peakRate = max(peakRate, state.angularVelocity.norm)
        }
        #expect(abs(peak - 40) < 0.01, "peak \(peak) m/s²")
        #expect(abs(peakRate - Angles.radians(60)) < 1e-3, "peak rate \(Angles.degrees(peakRate)) °/s")
    }

    /// Shaking along a body axis: the displacement keeps its total RMS, and most of the
    /// acceleration lies along the axis in the body frame (the tilt is off, so body = world).
    @Test func shakingFollowsItsBodyAxis() throws {
        var settings = HandheldSettings()
        settings.leadIn = 1
        settings.motionDuration = 200
        settings.leadOut = 1
        settings.tiltRMS = 0
        settings.headingRMS = 0
        settings.translationRMS = 0.1
        settings.translationBandwidth = 1
        settings.translationAxis = Vector3(0, 0, 2)
        settings.translationAxisShare = 0.8
        let motion = try HandheldMotion(settings: settings, gravity: Self.gravity, seed: 2)
        var along = 0.0, across = 0.0, squares = 0.0, count = 0.0
        for time in stride(from: 5.0, through: 195, by: 0.01) {
            let state = motion.state(at: time)
            along += state.acceleration.z * state.acceleration.z
            across += state.acceleration.x * state.acceleration.x + state.acceleration.y * state.acceleration.y
            let displacement = state.position - Vector3(0, 0, 1)
            squares += displacement.normSquared
            count += 1
        }
        // 80 % of the variance along z plus a third of the other 20 %: 87 %.
        let share = along / (along + across)
        #expect(share > 0.8 && share < 0.93, "share along the axis \(share)")
        let rms = (squares / count / 3).squareRoot()
        #expect(abs(rms - 0.1) < 0.03, "RMS per axis \(rms) m")
    }

    /// Same settings and seed: the same motion, bit for bit; another seed: another motion.
    @Test func seededAndDeterministic() throws {
        let settings = Self.busySettings()
        let first = try HandheldMotion(settings: settings, gravity: Self.gravity, seed: 3)
        let again = try HandheldMotion(settings: settings, gravity: Self.gravity, seed: 3)
        let other = try HandheldMotion(settings: settings, gravity: Self.gravity, seed: 4)
        #expect(first.state(at: 7.7) == again.state(at: 7.7))
        #expect(first.state(at: 7.7) != other.state(at: 7.7))
    }
}
