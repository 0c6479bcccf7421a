import OrbitMath

/// A Kalman filter for a slowly wandering gyroscope bias b (rad/s) and its covariance P.
///
/// The bias is modelled as a random walk with spectral density `q` ((rad/s)²/s); the variance
/// of a component stops growing at the initial variance, so a direction that stays unobserved
/// for minutes is as uncertain as at start-up, not more. Two kinds of measurement, each with a
/// noise spectral density r ((rad/s)²·s, so the per-step variance is r/dt and the behaviour
/// does not depend on the sample rate):
/// - at rest the averaged gyroscope measures b directly (H = I);
/// - in motion the accelerometer's inclination correction measures the bias left over in the
///   two horizontal earth axes, H = the first two rows of the body → earth rotation;
/// - the magnetometer's heading correction measures the vertical one, H = the third row. It
///   carries the field's inhomogeneity along the path, so it gets its own, larger noise.
///
/// What a fixed gain cannot do: after a long rest P is small and motion barely moves the
/// estimate (linear accelerations corrupt the inclination correction, the averaged gyroscope at
/// rest does not), while a fresh estimate or a component no measurement has touched for a long
/// time adapts quickly. With one measurement kind alone the estimate settles at σ = (q·r)^¼
/// with time constant √(r/q); from an uncertainty P₀ the time constant grows as r/P₀ + t.
///
/// Each measurement is processed as independent scalar updates (exact for a diagonal noise
/// covariance), and each innovation is clipped to ±`limit`: a sudden large disagreement is a
/// disturbance, not a bias.
public struct GyroscopeBiasKalman: Sendable, Equatable {
    public struct Parameters: Sendable, Equatable {
        /// Standard deviation of the bias before any measurement, rad/s; also the cap of P's diagonal.
        public var initialSigma: Double
        /// Random-walk spectral density of the bias, (rad/s)²/s.
        public var drift: Double
        /// Noise spectral density of the averaged gyroscope at rest, (rad/s)²·s.
        public var restNoise: Double
        /// Noise spectral density of the inclination-correction rate in motion, (rad/s)²·s.
        public var motionNoise: Double
        /// Noise spectral density of the heading-correction rate, (rad/s)²·s.
        public var headingNoise: Double
        /// Largest bias and largest innovation, rad/s.
        public var limit: Double

        public init(initialSigma: Double, drift: Double, restNoise: Double, motionNoise: Double, headingNoise: Double, limit: Double) {
            self.initialSigma = initialSigma
            self.drift = drift
            self.restNoise = restNoise
            self.motionNoise = motionNoise
            self.headingNoise = headingNoise
            self.limit = limit
        }
    }

    /// Changing the parameters keeps the estimate and its covariance.
    public var parameters: Parameters {
        didSet { initialVariance = parameters.initialSigma * parameters.initialSigma }
    }
    private var initialVariance: Double
    /// b̂, rad/s.
    public private(set) var bias = Vector3.zero
    /// P, symmetric, (rad/s)².
    public private(set) var covariance = Matrix3.identity

    public init(parameters: Parameters) {
        self.parameters = parameters
        initialVariance = parameters.initialSigma * parameters.initialSigma
        reset()
    }

    /// Forgets everything: bias 0 with the initial uncertainty.
    public mutating func reset() {
        bias = .zero
        covariance = Matrix3(rows: Vector3(initialVariance, 0, 0), Vector3(0, initialVariance, 0), Vector3(0, 0, initialVariance))
    }

    /// One standard deviation of the estimate per body axis, rad/s.
    public var sigma: Vector3 { Vector3(covariance.row0.x.squareRoot(), covariance.row1.y.squareRoot(), covariance.row2.z.squareRoot()) }

    /// Lets the uncertainty grow for `dt` seconds of bias wander.
    @inline(__always)
    public mutating func predict(dt: Double) {
        let growth = parameters.drift * dt
        if covariance.row0.x < initialVariance { covariance.row0.x += growth }
        if covariance.row1.y < initialVariance { covariance.row1.y += growth }
        if covariance.row2.z < initialVariance { covariance.row2.z += growth }
    }

    /// At rest: `meanRate` (rad/s, the averaged gyroscope) is the bias plus noise.
    @inline(__always)
    public mutating func updateAtRest(meanRate: Vector3, dt: Double) {
        let noise = parameters.restNoise / dt
        update(row: .unitX, measured: meanRate.x, noise: noise)
        update(row: .unitY, measured: meanRate.y, noise: noise)
        update(row: .unitZ, measured: meanRate.z, noise: noise)
        clampBias()
    }

    /// In motion: `residualRate` is the rate (rad/s) at which the correction had to turn the
    /// estimate about earth x and y, `rows` the matching rows of the body → earth rotation.
    /// Those rates are H·(b − b̂), so H·b̂ is added back to measure H·b.
    @inline(__always)
    public mutating func updateInMotion(residualRate: (x: Double, y: Double), rows: (x: Vector3, y: Vector3), dt: Double) {
        let noise = parameters.motionNoise / dt
        let measuredX = residualRate.x + rows.x.dot(bias), measuredY = residualRate.y + rows.y.dot(bias)
        update(row: rows.x, measured: measuredX, noise: noise)
        update(row: rows.y, measured: measuredY, noise: noise)
        clampBias()
    }

    /// From the magnetometer: `residualRate` is the rate (rad/s) at which the heading correction
    /// had to turn the estimate about vertical, `row` the earth z row of the body → earth
    /// rotation. This is how the vertical component is learned while the device turns only
    /// about vertical, as on an orbit.
    @inline(__always)
    public mutating func updateFromHeading(residualRate: Double, row: Vector3, dt: Double) {
        update(row: row, measured: residualRate + row.dot(bias), noise: parameters.headingNoise / dt)
        clampBias()
    }

    /// The scalar update for z = h·b + v with Var(v) = `noise`.
    @inline(__always)
    private mutating func update(row h: Vector3, measured: Double, noise: Double) {
        let ph = covariance * h
        let innovationVariance = h.dot(ph) + noise
        guard innovationVariance > 0 else { return }
        let limit = parameters.limit
        let innovation = min(limit, max(-limit, measured - h.dot(bias)))
        let gain = (1 / innovationVariance) * ph
        bias += innovation * gain
        // P ← P − K·(P·h)ᵀ, which stays symmetric because K ∥ P·h.
        covariance.row0 -= ph.x * gain
        covariance.row1 -= ph.y * gain
        covariance.row2 -= ph.z * gain
    }

    @inline(__always)
    private mutating func clampBias() {
        let size = bias.norm
        if size > parameters.limit { bias = (parameters.limit / size) * bias }
    }
}
