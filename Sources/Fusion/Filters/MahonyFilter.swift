import OrbitMath

extension FilterName {
    public static let mahony = FilterName(builtIn: "mahony")
}

/// Mahony's explicit complementary filter with integral term (R. Mahony, T. Hamel,
/// J.-M. Pflimlin, "Nonlinear complementary filters on the special orthogonal group", IEEE TAC
/// 2008), in the discrete form of Madgwick's widely used implementation (the reference
/// Mahony of the BROAD benchmark).
///
/// The correction ω_mes = Σ v × v̂ compares the measured body-frame directions v of gravity (and
/// the field) with the ones v̂ predicted from the current estimate; the attitude is driven by
/// ω − b̂ + k_P·ω_mes and the bias estimate by ḃ = −k_I·ω_mes. The field reference is
/// (b_x, 0, b_z) from the measured field rotated into the earth frame, so the magnetometer acts
/// on heading only. Each step evaluates the correction at the estimate before the step and
/// integrates q̇ = ½ q ⊗ (0, ω) to first order, as the published algorithm does: with BROAD's
/// best gains (k_P = 0.74, k_I = 0.0012) it reproduces the benchmark's per-trial figures.
public struct MahonyFilter: SingleStageFilter, BuiltInFilter {
    public static var name: FilterName { .mahony }
    public static var settingsSection: String { "mahony" }
    public static var settingsHelp: String { "Mahony filter" }

    public struct Settings: BuiltInFilterSettings {
        /// Proportional gain k_P, rad/s per unit direction error.
        public var proportionalGain: Double = 1.0
        /// Integral gain k_I, rad/s² per unit direction error (0 disables bias estimation).
        public var integralGain: Double = 0.05
        /// Bias estimates are clamped to this magnitude, rad/s (keeps the integrator sane
        /// through long disturbances).
        public var biasLimit: Double = Angles.radians(5)

        /// The defaults, as documented on each property.
        public init() {}

        public static let `default` = Settings()

        public static var keys: [SettingKey<Settings>] {
            [
                SettingKey("kp", \.proportionalGain, 0...100, help: "proportional gain, rad/s per unit direction error"),
                SettingKey("ki", \.integralGain, 0...100, help: "integral (bias) gain, rad/s² per unit direction error"),
                SettingKey("bias_limit_dps", \.biasLimit, 0...100, scale: Angles.radiansPerDegree, help: "largest bias estimate"),
            ]
        }
    }

    public var settings: Settings
    public var state = SingleStageState()
    /// b̂, rad/s.
    public var gyroscopeBias: Vector3 { state.gyroscopeBias }

    public init(settings: Settings = .default) {
        self.settings = settings
    }

    // Not @inline(__always): forced inlining left every squareRoot() here as a call to the
    // standard library shim (spilling all floating-point registers) instead of one sqrtsd.
    public mutating func integrate(gyroscope: Vector3, accelerometer: Vector3, field: Vector3?, dt: Double) {
        let q = state.attitude
        var error = Vector3.zero
        let accelerationNorm = accelerometer.normSquared
        if accelerationNorm > 0 {
            let measuredUp = (1 / accelerationNorm.squareRoot()) * accelerometer
            // Predicted up in the body frame: third row of R(q).
            let predictedUp = Vector3(2 * (q.x * q.z - q.w * q.y), 2 * (q.w * q.x + q.y * q.z), 1 - 2 * (q.x * q.x + q.y * q.y))
            error = measuredUp.cross(predictedUp)
            if let m0 = field, m0.normSquared > 0 {
                // Rotate the raw field while its inverse norm is computed (shorter critical path).
                let inverseNorm = 1 / m0.normSquared.squareRoot()
                let m = inverseNorm * m0
                let h = inverseNorm * q.rotate(m0)
                let reference = Vector3((h.x * h.x + h.y * h.y).squareRoot(), 0, h.z)
                error += m.cross(q.inverseRotate(reference))
            }
            if settings.integralGain > 0 {
                var bias = state.gyroscopeBias - (settings.integralGain * dt) * error
                let size = bias.norm
                if size > settings.biasLimit { bias = (settings.biasLimit / size) * bias }
                state.gyroscopeBias = bias
            }
        }
        // q ← q + ½ q ⊗ (0, ω − b̂ + k_P·e)·dt, renormalised.
        let w = (0.5 * dt) * (gyroscope - state.gyroscopeBias + settings.proportionalGain * error)
        let next = Quaternion(
            w: q.w - q.x * w.x - q.y * w.y - q.z * w.z, x: q.x + q.w * w.x + q.y * w.z - q.z * w.y,
            y: q.y + q.w * w.y - q.x * w.z + q.z * w.x, z: q.z + q.w * w.z + q.x * w.y - q.y * w.x)
        state.attitude = next.renormalized ?? state.attitude
    }
}
