/// Why a lookup found no motion.
public enum MotionLookupFailure: Error, Sendable, BitwiseCopyable, Equatable, Codable {
    /// The buffer holds nothing yet.
    case empty
    /// The timestamp is older than the oldest sample still kept.
    case tooOld
    /// No sample at or after the timestamp has arrived yet.
    case notYetArrived
}
