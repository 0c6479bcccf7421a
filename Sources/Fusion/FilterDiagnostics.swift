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
