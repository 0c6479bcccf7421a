import Foundation
import OrbitMath

/// A filter with gyroscope-bias estimation, rest detection and magnetic-disturbance rejection,
/// designed after the principles published for VQF (D. Laidig, T. Seel, "VQF: Highly accurate
/// IMU orientation estimation with bias estimation and magnetic disturbance rejection",
/// Information Fusion 2023) and written for this project.
///
/// The attitude is a product of three parts, q = R_z(δ) ⊗ q_inc ⊗ q_gyr:
/// - q_gyr integrates the bias-corrected gyroscope into an almost-inertial frame G;
/// - the accelerometer, rotated into G, is low-passed there (time constant
///   `accelerationTimeConstant`): in G gravity stands still while linear accelerations average
///   out. q_inc then rotates the filtered vector exactly onto vertical every step;
/// - δ is a heading offset pulled towards the magnetometer's horizontal direction with time
///   constant `headingTimeConstant`, only from samples whose magnitude and dip match the
///   learned undisturbed field (`MagneticReference`). A magnet riding on the device is learned
///   as a body-frame offset while the device turns (`BodyFixedOffset`) and subtracted, so its
///   field still gives heading; gyroscope scale errors would otherwise turn the heading freely
///   for as long as the magnet stays.
///
/// Bias: a Kalman filter (`GyroscopeBiasKalman`) measures it directly from the averaged
/// gyroscope at rest (both sensors steady for `restMinimumDuration`) and, in motion, from the
/// inclination corrections, which are what a bias error looks like once mapped through the
/// low-passed body → earth rotation. Its covariance decides how much each counts: after a rest
/// the estimate is firm and accelerations during motion barely move it.
public struct BiasEstimatingFilter: AttitudeFilter {
    public struct Settings: Sendable, Equatable {
        /// Low-pass time constant of the accelerometer in the almost-inertial frame, s.
        public var accelerationTimeConstant = 3.0
        /// Time constant of the heading correction from the magnetometer, s.
        public var headingTimeConstant = 9.0
        /// Heading converges with this shorter time constant right after start-up, s.
        public var headingStartupTimeConstant = 0.5
        /// Length of the start-up phase, s.
        public var startupDuration = 2.0
        /// Uncertainty (1σ) of the bias at start-up, rad/s.
        public var biasInitialSigma = Angles.radians(0.5)
        /// The bias is assumed to wander by `biasDriftSigma` (rad/s) within `biasDriftTime` (s):
        /// the random walk that keeps the estimate willing to move.
        public var biasDriftSigma = Angles.radians(0.1)
        /// See `biasDriftSigma`, s.
        public var biasDriftTime = 100.0
        /// Uncertainty (1σ) the estimate settles at when only motion informs it, rad/s. Sets how
        /// much one second of inclination corrections counts (they carry linear accelerations).
        public var motionBiasSigma = Angles.radians(0.1)
        /// Uncertainty (1σ) the vertical component settles at when only the magnetometer's
        /// heading corrections inform it, rad/s.
        public var headingBiasSigma = Angles.radians(0.1)
        /// Uncertainty (1σ) the estimate settles at during a long rest, rad/s.
        public var restBiasSigma = Angles.radians(0.03)
        /// Largest bias estimate, rad/s.
        public var biasLimit = Angles.radians(2)
        /// Rest detection: averaging time constant, s.
        public var restTimeConstant = 0.5
        /// Rest detection: gyroscope deviation limit, rad/s.
        public var restGyroscopeThreshold = Angles.radians(2)
        /// Rest detection: the gyroscope's mean over `restTimeConstant` must agree with its mean
        /// over four times as long within this before it measures the bias, rad/s.
        public var restSteadinessThreshold = Angles.radians(0.1)
        /// Rest detection: accelerometer deviation limit, m/s².
        public var restAccelerationThreshold = 0.5
        /// Rest detection: required duration, s.
        public var restMinimumDuration = 1.5
        /// Magnetic disturbance: relative magnitude tolerance.
        public var magneticNormTolerance = 0.1
        /// Magnetic disturbance: dip tolerance, rad.
        public var magneticDipTolerance = Angles.radians(10)
        /// Time constant with which the undisturbed field reference follows, s.
        public var magneticReferenceTimeConstant = 20.0
        /// A steady disturbance becomes the new reference after this long of turning, s.
        public var magneticAcceptAfter = 20.0
        /// Low-pass of the sample magnitude and dip before they are judged, s.
        public var magneticCurrentTimeConstant = 0.05
        /// After a disturbance the field must look undisturbed this long before it is used, s.
        public var magneticMinimumUndisturbedTime = 0.5
        /// Acceptance of a new field counts only while the device turns faster than this, rad/s.
        public var magneticNewFieldMinimumRate = Angles.radians(20)
        /// After this long of rejection a disturbed field is used again, weakly, s.
        public var magneticMaximumRejectionTime = 60.0
        /// A disturbed field used after `magneticMaximumRejectionTime` turns the heading with
        /// `headingTimeConstant` times this factor; the rejection clock also runs back down this
        /// many times faster while the field is undisturbed (one factor for both, as in VQF).
        public var magneticRejectionSlowdown = 2.0
        /// A disturbance that rides on the device is learned in the body frame with this time
        /// constant, s (see `BodyFixedOffset`); 0 turns the learning off.
        public var magneticOffsetTimeConstant = 5.0
        /// ...and trusted after the device turned through this much since it began, rad.
        public var magneticOffsetMinimumTurn = Angles.radians(360)
        /// ...while the field stays within this of the learned offset, µT RMS.
        public var magneticOffsetTolerance = 3.0

        public init() {}

        public static let `default` = Settings()
    }

    public var settings: Settings {
        didSet { rebuildCoefficients() }
    }

    public private(set) var attitude = Quaternion.identity
    /// b̂, rad/s.
    public private(set) var gyroscopeBias = Vector3.zero
    public private(set) var diagnostics = FilterDiagnostics()
    public var isInitialized: Bool { step.lastTime != nil }
    /// One standard deviation of the bias estimate per body axis, rad/s.
    public var gyroscopeBiasSigma: Vector3 { biasFilter.sigma }
    /// The heading offset δ, rad.
    public var headingOffset: Double { heading }
    /// The field of a magnet riding on the device (µT, body frame) that the last sample was
    /// corrected for; nil when the field was used as measured or not at all.
    public private(set) var magneticOffset: Vector3?

    // State.
    private var step = FilterStep()
    private var gyroFrame = Quaternion.identity
    private var inclination = Quaternion.identity
    private var heading = 0.0
    /// R_z(δ) for the δ it was computed from (exact bits), so its sine and cosine are
    /// recomputed only when δ moved, which a sample without a field never does.
    private var headingRotation = (angle: 0.0, rotation: Quaternion(about: .z, angle: 0))
    private var headingInitialized = false
    private var sinceStart = 0.0
    private var accelerationInG = VectorLowPass()
    /// Earth x and y rows of the body → earth rotation, low-passed like the accelerometer: the
    /// inclination correction reacts to a bias through that filter's lag.
    private var earthRowX = VectorLowPass()
    private var earthRowY = VectorLowPass()
    private var biasFilter: GyroscopeBiasKalman

    // Derived coefficients (rebuilt when settings change).
    private var accelerationStage = SmoothingFactor(timeConstant: 1.5)
    private var headingGain = SmoothingFactor(timeConstant: 9)
    private var startupHeadingGain = SmoothingFactor(timeConstant: 0.5)
    private var rest = RestDetector(parameters: .init(timeConstant: 0.5, gyroscopeThreshold: 0.035, accelerationThreshold: 0.5, minimumDuration: 1.5))
    private var magneticReference = MagneticReference(
        parameters: .init(
            normTolerance: 0.1, dipTolerance: 0.17, followTimeConstant: 20, acceptAfter: 20, currentTimeConstant: 0.05,
            minimumUndisturbedTime: 0.5, newFieldMinimumRate: 0.35))
    private var weakHeadingGain = SmoothingFactor(timeConstant: 18)
    private var bodyFixedOffset = BodyFixedOffset(parameters: .init(timeConstant: 5, minimumTurn: 6.3, residualTolerance: 3, releaseTime: 10))

    public init(settings: Settings = .default) {
        self.settings = settings
        biasFilter = GyroscopeBiasKalman(parameters: Self.biasParameters(settings))
        rebuildCoefficients()
    }

    /// The random walk q and the noise densities r follow from the settled uncertainties: with
    /// one kind of measurement P settles at √(q·r), so r = σ⁴/q.
    static func biasParameters(_ settings: Settings) -> GyroscopeBiasKalman.Parameters {
        let drift = settings.biasDriftSigma * settings.biasDriftSigma / settings.biasDriftTime
        return GyroscopeBiasKalman.Parameters(
            initialSigma: settings.biasInitialSigma, drift: drift, restNoise: pow(settings.restBiasSigma, 4) / drift,
            motionNoise: pow(settings.motionBiasSigma, 4) / drift, headingNoise: pow(settings.headingBiasSigma, 4) / drift,
            limit: settings.biasLimit)
    }

    public mutating func reset() {
        step.reset()
        attitude = .identity
        gyroscopeBias = .zero
        biasFilter.reset()
        diagnostics = FilterDiagnostics()
        rebuildCoefficients()
    }

    private mutating func rebuildCoefficients() {
        // Two equal stages give a critically damped low-pass with the configured overall lag.
        accelerationStage = SmoothingFactor(timeConstant: settings.accelerationTimeConstant / 2)
        headingGain = SmoothingFactor(timeConstant: settings.headingTimeConstant)
        startupHeadingGain = SmoothingFactor(timeConstant: settings.headingStartupTimeConstant)
        weakHeadingGain = SmoothingFactor(timeConstant: settings.headingTimeConstant * settings.magneticRejectionSlowdown)
        biasFilter.parameters = Self.biasParameters(settings)
        rest = RestDetector(
            parameters: .init(
                timeConstant: settings.restTimeConstant, gyroscopeThreshold: settings.restGyroscopeThreshold,
                accelerationThreshold: settings.restAccelerationThreshold, minimumDuration: settings.restMinimumDuration,
                steadinessThreshold: settings.restSteadinessThreshold))
        magneticReference = MagneticReference(
            parameters: .init(
                normTolerance: settings.magneticNormTolerance, dipTolerance: settings.magneticDipTolerance,
                followTimeConstant: settings.magneticReferenceTimeConstant, acceptAfter: settings.magneticAcceptAfter,
                currentTimeConstant: settings.magneticCurrentTimeConstant, minimumUndisturbedTime: settings.magneticMinimumUndisturbedTime,
                newFieldMinimumRate: settings.magneticNewFieldMinimumRate,
                maximumRejectionTime: settings.magneticMaximumRejectionTime, rejectionRecoveryFactor: settings.magneticRejectionSlowdown))
        bodyFixedOffset = BodyFixedOffset(
            parameters: .init(
                timeConstant: settings.magneticOffsetTimeConstant, minimumTurn: settings.magneticOffsetMinimumTurn,
                residualTolerance: settings.magneticOffsetTolerance, releaseTime: 2 * settings.magneticOffsetTimeConstant))
    }

    public mutating func update(_ reading: ImuReading) {
        var field = reading.magnetometer
        if let value = field, !value.isFinite || value.normSquared == 0 {
            diagnostics.magnetometerRejections += 1
            field = nil
        }
        switch step.classify(reading, diagnostics: &diagnostics) {
        case .skip:
            return
        case .initialize:
            initialize(reading, field: field)
        case .advance(let dt):
            advance(reading, field: field, dt: dt)
            diagnostics.updates += 1
        }
    }

    private mutating func initialize(_ reading: ImuReading, field: Vector3?) {
        guard let up = reading.accelerometer.normalized else {
            step.reset()
            return
        }
        gyroFrame = .identity
        inclination = InitialAttitude.leveling(up)
        accelerationInG.reset(to: reading.accelerometer)
        let rotation = inclination.rotationMatrix
        earthRowX.reset(to: rotation.row0)
        earthRowY.reset(to: rotation.row1)
        biasFilter.reset()
        rest.reset(gyroscope: reading.gyroscope, accelerometer: reading.accelerometer)
        magneticReference.reset()
        bodyFixedOffset.reset()
        magneticOffset = nil
        heading = 0
        headingInitialized = false
        sinceStart = 0
        if let field { alignHeading(toHorizontalOf: (inclination * gyroFrame).rotate(field)) }
        attitude = rotationByHeading() * inclination * gyroFrame
    }

    /// R_z(δ) for the current heading offset δ.
    @inline(__always)
    private mutating func rotationByHeading() -> Quaternion {
        if headingRotation.angle.bitPattern != heading.bitPattern {
            headingRotation = (heading, Quaternion(about: .z, angle: heading))
        }
        return headingRotation.rotation
    }

    /// Sets δ so the horizontal direction of the field (`horizontal`: the field rotated by
    /// q_inc ⊗ q_gyr) points along earth x.
    private mutating func alignHeading(toHorizontalOf horizontal: Vector3) {
        guard horizontal.x != 0 || horizontal.y != 0 else { return }
        heading = -atan2(horizontal.y, horizontal.x)
        headingInitialized = true
    }

    /// The field minus a learned body-fixed disturbance, in the frame before the heading
    /// (`toEarth` = q_inc ⊗ q_gyr), when that disturbance is trusted and the corrected field
    /// matches the reference's magnitude and dip; sets `magneticOffset`.
    @inline(__always)
    private mutating func correctedForBodyFixedOffset(
        _ field: Vector3, toEarth: Quaternion, disturbed: Bool, rate: Double, dt: Double
    ) -> Vector3? {
        guard disturbed || bodyFixedOffset.isTracking, settings.magneticOffsetTimeConstant > 0, let norm = magneticReference.norm
        else { return nil }
        let dip = magneticReference.dip
        let reference = Vector3(x: norm * cos(dip), y: 0, z: -norm * sin(dip))
        let expected = (rotationByHeading() * toEarth).inverseRotate(reference)
        guard let offset = bodyFixedOffset.update(residual: field - expected, disturbed: disturbed, rate: rate, dt: dt) else { return nil }
        let inEarth = toEarth.rotate(field - offset)
        let correctedDip = atan2(-inEarth.z, (inEarth.x * inEarth.x + inEarth.y * inEarth.y).squareRoot())
        guard abs(inEarth.norm / norm - 1) <= settings.magneticNormTolerance, abs(correctedDip - dip) <= settings.magneticDipTolerance
        else { return nil }
        magneticOffset = offset
        return inEarth
    }

    @inline(__always)
    private mutating func advance(_ reading: ImuReading, field: Vector3?, dt: Double) {
        sinceStart += dt
        // 1. Strapdown integration of the bias-corrected rate in the almost-inertial frame G.
        gyroFrame = (gyroFrame * Quaternion(rotationVector: dt * (reading.gyroscope - gyroscopeBias))).renormalized ?? gyroFrame

        // 2. Accelerometer low-passed in G, then the inclination made exact for the filtered
        //    vector: rotate it onto earth z.
        let alpha = accelerationStage.update(dt: dt)
        let filtered = accelerationInG.update(gyroFrame.rotate(reading.accelerometer), alpha: alpha)
        let filteredInEarth = inclination.rotate(filtered)
        let axis = filteredInEarth.cross(.unitZ)
        let sine = axis.norm
        var correction = Vector3.zero  // earth-frame rotation vector applied to the inclination
        var headingStep = 0.0  // rad the heading correction turned the estimate about vertical
        if sine > 0 {
            correction = (atan2(sine, filteredInEarth.z) / sine) * axis
            inclination = (Quaternion(rotationVector: correction) * inclination).renormalized ?? inclination
        }

        // 3. Heading from undisturbed magnetometer samples.
        diagnostics.magnetometerRejected = false
        magneticOffset = nil
        let toEarth = inclination * gyroFrame  // final for this step: the inclination was just corrected
        if let field {
            var inEarth = toEarth.rotate(field)
            let horizontalNorm = (inEarth.x * inEarth.x + inEarth.y * inEarth.y).squareRoot()
            let dip = atan2(-inEarth.z, horizontalNorm)
            let rate = (reading.gyroscope - gyroscopeBias).norm
            var verdict = magneticReference.judge(norm: inEarth.norm, dip: dip, rate: rate, dt: dt)
            if let corrected = correctedForBodyFixedOffset(field, toEarth: toEarth, disturbed: verdict != .use, rate: rate, dt: dt) {
                inEarth = corrected
                verdict = .use
            }
            // During start-up every sample counts: the heading needs a first value, and a
            // disturbance cannot be told from the normal field yet.
            let startup = sinceStart < settings.startupDuration
            if verdict != .reject || startup, inEarth.x != 0 || inEarth.y != 0 {
                if !headingInitialized {
                    alignHeading(toHorizontalOf: inEarth)
                } else {
                    let error = Angles.wrapToPi(-atan2(inEarth.y, inEarth.x) - heading)
                    let gain =
                        startup
                        ? startupHeadingGain.update(dt: dt) : verdict == .use ? headingGain.update(dt: dt) : weakHeadingGain.update(dt: dt)
                    heading = Angles.wrapToPi(heading + gain * error)
                    // Only the plain field, trusted, measures the vertical bias.
                    if !startup && verdict == .use && magneticOffset == nil { headingStep = gain * error }
                }
            }
            if verdict != .use {
                diagnostics.magnetometerRejected = true
                diagnostics.magnetometerRejections += 1
            }
        }

        attitude = rotationByHeading() * inclination * gyroFrame

        // 4. Bias: the averaged gyroscope at rest, the inclination corrections in motion.
        let bodyToEarth = toEarth.rotationMatrix
        let rowX = earthRowX.update(bodyToEarth.row0, alpha: alpha), rowY = earthRowY.update(bodyToEarth.row1, alpha: alpha)
        let atRest = rest.update(gyroscope: reading.gyroscope, accelerometer: reading.accelerometer, bias: gyroscopeBias, dt: dt)
        diagnostics.atRest = atRest
        biasFilter.predict(dt: dt)
        if atRest {
            if rest.isSteady { biasFilter.updateAtRest(meanRate: rest.meanGyroscope, dt: dt) }
        } else if sinceStart > settings.startupDuration {
            // A bias error e turns the estimate at R·e in the earth frame; the corrections undo
            // it, so −correction/dt measures R·e: its horizontal part from the accelerometer,
            // its vertical part from the magnetometer.
            let inverseStep = 1 / dt
            biasFilter.updateInMotion(
                residualRate: (-correction.x * inverseStep, -correction.y * inverseStep), rows: (rowX, rowY), dt: dt)
            if headingStep != 0 { biasFilter.updateFromHeading(residualRate: -headingStep * inverseStep, row: bodyToEarth.row2, dt: dt) }
        }
        gyroscopeBias = biasFilter.bias
    }
}
