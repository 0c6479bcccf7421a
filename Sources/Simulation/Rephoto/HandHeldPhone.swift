import OrbitMath

/// The true motion of a phone held by a standing person at one instant.
public struct HandState: Sendable, Equatable {
    /// Body → world.
    public var attitude: Quaternion
    /// Body frame, rad/s.
    public var angularVelocity: Vector3
    /// Body frame, m/s² (the hand does not translate, so this is gravity's reaction).
    public var specificForce: Vector3
}

/// A phone in the hand of a person standing still: the position is fixed, the attitude is the
/// person's intended attitude, steered by commanded body rates held constant between commands
/// (zero-order hold), with hand tremor on top:
///
///     R(t) = R_intended(t) · Exp(r(t)),  ω = Exp(r)ᵀ·ω_command + J_r(r)·ṙ
///
/// r(t) is band-limited smooth noise, so ω is exact, not a numerical derivative.
public struct HandHeldPhone {
    public let position: Vector3
    let upwardGravity: Vector3
    let tremor: SmoothNoise<Vector3>
    /// Intended attitude at `commandTime` and the body rate commanded since then.
    private(set) var intended: Quaternion
    private(set) var commandTime = 0.0
    public private(set) var commandedRate = Vector3.zero

    public init(position: Vector3, attitude: Quaternion, tremor: SmoothNoise<Vector3>, gravity: Double) {
        self.position = position
        intended = attitude
        self.tremor = tremor
        upwardGravity = Vector3(0, 0, gravity)
    }

    /// Truth at `time` (not before the last command).
    @inline(__always)
    public func state(at time: Double) -> HandState {
        let base = intended * Quaternion(rotationVector: (time - commandTime) * commandedRate)
        let shake = tremor.evaluateRate(at: time)
        let shakeRotation = Quaternion(rotationVector: shake.value)
        let attitude = base * shakeRotation
        let angularVelocity = shakeRotation.inverseRotate(commandedRate) + AimFrame.rightJacobian(shake.value, times: shake.rate)
        return HandState(attitude: attitude, angularVelocity: angularVelocity, specificForce: attitude.inverseRotate(upwardGravity))
    }

    /// From `time` on, the hand turns at `rate` (body frame, rad/s).
    @inline(__always)
    public mutating func command(_ rate: Vector3, at time: Double) {
        intended = (intended * Quaternion(rotationVector: (time - commandTime) * commandedRate)).renormalized ?? intended
        commandTime = time
        commandedRate = rate
    }
}
