import Foundation
import OrbitMath

extension FilterName {
    public static let biasEstimating = FilterName(builtIn: "bias-estimating")
}

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
public struct BiasEstimatingFilter: BuiltInFilter {
    public static var name: FilterName { .biasEstimating }
    public static var settingsSection: String { "bias_estimating" }
    public static var settingsHelp: String { "bias-estimating filter" }

    public struct Settings: BuiltInFilterSettings {
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

        public static var keys: [SettingKey<Settings>] {
            let degree = Angles.radiansPerDegree
            return [
                SettingKey(
                    "acceleration_time_constant_s", \.accelerationTimeConstant, 0.01...1000,
                    help: "accelerometer low-pass in the almost-inertial frame"),
                SettingKey("heading_time_constant_s", \.headingTimeConstant, 0.01...1000, help: "magnetometer heading correction"),
                SettingKey(
                    "heading_startup_time_constant_s", \.headingStartupTimeConstant, 0.01...1000, help: "heading correction during the start-up phase"
                ),
                SettingKey("startup_duration_s", \.startupDuration, 0...1000, help: "length of the start-up phase"),
                SettingKey("bias_initial_sigma_dps", \.biasInitialSigma, 0.0001...100, scale: degree, help: "bias uncertainty (1σ) at start-up"),
                SettingKey(
                    "bias_drift_sigma_dps", \.biasDriftSigma, 0.0001...100, scale: degree,
                    help: "the bias may wander this much within bias_drift_time_s"),
                SettingKey("bias_drift_time_s", \.biasDriftTime, 0.01...100_000, help: "see bias_drift_sigma_dps"),
                SettingKey(
                    "motion_bias_sigma_dps", \.motionBiasSigma, 0.0001...100, scale: degree,
                    help: "uncertainty the bias settles at from inclination corrections in motion"),
                SettingKey(
                    "heading_bias_sigma_dps", \.headingBiasSigma, 0.0001...100, scale: degree,
                    help: "uncertainty the vertical bias settles at from heading corrections"),
                SettingKey(
                    "rest_bias_sigma_dps", \.restBiasSigma, 0.0001...100, scale: degree, help: "uncertainty the bias settles at during a long rest"),
                SettingKey("bias_limit_dps", \.biasLimit, 0...100, scale: degree, help: "largest bias estimate"),
                SettingKey(
                    "rest_gyroscope_threshold_dps", \.restGyroscopeThreshold, 0...100, scale: degree,
                    help: "rest detection: gyroscope deviation limit"),
                SettingKey(
                    "rest_steadiness_threshold_dps", \.restSteadinessThreshold, 0...100, scale: degree,
                    help: "rest: the 0.5 s and 2 s gyroscope means must agree within this to measure the bias"),
                SettingKey(
                    "rest_acceleration_threshold_m_s2", \.restAccelerationThreshold, 0...100, help: "rest detection: accelerometer deviation limit"),
                SettingKey("rest_minimum_duration_s", \.restMinimumDuration, 0...1000, help: "rest detection: required duration"),
                SettingKey("magnetic_norm_tolerance", \.magneticNormTolerance, 0...10, help: "disturbance: relative field magnitude tolerance"),
                SettingKey("magnetic_dip_tolerance_deg", \.magneticDipTolerance, 0...90, scale: degree, help: "disturbance: dip tolerance"),
                SettingKey(
                    "magnetic_accept_after_s", \.magneticAcceptAfter, 0...100_000,
                    help: "a steady disturbance becomes the new reference after this long of turning"),
                SettingKey(
                    "magnetic_reference_time_constant_s", \.magneticReferenceTimeConstant, 0.01...100_000,
                    help: "how fast the undisturbed field reference follows"),
                SettingKey(
                    "magnetic_current_time_constant_s", \.magneticCurrentTimeConstant, 0.001...100,
                    help: "low-pass of field magnitude and dip before they are judged"),
                SettingKey(
                    "magnetic_minimum_undisturbed_s", \.magneticMinimumUndisturbedTime, 0...1000,
                    help: "undisturbed time needed before the field is used again"),
                SettingKey(
                    "magnetic_new_field_rate_dps", \.magneticNewFieldMinimumRate, 0...10_000, scale: degree,
                    help: "acceptance of a new field counts only above this turn rate"),
                SettingKey(
                    "magnetic_max_rejection_s", \.magneticMaximumRejectionTime, 0...1e9,
                    help: "after this long of rejection a disturbed field is used again, weakly"),
                SettingKey(
                    "magnetic_rejection_slowdown", \.magneticRejectionSlowdown, 1...1000,
                    help: "a disturbed field used after magnetic_max_rejection_s corrects this many times slower"),
                SettingKey(
                    "magnetic_offset_time_constant_s", \.magneticOffsetTimeConstant, 0...100_000,
                    help: "a disturbance riding on the device is learned in the body frame over this (0: off)"),
                SettingKey(
                    "magnetic_offset_min_turn_deg", \.magneticOffsetMinimumTurn, 0...1e9, scale: degree,
                    help: "the learned offset is trusted after the device turned this much"),
                SettingKey(
                    "magnetic_offset_tolerance_ut", \.magneticOffsetTolerance, 0...1000,
                    help: "the field must stay within this of the learned offset (RMS)"),
            ]
        }
    }

    /// What the settings imply, derived again whenever they change: the time constants of the
    /// low-passes and corrections and the parameters of the bias Kalman filter, the rest
    /// detector and the magnetic references.
    public struct Coefficients: Sendable, Equatable {
        /// Each of the two equal stages of the accelerometer low-pass in G, s.
        public var accelerationStage: Double
        /// The heading correction: normal, during start-up, and for a disturbed field used after
        /// `magneticMaximumRejectionTime`, s.
        public var heading: Double
        public var startupHeading: Double
        public var weakHeading: Double
        public var bias: GyroscopeBiasKalman.Parameters
        public var rest: RestDetector.Parameters
        var magnetic: MagneticReference.Parameters
        public var bodyFixedOffset: BodyFixedOffset.Parameters

        public init(_ settings: Settings) {
            // Two equal stages give a critically damped low-pass with the configured overall lag.
            accelerationStage = settings.accelerationTimeConstant / 2
            heading = settings.headingTimeConstant
            startupHeading = settings.headingStartupTimeConstant
            weakHeading = settings.headingTimeConstant * settings.magneticRejectionSlowdown
            // The random walk q and the noise densities r follow from the settled uncertainties:
            // with one kind of measurement P settles at √(q·r), so r = σ⁴/q.
            let drift = settings.biasDriftSigma * settings.biasDriftSigma / settings.biasDriftTime
            bias = GyroscopeBiasKalman.Parameters(
                initialSigma: settings.biasInitialSigma, drift: drift, restNoise: pow(settings.restBiasSigma, 4) / drift,
                motionNoise: pow(settings.motionBiasSigma, 4) / drift, headingNoise: pow(settings.headingBiasSigma, 4) / drift,
                limit: settings.biasLimit)
            rest = RestDetector.Parameters(
                timeConstant: settings.restTimeConstant, gyroscopeThreshold: settings.restGyroscopeThreshold,
                accelerationThreshold: settings.restAccelerationThreshold, minimumDuration: settings.restMinimumDuration,
                steadinessThreshold: settings.restSteadinessThreshold)
            magnetic = MagneticReference.Parameters(
                normTolerance: settings.magneticNormTolerance, dipTolerance: settings.magneticDipTolerance,
                followTimeConstant: settings.magneticReferenceTimeConstant, acceptAfter: settings.magneticAcceptAfter,
                currentTimeConstant: settings.magneticCurrentTimeConstant, minimumUndisturbedTime: settings.magneticMinimumUndisturbedTime,
                newFieldMinimumRate: settings.magneticNewFieldMinimumRate,
                maximumRejectionTime: settings.magneticMaximumRejectionTime, rejectionRecoveryFactor: settings.magneticRejectionSlowdown)
            bodyFixedOffset = BodyFixedOffset.Parameters(
                timeConstant: settings.magneticOffsetTimeConstant, minimumTurn: settings.magneticOffsetMinimumTurn,
                residualTolerance: settings.magneticOffsetTolerance, releaseTime: 2 * settings.magneticOffsetTimeConstant)
        }
    }

    /// Everything the filter has learned: readable, and settable as a whole so a run can be
    /// saved and resumed. It holds the coefficients it was made with — the one place they are
    /// kept — and the parts that judge the sensors (bias Kalman filter, rest detector, magnetic
    /// references) are made from them.
    public struct State: Sendable, Equatable {
        /// What the settings implied when this state was made or last given new settings.
        public private(set) var coefficients: Coefficients
        /// Body → earth, R_z(δ) ⊗ q_inc ⊗ q_gyr; identity before the first valid sample.
        public var attitude = Quaternion.identity
        /// b̂, rad/s.
        public var gyroscopeBias = Vector3.zero
        public var diagnostics = FilterDiagnostics()
        /// The field of a magnet riding on the device (µT, body frame) that the last sample was
        /// corrected for; nil when the field was used as measured or not at all.
        public var magneticOffset: Vector3?
        /// q_gyr: the bias-corrected gyroscope integrated into the almost-inertial frame G.
        public var gyroFrame = Quaternion.identity
        /// q_inc: the inclination correction.
        public var inclination = Quaternion.identity
        /// The heading offset δ, rad.
        public var heading = 0.0
        var headingInitialized = false
        /// R_z(δ) for the δ it was computed from (exact bits), so its sine and cosine are
        /// recomputed only when δ moved, which a sample without a field never does.
        var headingRotation = HeadingRotation()
        /// Time since the filter started, s.
        public var sinceStart = 0.0
        @usableFromInline var step = FilterStep()
        var accelerationInG = VectorLowPass()
        /// Earth x and y rows of the body → earth rotation, low-passed like the accelerometer: the
        /// inclination correction reacts to a bias through that filter's lag.
        var earthRowX = VectorLowPass()
        var earthRowY = VectorLowPass()
        /// Blending factors of the coefficients' time constants for the last sample period
        /// (recomputed when it changes).
        var accelerationStage: SmoothingFactor
        var headingGain: SmoothingFactor
        var startupHeadingGain: SmoothingFactor
        var weakHeadingGain: SmoothingFactor
        var biasFilter: GyroscopeBiasKalman
        var rest: RestDetector
        var magneticReference: MagneticReference
        var bodyFixedOffset: BodyFixedOffset

        /// The state before any sample.
        public init(_ coefficients: Coefficients) {
            self.coefficients = coefficients
            accelerationStage = SmoothingFactor(timeConstant: coefficients.accelerationStage)
            headingGain = SmoothingFactor(timeConstant: coefficients.heading)
            startupHeadingGain = SmoothingFactor(timeConstant: coefficients.startupHeading)
            weakHeadingGain = SmoothingFactor(timeConstant: coefficients.weakHeading)
            biasFilter = GyroscopeBiasKalman(parameters: coefficients.bias)
            rest = RestDetector(parameters: coefficients.rest)
            magneticReference = MagneticReference(parameters: coefficients.magnetic)
            bodyFixedOffset = BodyFixedOffset(parameters: coefficients.bodyFixedOffset)
        }

        /// Back to the state before any sample, with the same coefficients.
        public mutating func reset() { self = State(coefficients) }

        /// New coefficients: the bias estimate is kept, the blending factors and the sensor
        /// judges start over.
        mutating func apply(_ coefficients: Coefficients) {
            let fresh = State(coefficients)
            self.coefficients = coefficients
            (accelerationStage, headingGain, startupHeadingGain) = (fresh.accelerationStage, fresh.headingGain, fresh.startupHeadingGain)
            weakHeadingGain = fresh.weakHeadingGain
            (rest, magneticReference, bodyFixedOffset) = (fresh.rest, fresh.magneticReference, fresh.bodyFixedOffset)
            biasFilter.parameters = coefficients.bias
        }
    }

    /// R_z(δ) and the δ it was computed from.
    struct HeadingRotation: Sendable, Equatable {
        var angle = 0.0
        var rotation = Quaternion(about: .z, angle: 0)
    }

    public var settings: Settings {
        didSet { state.apply(Coefficients(settings)) }
    }
    /// What the settings imply (kept in `state`).
    public var coefficients: Coefficients { state.coefficients }
    public var state: State

    // Inlinable: a caller in another module that reads one of these through a generic
    // wrapper would otherwise copy all of `state` (1.6 kB) to call the getter, sample after sample.
    @inlinable public var attitude: Quaternion { state.attitude }
    /// b̂, rad/s.
    @inlinable public var gyroscopeBias: Vector3 { state.gyroscopeBias }
    @inlinable public var diagnostics: FilterDiagnostics { state.diagnostics }
    @inlinable public var isInitialized: Bool { state.step.lastTime != nil }
    /// One standard deviation of the bias estimate per body axis, rad/s.
    public var gyroscopeBiasSigma: Vector3 { state.biasFilter.sigma }
    /// The heading offset δ, rad.
    public var headingOffset: Double { state.heading }
    /// See `State.magneticOffset`.
    public var magneticOffset: Vector3? { state.magneticOffset }

    public init(settings: Settings = .default) {
        self.settings = settings
        state = State(Coefficients(settings))
    }

    public mutating func reset() { state.reset() }

    public mutating func update(_ reading: ImuReading) {
        var field = reading.magnetometer
        if let value = field, !value.isFinite || value.normSquared == 0 {
            state.diagnostics.magnetometerRejections += 1
            field = nil
        }
        switch state.step.classify(reading, diagnostics: &state.diagnostics) {
        case .skip:
            return
        case .initialize:
            initialize(reading, field: field)
        case .advance(let dt):
            advance(reading, field: field, dt: dt)
            state.diagnostics.updates += 1
        }
    }

    private mutating func initialize(_ reading: ImuReading, field: Vector3?) {
        guard let up = reading.accelerometer.normalized else {
            state.step.reset()
            return
        }
        state.gyroFrame = .identity
        state.inclination = InitialAttitude.leveling(up)
        state.accelerationInG.reset(to: reading.accelerometer)
        let rotation = state.inclination.rotationMatrix
        state.earthRowX.reset(to: rotation.row0)
        state.earthRowY.reset(to: rotation.row1)
        state.biasFilter.reset()
        state.rest.reset(gyroscope: reading.gyroscope, accelerometer: reading.accelerometer)
        state.magneticReference.reset()
        state.bodyFixedOffset.reset()
        state.magneticOffset = nil
        state.heading = 0
        state.headingInitialized = false
        state.sinceStart = 0
        if let field { alignHeading(toHorizontalOf: (state.inclination * state.gyroFrame).rotate(field)) }
        state.attitude = rotationByHeading() * state.inclination * state.gyroFrame
    }

    /// R_z(δ) for the current heading offset δ.
    @inline(__always)
    private mutating func rotationByHeading() -> Quaternion {
        if state.headingRotation.angle.bitPattern != state.heading.bitPattern {
            state.headingRotation = HeadingRotation(angle: state.heading, rotation: Quaternion(about: .z, angle: state.heading))
        }
        return state.headingRotation.rotation
    }

    /// Sets δ so the horizontal direction of the field (`horizontal`: the field rotated by
    /// q_inc ⊗ q_gyr) points along earth x.
    private mutating func alignHeading(toHorizontalOf horizontal: Vector3) {
        guard horizontal.x != 0 || horizontal.y != 0 else { return }
        state.heading = -atan2(horizontal.y, horizontal.x)
        state.headingInitialized = true
    }

    /// The field minus a learned body-fixed disturbance, in the frame before the heading
    /// (`toEarth` = q_inc ⊗ q_gyr), when that disturbance is trusted and the corrected field
    /// matches the reference's magnitude and dip; sets `magneticOffset`.
    @inline(__always)
    private mutating func correctedForBodyFixedOffset(
        _ field: Vector3, toEarth: Quaternion, disturbed: Bool, rate: Double, dt: Double
    ) -> Vector3? {
        guard disturbed || state.bodyFixedOffset.isTracking, settings.magneticOffsetTimeConstant > 0, let norm = state.magneticReference.norm
        else { return nil }
        let dip = state.magneticReference.dip
        let reference = Vector3(x: norm * cos(dip), y: 0, z: -norm * sin(dip))
        let expected = (rotationByHeading() * toEarth).inverseRotate(reference)
        guard let offset = state.bodyFixedOffset.update(residual: field - expected, disturbed: disturbed, rate: rate, dt: dt) else { return nil }
        let inEarth = toEarth.rotate(field - offset)
        let correctedDip = atan2(-inEarth.z, (inEarth.x * inEarth.x + inEarth.y * inEarth.y).squareRoot())
        guard abs(inEarth.norm / norm - 1) <= settings.magneticNormTolerance, abs(correctedDip - dip) <= settings.magneticDipTolerance
        else { return nil }
        state.magneticOffset = offset
        return inEarth
    }

    @inline(__always)
    private mutating func advance(_ reading: ImuReading, field: Vector3?, dt: Double) {
        state.sinceStart += dt
        // 1. Strapdown integration of the bias-corrected rate in the almost-inertial frame G.
        state.gyroFrame =
            (state.gyroFrame * Quaternion(rotationVector: dt * (reading.gyroscope - state.gyroscopeBias))).renormalized ?? state.gyroFrame

        // 2. Accelerometer low-passed in G, then the inclination made exact for the filtered
        //    vector: rotate it onto earth z.
        let alpha = state.accelerationStage.update(dt: dt)
        let filtered = state.accelerationInG.update(state.gyroFrame.rotate(reading.accelerometer), alpha: alpha)
        let filteredInEarth = state.inclination.rotate(filtered)
        let axis = filteredInEarth.cross(.unitZ)
        let sine = axis.norm
        var correction = Vector3.zero  // earth-frame rotation vector applied to the inclination
        var headingStep = 0.0  // rad the heading correction turned the estimate about vertical
        if sine > 0 {
            correction = (atan2(sine, filteredInEarth.z) / sine) * axis
            state.inclination = (Quaternion(rotationVector: correction) * state.inclination).renormalized ?? state.inclination
        }

        // 3. Heading from undisturbed magnetometer samples.
        state.diagnostics.magnetometerRejected = false
        state.magneticOffset = nil
        let toEarth = state.inclination * state.gyroFrame  // final for this step: the inclination was just corrected
        if let field {
            var inEarth = toEarth.rotate(field)
            let horizontalNorm = (inEarth.x * inEarth.x + inEarth.y * inEarth.y).squareRoot()
            let dip = atan2(-inEarth.z, horizontalNorm)
            let rate = (reading.gyroscope - state.gyroscopeBias).norm
            var verdict = state.magneticReference.judge(norm: inEarth.norm, dip: dip, rate: rate, dt: dt)
            if let corrected = correctedForBodyFixedOffset(field, toEarth: toEarth, disturbed: verdict != .use, rate: rate, dt: dt) {
                inEarth = corrected
                verdict = .use
            }
            // During start-up every sample counts: the heading needs a first value, and a
            // disturbance cannot be told from the normal field yet.
            let startup = state.sinceStart < settings.startupDuration
            if verdict != .reject || startup, inEarth.x != 0 || inEarth.y != 0 {
                if !state.headingInitialized {
                    alignHeading(toHorizontalOf: inEarth)
                } else {
                    let error = Angles.wrapToPi(-atan2(inEarth.y, inEarth.x) - state.heading)
                    let gain =
                        startup
                        ? state.startupHeadingGain.update(dt: dt)
                        : verdict == .use ? state.headingGain.update(dt: dt) : state.weakHeadingGain.update(dt: dt)
                    state.heading = Angles.wrapToPi(state.heading + gain * error)
                    // Only the plain field, trusted, measures the vertical bias.
                    if !startup && verdict == .use && state.magneticOffset == nil { headingStep = gain * error }
                }
            }
            if verdict != .use {
                state.diagnostics.magnetometerRejected = true
                state.diagnostics.magnetometerRejections += 1
            }
        }

        state.attitude = rotationByHeading() * state.inclination * state.gyroFrame

        // 4. Bias: the averaged gyroscope at rest, the inclination corrections in motion.
        let bodyToEarth = toEarth.rotationMatrix
        let rowX = state.earthRowX.update(bodyToEarth.row0, alpha: alpha), rowY = state.earthRowY.update(bodyToEarth.row1, alpha: alpha)
        let atRest = state.rest.update(gyroscope: reading.gyroscope, accelerometer: reading.accelerometer, bias: state.gyroscopeBias, dt: dt)
        state.diagnostics.atRest = atRest
        state.biasFilter.predict(dt: dt)
        if atRest {
            if state.rest.isSteady { state.biasFilter.updateAtRest(meanRate: state.rest.meanGyroscope, dt: dt) }
        } else if state.sinceStart > settings.startupDuration {
            // A bias error e turns the estimate at R·e in the earth frame; the corrections undo
            // it, so −correction/dt measures R·e: its horizontal part from the accelerometer,
            // its vertical part from the magnetometer.
            let inverseStep = 1 / dt
            state.biasFilter.updateInMotion(
                residualRate: (-correction.x * inverseStep, -correction.y * inverseStep), rows: (rowX, rowY), dt: dt)
            if headingStep != 0 { state.biasFilter.updateFromHeading(residualRate: -headingStep * inverseStep, row: bodyToEarth.row2, dt: dt) }
        }
        state.gyroscopeBias = state.biasFilter.bias
    }
}
