import Fusion
import OrbitMath

/// What a filter did at one sample, from its diagnostics right after the update.
public struct FilterSampleFlags: OptionSet, Sendable, Equatable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The filter refused the sample (non-finite values, a timestamp that did not advance).
    public static let skipped = FilterSampleFlags(rawValue: 1 << 0)
    /// The accelerometer correction was skipped (acceleration far from gravity).
    public static let accelerationRejected = FilterSampleFlags(rawValue: 1 << 1)
    /// The magnetometer sample was judged disturbed and not used.
    public static let magnetometerRejected = FilterSampleFlags(rawValue: 1 << 2)
    /// The filter's rest detector says the device is still.
    public static let atRest = FilterSampleFlags(rawValue: 1 << 3)

    /// Flags from the diagnostics after an update and the refusal count before it.
    public init(_ diagnostics: FilterDiagnostics, refusedBefore: Int) {
        var flags: FilterSampleFlags = []
        if diagnostics.rejectedNonFinite + diagnostics.rejectedTimestamps > refusedBefore { flags.insert(.skipped) }
        if diagnostics.accelerationRejected { flags.insert(.accelerationRejected) }
        if diagnostics.magnetometerRejected { flags.insert(.magnetometerRejected) }
        if diagnostics.atRest { flags.insert(.atRest) }
        self = flags
    }
}

/// Every sample's output of one filter run: the estimate in the filter's own earth frame
/// (9D: x north, y west, z up; 6D: heading arbitrary), the gyroscope bias it subtracts, flags.
public struct FilterTrace: Sendable {
    public var estimates: [Quaternion]
    /// rad/s, body frame.
    public var biases: [Vector3]
    public var flags: [FilterSampleFlags]

    public init(estimates: [Quaternion], biases: [Vector3], flags: [FilterSampleFlags]) {
        self.estimates = estimates
        self.biases = biases
        self.flags = flags
    }
}
