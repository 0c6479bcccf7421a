import OrbitMath

/// An attitude filter: gyroscope, accelerometer and (optionally) magnetometer in, attitude out.
///
/// The estimate is body → earth with z up. When magnetometer samples are given (9D) earth x
/// points to magnetic north and y west; without them (6D) the heading is arbitrary. Filters
/// initialise from their first valid sample (tilt from gravity, heading from the field), take
/// each step's dt from the timestamps, skip samples that would corrupt the state (non-finite
/// values, timestamps that do not advance) and count what they skipped in `diagnostics`.
///
/// The contract the harness checks after every update (`CheckedFilter`): `attitude` is finite
/// and of unit norm within `CheckedFilter.normTolerance`, `gyroscopeBias` is finite. A filter
/// that cannot go on throws from `update`; a non-throwing `update` conforms as well.
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
    /// One sample. Throw (any error with a message a person can read) when the filter cannot
    /// continue: the run of that seed ends with the message, naming the filter.
    mutating func update(_ reading: ImuReading) throws
    /// Forgets the state (attitude, bias, counters); keeps the settings.
    mutating func reset()
}
