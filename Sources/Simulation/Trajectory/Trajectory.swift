import Foundation
import OrbitMath

/// The exact, smooth path and attitude of the phone over a run, queryable at any time.
///
/// Position: a circle around the object centre at the planned progress (`ProgressProfile`),
/// plus radius wander (smooth noise over distance walked, so it stops when the walker does),
/// sideways sway at half and vertical bob at the full step
/// frequency (both scaled by the current walking speed, phase tied to distance walked) and a
/// vertical drift proportional to distance walked. Attitude: the camera aims at the object
/// (or keeps its start elevation, `AimMode.level`), turned into the device orientation, then
/// perturbed by hand jitter, a smooth rotation vector in the body frame.
///
/// Every derivative is analytic: angular velocity from the aim frame's rate and the SO(3) right
/// Jacobian of the jitter, specific force from the second derivative of the position.
public struct Trajectory: Sendable {
    public let profile: ProgressProfile
    /// The hand-held motion that replaces the orbit (`WorldSettings.moves == .handheld`).
    public var handheld: HandheldMotion? { handheldBox?.motion }
    /// Duration of the walk (or the hand-held recording) including lead-in and lead-out, s.
    public var duration: Double { imported?.duration ?? handheldBox?.motion.duration ?? profile.duration }
    /// The samples a fusion evaluation counts: the walk between lead-in and lead-out, or the
    /// hand-held motion phase (breaks included, as BROAD's `movement`), or all of an imported
    /// motion.
    public var evaluatedPhase: ClosedRange<Double> {
        if let imported { return 0...imported.duration }
        return handheldBox?.motion.settings.motionPhase ?? profile.walkingPhase
    }
    /// The recorded motion that replaces the modelled one (`WorldSettings.imported`).
    public let imported: ImportedMotion?
    /// Behind a reference: held inline, the ≈ 470-byte motion was copied out to test it for nil
    /// on every `state(at:)`, and the trajectory with it wherever it was passed.
    let handheldBox: HandheldBox?

    let jitter: SmoothNoise<Vector3>
    let wander: SmoothNoise<Double>
    let center: Vector3
    let radius: Double
    let startHeight: Double
    let startAzimuth: Double
    let direction: Double
    /// 1 / cruise speed, s/rad.
    let inverseCruiseSpeed: Double
    /// Steps per radian walked.
    let stepsPerWalked: Double
    /// Step phase per radian walked, rad/rad.
    let phasePerWalked: Double
    let bob: Double
    let sway: Double
    let driftPerWalked: Double
    let gravity: Double
    let aim: AimMode
    let orientation: DeviceOrientation
    /// With `restsDuringLeadIn`: the jitter fades in over [start, start + length], s.
    let jitterFadeIn: (start: Double, length: Double)?
    private(set) var levelElevation = 0.0

    /// Radius wander varies over this much distance walked, rad of orbit (20°).
    static let wanderKnotSpacing = Angles.radians(20)

    /// Builds the trajectory of `world` for one seed. Hand jitter and radius wander draw from
    /// their own streams ("walker.hand_jitter", "walker.radius_wander").
    public init(world: WorldSettings, seed: UInt64) throws(GSLError) {
        let orbit = world.orbit, walker = world.walker
        profile = ProgressProfile(orbit: orbit)
        imported = world.imported
        handheldBox =
            world.moves == .handheld && world.imported == nil
            ? HandheldBox(try HandheldMotion(settings: world.handheld, gravity: world.environment.gravity, seed: seed)) : nil
        let span = profile.duration + 2  // margin for queries slightly past the end
        let jitterStream = try RandomStream(seed: seed, source: "walker.hand_jitter")
        jitter = SmoothNoise(
            duration: span, knotSpacing: 1 / (2 * walker.handJitterBandwidth),
            rms: Angles.radians(walker.handJitter)
        ) { Vector3(jitterStream.gaussian(), jitterStream.gaussian(), jitterStream.gaussian()) }
        let wanderStream = try RandomStream(seed: seed, source: "walker.radius_wander")
        wander = SmoothNoise(
            duration: profile.totalWalked + 1, knotSpacing: Self.wanderKnotSpacing, rms: walker.radiusWander
        ) { wanderStream.gaussian() }
        center = world.object.center
        radius = orbit.radius
        startHeight = orbit.cameraHeight
        startAzimuth = Angles.radians(orbit.startAzimuth)
        direction = orbit.direction == .counterclockwise ? 1 : -1
        let cruiseSpeed = Angles.radians(orbit.angularSpeed)
        inverseCruiseSpeed = 1 / cruiseSpeed
        stepsPerWalked = walker.stepFrequency / cruiseSpeed
        phasePerWalked = 2 * .pi * stepsPerWalked
        bob = walker.verticalBob
        sway = walker.lateralSway
        driftPerWalked = profile.totalWalked > 0 ? walker.verticalDrift / profile.totalWalked : 0
        gravity = world.environment.gravity
        aim = orbit.aim
        orientation = orbit.deviceOrientation
        jitterFadeIn = walker.restsDuringLeadIn ? (orbit.leadIn, orbit.ramp) : nil
        let start = positionKinematics(at: 0)
        let toCenter = center - start.position
        levelElevation = atan2(toCenter.z, hypot(toCenter.x, toCenter.y))
    }

    /// Position, velocity and acceleration (world, m), signed progress and azimuth (rad).
    @inline(__always)
    func positionKinematics(at time: Double) -> (position: Vector3, velocity: Vector3, acceleration: Vector3, progress: Double, azimuth: Double) {
        let (progress, walked) = profile.evaluate(at: time)
        let azimuth = startAzimuth + direction * progress.value
        let azimuthRate = direction * progress.rate
        let azimuthAcceleration = direction * progress.acceleration

        // Walking intensity m ∈ [0, 1] and step phase θ, both driven by distance walked.
        let m = walked.rate * inverseCruiseSpeed, mRate = walked.acceleration * inverseCruiseSpeed
        let mAcc = walked.jerk * inverseCruiseSpeed
        let thetaRate = phasePerWalked * walked.rate, thetaAcc = phasePerWalked * walked.acceleration
        // Pairs of steps taken so far, reduced to the current pair before scaling to radians:
        // the phase grows to hundreds of radians. Walked distance is never negative, so the
        // integer conversion is the floor (without a libm call).
        let stepPairs = 0.5 * stepsPerWalked * walked.value
        let theta = 4 * Double.pi * (stepPairs - Double(Int(stepPairs)))
        // One sin/cos pair of θ/2 gives both: sin θ = 2·s·c, cos θ = 1 − 2·s².
        let (halfSine, halfCosine) = Angles.sinCos(theta / 2)
        let bobK = Self.modulatedSine(m, mRate, mAcc, 2 * halfSine * halfCosine, 1 - 2 * halfSine * halfSine, thetaRate, thetaAcc)
        let swayK = Self.modulatedSine(m, mRate, mAcc, halfSine, halfCosine, thetaRate / 2, thetaAcc / 2)
        // Wander is a function of distance walked w: d/dt = f'·ẇ, d²/dt² = f''·ẇ² + f'·ẅ.
        let wanderW = wander.evaluate(at: walked.value)
        let wanderK = (
            value: wanderW.value, rate: wanderW.rate * walked.rate,
            acceleration: wanderW.acceleration * walked.rate * walked.rate + wanderW.rate * walked.acceleration
        )

        let rho = radius + wanderK.value + sway * swayK.value
        let rhoRate = wanderK.rate + sway * swayK.rate
        let rhoAcc = wanderK.acceleration + sway * swayK.acceleration
        let z = startHeight + bob * bobK.value + driftPerWalked * walked.value
        let zRate = bob * bobK.rate + driftPerWalked * walked.rate
        let zAcc = bob * bobK.acceleration + driftPerWalked * walked.acceleration

        let (s, c) = Angles.sinCos(azimuth)
        let radial = Vector3(c, s, 0), tangential = Vector3(-s, c, 0)
        let position = Vector3(center.x + rho * c, center.y + rho * s, z)
        let velocity = rhoRate * radial + (rho * azimuthRate) * tangential + Vector3(0, 0, zRate)
        let acceleration =
            (rhoAcc - rho * azimuthRate * azimuthRate) * radial
            + (2 * rhoRate * azimuthRate + rho * azimuthAcceleration) * tangential + Vector3(0, 0, zAcc)
        return (position, velocity, acceleration, progress.value, azimuth)
    }

    /// m(t)·sin φ(t) and its first two derivatives, given s = sin φ and c = cos φ.
    @inline(__always)
    static func modulatedSine(
        _ m: Double, _ mRate: Double, _ mAcc: Double, _ s: Double, _ c: Double, _ phaseRate: Double, _ phaseAcc: Double
    ) -> (value: Double, rate: Double, acceleration: Double) {
        return (
            m * s, mRate * s + m * phaseRate * c,
            mAcc * s + 2 * mRate * phaseRate * c + m * phaseAcc * c - m * phaseRate * phaseRate * s
        )
    }

    /// The exact state at `time` (clamped to the walk's ends for position; the hand keeps
    /// jittering slightly past the end).
    public func state(at time: Double) -> TruthState {
        if let imported { return imported.state(at: time) }
        if let handheldBox { return handheldBox.motion.state(at: time) }
        return orbitState(at: time)
    }

    /// The walker's state at `time`. Inlined into every caller, so one that reads only part of
    /// it (`pose(at:)`) leaves the rest uncomputed with the same arithmetic for what it reads.
    @inline(__always)
    func orbitState(at time: Double) -> TruthState {
        let kinematics = positionKinematics(at: time)
        let (direction, directionRate) = aimDirection(position: kinematics.position, velocity: kinematics.velocity)
        let frame = AimFrame.device(
            AimFrame.portrait(direction: direction, directionRate: directionRate), orientation: orientation)
        let device = Quaternion(orthonormalMatrix: frame.axes)
        let deviceRate = frame.angularVelocity
        var hand = jitter.evaluateRate(at: time)
        if let fade = jitterFadeIn {
            // Weight w(t) by smootherstep, so the jitter's rotation and its rate start from 0.
            let weight = Smootherstep(min(1, max(0, (time - fade.start) / fade.length)))
            let weightRate = weight.slope / fade.length
            hand = (weight.value * hand.value, weightRate * hand.value + weight.value * hand.rate)
        }
        let handRotation = Quaternion(rotationVector: hand.value)
        let attitude = device * handRotation
        let angularVelocity = handRotation.inverseRotate(deviceRate) + AimFrame.rightJacobian(hand.value, times: hand.rate)
        let specificForce = attitude.inverseRotate(kinematics.acceleration + Vector3(0, 0, gravity))
        return TruthState(
            time: time, position: kinematics.position, velocity: kinematics.velocity,
            acceleration: kinematics.acceleration, attitude: attitude, angularVelocity: angularVelocity,
            specificForce: specificForce, progress: kinematics.progress, azimuth: kinematics.azimuth)
    }

    /// Unit optical-axis direction and its time derivative for the aim mode.
    @inline(__always)
    func aimDirection(position: Vector3, velocity: Vector3) -> (Vector3, Vector3) {
        switch aim {
        case .target:
            let toCenter = center - position
            let inverseDistance = 1 / toCenter.norm
            let d = inverseDistance * toCenter
            return (d, -inverseDistance * (velocity - velocity.dot(d) * d))
        case .level:
            let toCenter = Vector3(center.x - position.x, center.y - position.y, 0)
            let inverseDistance = 1 / toCenter.norm
            let h = inverseDistance * toCenter
            let horizontalVelocity = Vector3(velocity.x, velocity.y, 0)
            let hRate = -inverseDistance * (horizontalVelocity - horizontalVelocity.dot(h) * h)
            let c = cos(levelElevation), s = sin(levelElevation)
            return (c * h + Vector3(0, 0, s), c * hRate)
        }
    }
}

/// A hand-held motion held by reference in `Trajectory`.
final class HandheldBox: Sendable {
    let motion: HandheldMotion
    init(_ motion: HandheldMotion) { self.motion = motion }
}
