import OrbitMath

/// Error model of one three-axis inertial sensor, specified the way datasheets and Allan
/// variance analyses do. Units are those of the sensor: °/s for the gyroscope, m/s² for the
/// accelerometer (the scenario file converts from mg/µg).
public struct InertialSensorSettings: Sendable, Equatable {
    /// White noise density N (angle/velocity random walk), unit/√Hz. Allan deviation
    /// σ(τ) = N/√τ.
    public var noiseDensity: Double
    /// Constant bias per axis, unit.
    public var bias: Vector3 = .zero
    /// Standard deviation of a random turn-on bias drawn once per run, per axis, unit.
    public var turnOnBiasSigma: Double = 0
    /// Bias instability: standard deviation of a first-order Gauss–Markov bias, unit.
    public var biasInstability: Double = 0
    /// Correlation time of the Gauss–Markov bias, s.
    public var biasCorrelationTime: Double = 100
    /// Rate (or acceleration) random walk K, unit/√s. Allan deviation σ(τ) = K·√(τ/3).
    public var randomWalk: Double = 0
    /// Scale factor error per axis, parts per million.
    public var scaleErrorPPM: Vector3 = .zero
    /// Axis misalignment (xy, xz, yx, yz, zx, zy): the small angle by which axis i picks up
    /// axis j, degrees.
    public var misalignment: [Double] = [0, 0, 0, 0, 0, 0]
    /// g-sensitivity, row-major: how much axis i reads per g of specific force along body axis j,
    /// unit/g (a gyroscope's (°/s)/g; phone MEMS gyroscopes are specified at up to 0.1 (°/s)/g).
    /// The gyroscope's only: the accelerometer's stays 0. Default 0: no term.
    public var gSensitivity: [Double] = Array(repeating: 0, count: 9)
    /// Measurement range ±, unit; readings saturate beyond it.
    public var range: Double
    /// Quantisation step (LSB), unit; 0 disables quantisation.
    public var resolution: Double

    public init(noiseDensity: Double, range: Double, resolution: Double) {
        self.noiseDensity = noiseDensity
        self.range = range
        self.resolution = resolution
    }

    /// A typical phone MEMS gyroscope, °/s. The turn-on bias is left uncalibrated: estimating
    /// it is the fusion's job (CoreMotion's "unbiased rotation rate").
    public static let phoneGyroscope: InertialSensorSettings = {
        var settings = InertialSensorSettings(noiseDensity: 0.007, range: 2000, resolution: 0.061)
        settings.turnOnBiasSigma = 0.15
        settings.biasInstability = 0.003
        settings.biasCorrelationTime = 100
        settings.randomWalk = 0.0005
        settings.scaleErrorPPM = Vector3(2000, -1500, 1000)
        settings.misalignment = [0.1, -0.05, 0.08, 0.05, -0.1, 0.06]
        return settings
    }()

    /// A typical phone MEMS accelerometer, m/s². The turn-on offset is what remains after the
    /// phone's factory and OS calibration (a few mg; raw MEMS parts are specified at ±20–40 mg).
    public static let phoneAccelerometer: InertialSensorSettings = {
        // Written as (datasheet value) × (unit) so files in mg/µg reproduce them exactly.
        let g = Units.standardGravity, mg = 1e-3 * g, ug = 1e-6 * g
        var settings = InertialSensorSettings(noiseDensity: 150 * ug, range: 8 * g, resolution: 0.244 * mg)
        settings.turnOnBiasSigma = 5 * mg
        settings.biasInstability = 40 * ug
        settings.biasCorrelationTime = 100
        settings.randomWalk = 5 * ug
        settings.scaleErrorPPM = Vector3(3000, -2000, 2500)
        settings.misalignment = [0.1, 0.05, -0.08, 0.05, 0.1, -0.06]
        return settings
    }()
}

/// Error model of the magnetometer, µT.
public struct MagnetometerSettings: Sendable, Equatable {
    /// Output rate, Hz. Samples are attached to every k-th IMU sample, k = round(IMU rate / rate).
    public var rate = 100.0
    /// RMS noise per sample and axis, µT.
    public var noise = 0.4
    /// Hard-iron offset (body frame), µT.
    public var hardIron = Vector3(8, -5, 12)
    /// Soft-iron matrix, row-major (identity = none).
    public var softIron: [Double] = [1.02, 0.01, 0, 0.01, 0.98, 0.005, 0, 0.005, 1.01]
    /// σ per axis of the hard iron the phone's calibration misses (drawn once per run, body
    /// frame), µT: hard and soft iron are removed exactly, this is not. A real calibration leaves
    /// a few µT, which makes the measured field's magnitude change with the orientation.
    public var residualHardIronSigma = 0.0
    /// Measurement range ±, µT.
    public var range = 4900.0
    /// Quantisation step, µT; 0 disables quantisation.
    public var resolution = 0.15
    /// How much later than the gyroscope and accelerometer the magnetometer reads, ms: a reading
    /// stamped t describes the attitude of t − `ImuSettings.delay` − this (a magnetometer's own
    /// filtering and sampling; BROAD's reads about 11 ms behind its gyroscope). Negative: it reads
    /// earlier than they do. 0, the default, changes nothing.
    public var delay = 0.0

    public init() {}
}

/// The IMU as a whole.
public struct ImuSettings: Sendable, Equatable {
    /// Gyroscope and accelerometer sample rate, Hz.
    public var rate = 200.0
    /// Standard deviation of the sample instants around the nominal grid, ms (irregular dt).
    public var sampleJitter = 0.0
    /// How late every reading is against the motion it describes, ms: a sample stamped t
    /// measures the motion at t − delay (a sensor's own filtering; BROAD's IMU reads about
    /// 4 ms behind its optical reference). The truth stays at t.
    public var delay = 0.0
    /// Probability that a sample is lost (irregular dt), 0...1.
    public var dropProbability = 0.0
    /// Gyroscope, °/s.
    public var gyroscope = InertialSensorSettings.phoneGyroscope
    /// Accelerometer, m/s².
    public var accelerometer = InertialSensorSettings.phoneAccelerometer
    public var magnetometer = MagnetometerSettings()
    /// Whether the magnetometer is present at all.
    public var magnetometerEnabled = true

    public init() {}
}

/// A time-windowed magnetic disturbance (a magnet, a car body, a steel beam).
public struct MagneticDisturbance: Sendable, Equatable {
    public enum Frame: String, CaseIterable, Sendable {
        /// Fixed in the world (the phone rotates through it).
        case world
        /// Moves with the phone (a magnet attached to it).
        case body
    }

    /// Start of the disturbance, s.
    public var start = 20.0
    /// Length at full strength, s.
    public var duration = 10.0
    /// Fade-in and fade-out time (smooth), s.
    public var ramp = 1.0
    /// Added field, µT.
    public var field = Vector3(25, 15, -10)
    public var frame = Frame.world
    /// Ratio of the strongest to the weakest field over seeds: each seed scales `field` by a
    /// log-uniform factor in [1/√spread, √spread] (a magnet at a different distance each time;
    /// a dipole's field falls with the cube of it). 1: the same field in every seed.
    public var strengthSpread = 1.0

    public init() {}
}

/// The physical environment.
public struct EnvironmentSettings: Sendable, Equatable {
    /// Local magnitude of gravity at the simulated site, m/s² (a place, not the constant g₀ =
    /// `Units.standardGravity` that g-denominated units use).
    public var gravity = 9.81
    /// Magnitude of the geomagnetic field, µT.
    public var fieldStrength = 50.0
    /// Magnetic declination, degrees east of true north.
    public var declination = 3.0
    /// How well `declination` is known, degrees (1σ): each seed's field points
    /// N(0, σ) away from it while attitude errors are still measured against `declination`, as
    /// when a reference system's north is aligned to magnetic north only this well. 0: exact.
    public var declinationErrorSigma = 0.0
    /// Magnetic dip (inclination), degrees below the horizontal.
    public var dip = 65.0
    public var disturbances: [MagneticDisturbance] = []

    public init() {}
}
