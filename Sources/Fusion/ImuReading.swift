import OrbitMath

/// One raw sensor sample as a filter receives it.
public struct ImuReading: Sendable, Equatable {
    /// Sample instant, s. Filters derive each step's dt from consecutive timestamps.
    public var time: Double
    /// Angular rate, rad/s, body frame.
    public var gyroscope: Vector3
    /// Specific force, m/s², body frame (+g upward at rest).
    public var accelerometer: Vector3
    /// Magnetic field, µT, body frame (calibrated); `nil` when there is no new sample or the
    /// filter should run without magnetometer (6D).
    public var magnetometer: Vector3?

    @inlinable
    public init(time: Double, gyroscope: Vector3, accelerometer: Vector3, magnetometer: Vector3?) {
        self.time = time
        self.gyroscope = gyroscope
        self.accelerometer = accelerometer
        self.magnetometer = magnetometer
    }
}

/// What a filter did with its samples, as data (counts since the last reset plus the state of
/// the most recent update).
public struct FilterDiagnostics: Sendable, Equatable {
    /// Samples that advanced the estimate.
    public var updates = 0
    /// Samples skipped because gyroscope or accelerometer held NaN or ±infinity.
    public var rejectedNonFinite = 0
    /// Samples skipped because their timestamp did not advance.
    public var rejectedTimestamps = 0
    /// Gaps longer than the filter's maximum step that forced a re-initialisation.
    public var reinitializations = 0
    /// Updates whose accelerometer correction was skipped (acceleration far from gravity).
    public var accelerationRejections = 0
    /// Magnetometer samples not used: non-finite, or judged disturbed.
    public var magnetometerRejections = 0
    /// Whether the last update's accelerometer correction was skipped.
    public var accelerationRejected = false
    /// Whether the last magnetometer sample was judged disturbed and not used.
    public var magnetometerRejected = false
    /// Whether the filter believes the device is at rest (filters with rest detection).
    public var atRest = false

    public init() {}
}

/// An attitude filter: gyroscope, accelerometer and (optionally) magnetometer in, attitude out.
///
/// The estimate is body → earth with z up. When magnetometer samples are given (9D) earth x
/// points to magnetic north and y west; without them (6D) the heading is arbitrary. Filters
/// initialise from their first valid sample (tilt from gravity, heading from the field), take
/// each step's dt from the timestamps, skip samples that would corrupt the state (non-finite
/// values, timestamps that do not advance) and count what they skipped in `diagnostics`.
public protocol AttitudeFilter: Sendable {
    associatedtype Settings: Sendable & Equatable

    /// The filter's parameters. Setting them recomputes derived coefficients; the state is kept.
    var settings: Settings { get set }
    /// Body → earth attitude; identity before the first valid sample.
    var attitude: Quaternion { get }
    /// Gyroscope bias the filter subtracts, rad/s (zero for filters that do not estimate it).
    var gyroscopeBias: Vector3 { get }
    var diagnostics: FilterDiagnostics { get }
    var isInitialized: Bool { get }

    init(settings: Settings)
    mutating func update(_ reading: ImuReading)
    /// Forgets the state (attitude, bias, counters); keeps the settings.
    mutating func reset()
}
