import Foundation
import OrbitMath

/// The exact motion of a hand-held device (`HandheldSettings`), queryable at any time.
///
/// Attitude q = R_z(ψ) ⊗ Exp(r) ⊗ Exp(ρ): a heading ψ(τ) that wanders about vertical, a tilt
/// rotation vector r(τ), both smooth noise over motion time τ and zero at τ = 0 (the device
/// starts level, heading north), and ρ(t), the small fast rotations of taps and vibration in the
/// body frame. Position p(τ) is smooth noise plus the taps' and vibration's displacements. All
/// derivatives are analytic: ω = Exp(ρ)ᵀ·(Exp(r)ᵀ·ψ̇ẑ + J_r(r)·ṙ) + J_r(ρ)·ρ̇, and the
/// acceleration from the second derivatives through τ (p̈ = p″·m² + p′·ṁ).
public struct HandheldMotion: Sendable {
    public let settings: HandheldSettings
    public let envelope: MotionEnvelope
    let heading: SmoothNoise<Double>
    let tilt: SmoothNoise<Vector3>
    let translation: SmoothNoise<Vector3>
    /// Displacement along the body axis `axis` (m), nil without one.
    let axisTranslation: SmoothNoise<Double>?
    let axis: Vector3
    let headingStart: Double
    let tiltStart: Vector3
    let translationStart: Vector3
    let taps: [Tap]
    let vibration: Vibration?
    let gravity: Double
    let hasLeverArm: Bool
    /// R(0)·ℓ, so the device starts where the translation says.
    let leverStart: Vector3

    struct Tap: Sendable {
        var time: Double
        /// World direction of the push (unit) times peak acceleration, m/s².
        var push: Vector3
        /// Body axis (unit) times peak rotation rate, rad/s.
        var twist: Vector3
    }

    struct Vibration: Sendable {
        var angularFrequency: Double
        /// World direction times acceleration amplitude, m/s².
        var shake: Vector3
        /// Body axis times rotation-rate amplitude, rad/s.
        var wobble: Vector3
    }

    /// Height of the device above the ground at rest, m (only for completeness of the state).
    static let restHeight = 1.0

    /// Builds the motion for one seed; each part draws from its own stream ("handheld.heading",
    /// "handheld.tilt", "handheld.translation", "handheld.taps", "handheld.vibration").
    public init(settings: HandheldSettings, gravity: Double, seed: UInt64) throws(GSLError) {
        self.settings = settings
        self.gravity = gravity
        envelope = MotionEnvelope(settings: settings)
        let span = envelope.totalTau + 2
        let headingStream = try RandomStream(seed: seed, source: "handheld.heading")
        heading = SmoothNoise(
            duration: span, knotSpacing: 1 / (2 * settings.headingBandwidth), rms: Angles.radians(settings.headingRMS)
        ) { headingStream.gaussian() }
        let tiltStream = try RandomStream(seed: seed, source: "handheld.tilt")
        let twist = settings.tiltVerticalScale
        tilt = SmoothNoise(duration: span, knotSpacing: 1 / (2 * settings.tiltBandwidth), rms: Angles.radians(settings.tiltRMS)) {
            Vector3(tiltStream.gaussian(), tiltStream.gaussian(), twist * tiltStream.gaussian())
        }
        // With an axis, `translationAxisShare` of the variance moves along it and the rest stays
        // alike in every world direction (3σ² in all, as without one).
        let direction = settings.translationAxis.normalized
        let share = direction == nil ? 0 : min(max(settings.translationAxisShare, 0), 1)
        let translationStream = try RandomStream(seed: seed, source: "handheld.translation")
        translation = SmoothNoise(
            duration: span, knotSpacing: 1 / (2 * settings.translationBandwidth), rms: settings.translationRMS * (1 - share).squareRoot()
        ) {
            Vector3(translationStream.gaussian(), translationStream.gaussian(), translationStream.gaussian())
        }
        axis = direction ?? .zero
        if share > 0 {
            let axisStream = try RandomStream(seed: seed, source: "handheld.translation_axis")
            axisTranslation = SmoothNoise(
                duration: span, knotSpacing: 1 / (2 * settings.translationBandwidth), rms: settings.translationRMS * (3 * share).squareRoot()
            ) { axisStream.gaussian() }
        } else {
            axisTranslation = nil
        }
        headingStart = heading.evaluate(at: 0).value
        tiltStart = tilt.evaluate(at: 0).value
        translationStart = translation.evaluate(at: 0).value
        hasLeverArm = settings.leverArm != .zero || axisTranslation != nil
        // The attitude is identity at τ = 0.
        leverStart = settings.leverArm + (axisTranslation?.evaluate(at: 0).value ?? 0) * axis

        var taps: [Tap] = []
        if settings.tapInterval > 0 {
            let stream = try RandomStream(seed: seed, source: "handheld.taps")
            let phase = settings.motionPhase
            var time = phase.lowerBound + settings.tapInterval * (0.5 + 0.6 * (stream.uniform() - 0.5))
            while time < phase.upperBound {
                // Only while the hand moves: a rest is a rest (the sensor lies on the table).
                if envelope.isInFullMotion(from: time - 8 * settings.tapWidth, to: time + 8 * settings.tapWidth) {
                    taps.append(
                        Tap(
                            time: time, push: settings.tapAcceleration * Self.unitVector(stream),
                            twist: Angles.radians(settings.tapRotationRate) * Self.unitVector(stream)))
                } else {
                    _ = (Self.unitVector(stream), Self.unitVector(stream))  // same draws either way
                }
                time += settings.tapInterval * (0.5 + stream.uniform())
            }
        }
        self.taps = taps
        if settings.vibrationFrequency > 0 {
            let stream = try RandomStream(seed: seed, source: "handheld.vibration")
            vibration = Vibration(
                angularFrequency: 2 * .pi * settings.vibrationFrequency, shake: settings.vibrationAcceleration * Self.unitVector(stream),
                wobble: Angles.radians(settings.vibrationRotationRate) * Self.unitVector(stream))
        } else {
            vibration = nil
        }
    }

    static func unitVector(_ stream: RandomStream) -> Vector3 {
        (Vector3(stream.gaussian(), stream.gaussian(), stream.gaussian()).normalized) ?? .unitZ
    }

    public var duration: Double { settings.duration }

    /// The exact state at `time`.
    public func state(at time: Double) -> TruthState {
        let (tau, m, mRate, mCurvature) = envelope.evaluate(at: time)
        let psi = heading.evaluate(at: tau)
        let r = tilt.evaluate(at: tau)
        let p = translation.evaluate(at: tau)
        let headingAngle = psi.value - headingStart, headingRate = psi.rate * m
        let tiltVector = r.value - tiltStart, tiltRate = m * r.rate
        var position = p.value - translationStart + Vector3(0, 0, Self.restHeight)
        var velocity = m * p.rate
        var acceleration = (m * m) * p.acceleration + mRate * p.rate

        // Fast parts: displacement (world) and rotation (body), each with its derivatives.
        var spin = Vector3.zero, spinRate = Vector3.zero
        addTaps(at: time, position: &position, velocity: &velocity, acceleration: &acceleration, spin: &spin, spinRate: &spinRate)
        addVibration(
            at: time, motionRate: (m, mRate, mCurvature), position: &position, velocity: &velocity, acceleration: &acceleration, spin: &spin,
            spinRate: &spinRate)

        let tiltRotation = Quaternion(rotationVector: tiltVector), spinRotation = Quaternion(rotationVector: spin)
        let slowAttitude = Quaternion(about: .z, angle: headingAngle) * tiltRotation
        let attitude = slowAttitude * spinRotation
        let slowRate = tiltRotation.inverseRotate(Vector3(0, 0, headingRate)) + AimFrame.rightJacobian(tiltVector, times: tiltRate)
        let angularVelocity = spinRotation.inverseRotate(slowRate) + AimFrame.rightJacobian(spin, times: spinRate)
        if hasLeverArm {
            // The device sits at R·ℓ from the pivot, which carries the smooth translation; ℓ is
            // the lever arm plus the shaking along the body axis, s(τ)·u:
            // d/dt R·ℓ = R(ω×ℓ + ℓ̇), d²/dt² R·ℓ = R(ω×(ω×ℓ) + ω̇×ℓ + 2ω×ℓ̇ + ℓ̈). The slow
            // rotation's ω̇ is a central difference over ±1 ms (its spectrum ends at a few Hz,
            // so the relative error is below 10⁻⁴); taps and vibration are left out of the
            // lever (their rotations are fractions of a degree).
            var lever = settings.leverArm, leverRate = Vector3.zero, leverAcceleration = Vector3.zero
            if let axisTranslation {
                let s = axisTranslation.evaluate(at: tau)
                lever += s.value * axis
                leverRate = (m * s.rate) * axis
                leverAcceleration = (m * m * s.acceleration + mRate * s.rate) * axis
            }
            let turn = slowRate.cross(lever) + leverRate
            let angularAcceleration =
                (slowAngularVelocity(at: time + Self.leverStep) - slowAngularVelocity(at: time - Self.leverStep)) * (0.5 / Self.leverStep)
            position += slowAttitude.rotate(lever) - leverStart
            velocity += slowAttitude.rotate(turn)
            acceleration += slowAttitude.rotate(
                slowRate.cross(slowRate.cross(lever)) + angularAcceleration.cross(lever) + 2 * slowRate.cross(leverRate) + leverAcceleration)
        }
        let specificForce = attitude.inverseRotate(acceleration + Vector3(0, 0, gravity))
        return TruthState(
            time: time, position: position, velocity: velocity, acceleration: acceleration, attitude: attitude,
            angularVelocity: angularVelocity, specificForce: specificForce, progress: 0, azimuth: 0)
    }

    /// Body angular velocity of the slow rotation (heading and tilt) alone, rad/s.
    func slowAngularVelocity(at time: Double) -> Vector3 {
        let (tau, m, _, _) = envelope.evaluate(at: time)
        let psi = heading.evaluateRate(at: tau), r = tilt.evaluateRate(at: tau)
        let tiltVector = r.value - tiltStart
        return Quaternion(rotationVector: tiltVector).inverseRotate(Vector3(0, 0, psi.rate * m))
            + AimFrame.rightJacobian(tiltVector, times: m * r.rate)
    }

    static let leverStep = 1e-3

    /// A tap is a Gaussian pulse of acceleration (displacement −A·σ²·g, so p̈ = A·g·(1 − t²/σ²))
    /// and a rotation-rate pulse that turns back (ρ = −W·σ·√e·g, peak rate W at t = σ), with
    /// g = exp(−t²/2σ²). Only taps within 8σ count.
    @inline(__always)
    func addTaps(
        at time: Double, position: inout Vector3, velocity: inout Vector3, acceleration: inout Vector3, spin: inout Vector3,
        spinRate: inout Vector3
    ) {
        guard !taps.isEmpty else { return }
        let sigma = settings.tapWidth, reach = 8 * sigma
        var index = Self.firstTap(after: time - reach, in: taps)
        let rotationScale = sigma * exp(0.5)
        while index < taps.count, taps[index].time <= time + reach {
            let tap = taps[index]
            let t = time - tap.time, x = t / sigma
            let g = exp(-0.5 * x * x)
            position += (-sigma * sigma * g) * tap.push
            velocity += (t * g) * tap.push
            acceleration += (g * (1 - x * x)) * tap.push
            spin += (-rotationScale * g) * tap.twist
            spinRate += (rotationScale * g * t / (sigma * sigma)) * tap.twist
            index += 1
        }
    }

    static func firstTap(after time: Double, in taps: [Tap]) -> Int {
        taps.indices.partitionPoint { taps[$0].time < time }
    }

    /// Sinusoidal shake and wobble at the vibration frequency, switched on and off during the
    /// motion phase with 50 ms smootherstep ramps and scaled by the motion rate m (so a rest is
    /// still): window W = m·w with exact first and second derivatives.
    @inline(__always)
    func addVibration(
        at time: Double, motionRate m: (value: Double, rate: Double, curvature: Double), position: inout Vector3, velocity: inout Vector3,
        acceleration: inout Vector3, spin: inout Vector3, spinRate: inout Vector3
    ) {
        guard let vibration else { return }
        let w = vibrationWindow(at: time)
        let window = (
            value: m.value * w.value, rate: m.rate * w.value + m.value * w.rate,
            acceleration: m.curvature * w.value + 2 * m.rate * w.rate + m.value * w.acceleration
        )
        guard window.value != 0 || window.rate != 0 || window.acceleration != 0 else { return }
        let omega = vibration.angularFrequency
        let (s, c) = Angles.sinCos(omega * time)
        // p = w·(A/Ω²)·sin Ωt·d: ṗ = ẇ(A/Ω²) sin + w(A/Ω) cos, p̈ = ẅ(A/Ω²) sin + 2ẇ(A/Ω) cos − w·A·sin.
        let inverse = 1 / omega
        position += (window.value * inverse * inverse * s) * vibration.shake
        velocity += (window.rate * inverse * inverse * s + window.value * inverse * c) * vibration.shake
        acceleration += (window.acceleration * inverse * inverse * s + 2 * window.rate * inverse * c - window.value * s) * vibration.shake
        spin += (window.value * inverse * s) * vibration.wobble
        spinRate += (window.rate * inverse * s + window.value * c) * vibration.wobble
    }

    /// On/off window of the vibration: 1 for `vibrationOn` s, 0 for `vibrationOff` s, repeating
    /// from the start of the motion phase, with smootherstep edges of `vibrationRamp`.
    func vibrationWindow(at time: Double) -> (value: Double, rate: Double, acceleration: Double) {
        let phase = settings.motionPhase
        guard time > phase.lowerBound, time < phase.upperBound else { return (0, 0, 0) }
        let period = settings.vibrationOn + settings.vibrationOff
        let within = (time - phase.lowerBound).truncatingRemainder(dividingBy: period)
        let ramp = min(Self.vibrationRamp, settings.vibrationOn / 2)
        let edge: (u: Double, sign: Double)
        if within < ramp {
            edge = (within / ramp, 1)
        } else if within < settings.vibrationOn - ramp {
            return (1, 0, 0)
        } else if within < settings.vibrationOn {
            edge = ((settings.vibrationOn - within) / ramp, -1)
        } else {
            return (0, 0, 0)
        }
        let s = Smootherstep(edge.u)
        // Falling edge: u decreases with time, so the first derivative changes sign.
        return (s.value, edge.sign * s.slope / ramp, s.curvature / (ramp * ramp))
    }

    static let vibrationRamp = 0.05
}
