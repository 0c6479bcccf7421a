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
///   learned undisturbed field.
///
/// Bias: at rest (both sensors steady for `restMinimumDuration`) the bias follows the averaged
/// gyroscope with `restBiasTimeConstant`; in motion, the corrections the accelerometer and
/// magnetometer keep applying are what a bias error looks like, so the bias integrates them
/// (expressed in the body frame) with the slower `motionBiasTimeConstant`.
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
        /// Time constant of bias learning from corrections during motion, s. With the heading
        /// correction this forms a PI loop, critically damped at 4 × `headingTimeConstant`.
        public var motionBiasTimeConstant = 36.0
        /// The motion bias time constant starts at `headingTimeConstant` (a fresh estimate is
        /// uncertain and should move quickly, as a Kalman filter's would) and reaches
        /// `motionBiasTimeConstant` after this long, s.
        public var motionBiasRampDuration = 60.0
        /// Time constant of bias learning at rest, s.
        public var restBiasTimeConstant = 2.0
        /// Largest bias estimate, rad/s.
        public var biasLimit = Angles.radians(2)
        /// Rest detection: averaging time constant, s.
        public var restTimeConstant = 0.5
        /// Rest detection: gyroscope deviation limit, rad/s.
        public var restGyroscopeThreshold = Angles.radians(2)
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
    /// The heading offset δ, rad.
    public var headingOffset: Double { heading }

    // State.
    private var step = FilterStep()
    private var gyroFrame = Quaternion.identity
    private var inclination = Quaternion.identity
    private var heading = 0.0
    private var headingInitialized = false
    private var sinceStart = 0.0
    private var accelerationInG = VectorLowPass()

    // Derived coefficients (rebuilt when settings change).
    private var accelerationStage = SmoothingFactor(timeConstant: 1.5)
    private var headingGain = SmoothingFactor(timeConstant: 9)
    private var startupHeadingGain = SmoothingFactor(timeConstant: 0.5)
    private var restBiasGain = SmoothingFactor(timeConstant: 2)
    private var rest = RestDetector(parameters: .init(timeConstant: 0.5, gyroscopeThreshold: 0.035, accelerationThreshold: 0.5, minimumDuration: 1.5))
    private var magneticReference = MagneticReference(
        parameters: .init(
            normTolerance: 0.1, dipTolerance: 0.17, followTimeConstant: 20, acceptAfter: 20, currentTimeConstant: 0.05,
            minimumUndisturbedTime: 0.5, newFieldMinimumRate: 0.35))

    public init(settings: Settings = .default) {
        self.settings = settings
        rebuildCoefficients()
    }

    public mutating func reset() {
        step.reset()
        attitude = .identity
        gyroscopeBias = .zero
        diagnostics = FilterDiagnostics()
        rebuildCoefficients()
    }

    private mutating func rebuildCoefficients() {
        // Two equal stages give a critically damped low-pass with the configured overall lag.
        accelerationStage = SmoothingFactor(timeConstant: settings.accelerationTimeConstant / 2)
        headingGain = SmoothingFactor(timeConstant: settings.headingTimeConstant)
        startupHeadingGain = SmoothingFactor(timeConstant: settings.headingStartupTimeConstant)
        restBiasGain = SmoothingFactor(timeConstant: settings.restBiasTimeConstant)
        rest = RestDetector(
            parameters: .init(
                timeConstant: settings.restTimeConstant, gyroscopeThreshold: settings.restGyroscopeThreshold,
                accelerationThreshold: settings.restAccelerationThreshold, minimumDuration: settings.restMinimumDuration))
        magneticReference = MagneticReference(
            parameters: .init(
                normTolerance: settings.magneticNormTolerance, dipTolerance: settings.magneticDipTolerance,
                followTimeConstant: settings.magneticReferenceTimeConstant, acceptAfter: settings.magneticAcceptAfter,
                currentTimeConstant: settings.magneticCurrentTimeConstant, minimumUndisturbedTime: settings.magneticMinimumUndisturbedTime,
                newFieldMinimumRate: settings.magneticNewFieldMinimumRate))
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
        rest.reset(gyroscope: reading.gyroscope, accelerometer: reading.accelerometer)
        magneticReference.reset()
        heading = 0
        headingInitialized = false
        sinceStart = 0
        if let field { alignHeading(to: field) }
        attitude = Quaternion(about: .z, angle: heading) * inclination * gyroFrame
    }

    /// Sets δ so the field's horizontal direction points along earth x.
    private mutating func alignHeading(to field: Vector3) {
        let horizontal = (inclination * gyroFrame).rotate(field)
        guard horizontal.x != 0 || horizontal.y != 0 else { return }
        heading = -atan2(horizontal.y, horizontal.x)
        headingInitialized = true
    }

    @inline(__always)
    private mutating func advance(_ reading: ImuReading, field: Vector3?, dt: Double) {
        sinceStart += dt
        // 1. Strapdown integration of the bias-corrected rate in the almost-inertial frame G.
        gyroFrame = (gyroFrame * Quaternion(rotationVector: dt * (reading.gyroscope - gyroscopeBias))).renormalized ?? gyroFrame

        // 2. Accelerometer low-passed in G, then the inclination made exact for the filtered
        //    vector: rotate it onto earth z.
        let filtered = accelerationInG.update(gyroFrame.rotate(reading.accelerometer), alpha: accelerationStage.update(dt: dt))
        let filteredInEarth = inclination.rotate(filtered)
        let axis = filteredInEarth.cross(.unitZ)
        let sine = axis.norm
        var correction = Vector3.zero  // earth-frame rotation vector applied this step
        if sine > 0 {
            correction = (atan2(sine, filteredInEarth.z) / sine) * axis
            inclination = (Quaternion(rotationVector: correction) * inclination).renormalized ?? inclination
        }

        // 3. Heading from undisturbed magnetometer samples.
        diagnostics.magnetometerRejected = false
        if let field {
            let inEarth = (inclination * gyroFrame).rotate(field)
            let horizontalNorm = (inEarth.x * inEarth.x + inEarth.y * inEarth.y).squareRoot()
            let dip = atan2(-inEarth.z, horizontalNorm)
            let rate = (reading.gyroscope - gyroscopeBias).norm
            if magneticReference.accept(norm: inEarth.norm, dip: dip, rate: rate, dt: dt), horizontalNorm > 0 {
                if !headingInitialized {
                    alignHeading(to: field)
                } else {
                    let error = Angles.wrapToPi(-atan2(inEarth.y, inEarth.x) - heading)
                    let startup = sinceStart < settings.startupDuration
                    let gain = startup ? startupHeadingGain.update(dt: dt) : headingGain.update(dt: dt)
                    heading = Angles.wrapToPi(heading + gain * error)
                    if !startup { correction.z += gain * error }
                }
            } else {
                diagnostics.magnetometerRejected = true
                diagnostics.magnetometerRejections += 1
            }
        }

        attitude = Quaternion(about: .z, angle: heading) * inclination * gyroFrame

        // 4. Bias: averaged gyroscope at rest, integrated corrections in motion.
        let atRest = rest.update(gyroscope: reading.gyroscope, accelerometer: reading.accelerometer, bias: gyroscopeBias, dt: dt)
        diagnostics.atRest = atRest
        var bias = gyroscopeBias
        if atRest {
            bias += restBiasGain.update(dt: dt) * (rest.meanGyroscope - bias)
        } else if sinceStart > settings.startupDuration {
            // A bias error e makes the estimate drift by e·dt in the body frame; the corrections
            // undo it, so −(correction in body)/dt estimates e. The corrections act in the frame
            // before the heading offset (E′), so they map to the body through q_inc ⊗ q_gyr; the
            // heading correction is about vertical, which R_z(δ) leaves unchanged.
            let bodyCorrection = (inclination * gyroFrame).inverseRotate(correction)
            let ramp = min(1, (sinceStart - settings.startupDuration) / settings.motionBiasRampDuration)
            let timeConstant = settings.headingTimeConstant + ramp * (settings.motionBiasTimeConstant - settings.headingTimeConstant)
            bias -= (1 / timeConstant) * bodyCorrection
        }
        let size = bias.norm
        if size > settings.biasLimit { bias = (settings.biasLimit / size) * bias }
        gyroscopeBias = bias
    }
}
