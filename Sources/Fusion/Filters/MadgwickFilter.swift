import OrbitMath

extension FilterName {
    public static let madgwick = FilterName(builtIn: "madgwick")
}

/// Madgwick's gradient-descent orientation filter (S. Madgwick, "An efficient orientation
/// filter for inertial and inertial/magnetic sensor arrays", 2010), IMU and MARG forms, as his
/// published C implementation computes it (the reference Madgwick of the BROAD benchmark).
///
/// Each step integrates q̇ = ½ q ⊗ (0, ω) − β ∇/‖∇‖ to first order, where ∇ is the gradient of
/// ½‖f‖² at the estimate before the step and f stacks the mismatch between the predicted and
/// measured gravity direction (and, with a magnetometer, field direction) in the body frame.
/// The field reference is taken from the measured field rotated into the earth frame, which
/// confines the magnetometer's influence to heading (his magnetic distortion compensation). As
/// in the published code, the reference enters the objective as (b_x, 0, b_z) = ½ (|h_xy|, 0,
/// h_z) of the unit field h (the code's `_2bx = |h_xy|`): the field term is half as strong as
/// in the paper's equations, and the normalised step weights gravity accordingly more. With
/// β = 0.12 it reproduces BROAD's per-trial figures. No gyroscope bias is estimated.
public struct MadgwickFilter: SingleStageFilter, BuiltInFilter {
    public static var name: FilterName { .madgwick }
    public static var settingsSection: String { "madgwick" }
    public static var settingsHelp: String { "Madgwick filter" }

    public struct Settings: BuiltInFilterSettings {
        /// β: gyroscope measurement error expressed as the gradient step, rad/s. Larger trusts
        /// accelerometer and magnetometer more.
        public var beta: Double = 0.1

        /// The defaults, as documented on each property.
        public init() {}

        public static let `default` = Settings()

        public static var keys: [SettingKey<Settings>] { [SettingKey("beta", \.beta, 0...10, help: "gradient step, rad/s")] }
    }

    public var settings: Settings
    public var state = SingleStageState()

    public init(settings: Settings = .default) {
        self.settings = settings
    }

    // Not @inline(__always): forced inlining left every squareRoot() here as a call to the
    // standard library shim (spilling all floating-point registers) instead of one sqrtsd.
    public mutating func integrate(gyroscope g: Vector3, accelerometer: Vector3, field: Vector3?, dt: Double) {
        let q0 = state.attitude.w, q1 = state.attitude.x, q2 = state.attitude.y, q3 = state.attitude.z
        // q̇ from the gyroscope: ½ q ⊗ (0, ω).
        var d0 = 0.5 * (-q1 * g.x - q2 * g.y - q3 * g.z)
        var d1 = 0.5 * (q0 * g.x + q2 * g.z - q3 * g.y)
        var d2 = 0.5 * (q0 * g.y - q1 * g.z + q3 * g.x)
        var d3 = 0.5 * (q0 * g.z + q1 * g.y - q2 * g.x)

        let accelerationNorm = accelerometer.normSquared
        if accelerationNorm > 0 {
            let a = (1 / accelerationNorm.squareRoot()) * accelerometer
            // f_g = predicted up (third row of R) − measured up, and ∇ = J_gᵀ f_g.
            let fg0 = 2 * (q1 * q3 - q0 * q2) - a.x
            let fg1 = 2 * (q0 * q1 + q2 * q3) - a.y
            let fg2 = 1 - 2 * (q1 * q1 + q2 * q2) - a.z
            var s0 = -2 * q2 * fg0 + 2 * q1 * fg1
            var s1 = 2 * q3 * fg0 + 2 * q0 * fg1 - 4 * q1 * fg2
            var s2 = -2 * q0 * fg0 + 2 * q3 * fg1 - 4 * q2 * fg2
            var s3 = 2 * q1 * fg0 + 2 * q2 * fg1

            if let m0 = field, m0.normSquared > 0 {
                // Rotate the raw field while its inverse norm is computed (shorter critical path).
                let inverseNorm = 1 / m0.normSquared.squareRoot()
                let m = inverseNorm * m0
                // Earth-frame field h = R m; reference b = ½ (√(h_x² + h_y²), 0, h_z) (see above).
                let earth = inverseNorm * state.attitude.rotate(m0)
                let bx = 0.5 * (earth.x * earth.x + earth.y * earth.y).squareRoot(), bz = 0.5 * earth.z
                // f_b = Rᵀ b − m and ∇ += J_bᵀ f_b.
                let fb0 = 2 * bx * (0.5 - q2 * q2 - q3 * q3) + 2 * bz * (q1 * q3 - q0 * q2) - m.x
                let fb1 = 2 * bx * (q1 * q2 - q0 * q3) + 2 * bz * (q0 * q1 + q2 * q3) - m.y
                let fb2 = 2 * bx * (q0 * q2 + q1 * q3) + 2 * bz * (0.5 - q1 * q1 - q2 * q2) - m.z
                s0 += -2 * bz * q2 * fb0 + (-2 * bx * q3 + 2 * bz * q1) * fb1 + 2 * bx * q2 * fb2
                s1 += 2 * bz * q3 * fb0 + (2 * bx * q2 + 2 * bz * q0) * fb1 + (2 * bx * q3 - 4 * bz * q1) * fb2
                s2 += (-4 * bx * q2 - 2 * bz * q0) * fb0 + (2 * bx * q1 + 2 * bz * q3) * fb1 + (2 * bx * q0 - 4 * bz * q2) * fb2
                s3 += (-4 * bx * q3 + 2 * bz * q1) * fb0 + (-2 * bx * q0 + 2 * bz * q2) * fb1 + 2 * bx * q1 * fb2
            }
            // q̇ −= β·∇/‖∇‖.
            let gradientNorm = (s0 * s0 + s1 * s1 + s2 * s2 + s3 * s3).squareRoot()
            if gradientNorm > 0 {
                let scale = settings.beta / gradientNorm
                d0 -= scale * s0
                d1 -= scale * s1
                d2 -= scale * s2
                d3 -= scale * s3
            }
        }
        let next = Quaternion(w: q0 + dt * d0, x: q1 + dt * d1, y: q2 + dt * d2, z: q3 + dt * d3)
        state.attitude = next.renormalized ?? state.attitude
    }
}
