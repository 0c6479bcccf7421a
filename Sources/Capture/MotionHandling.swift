/// How a motion update was handled.
public struct MotionHandling: Sendable, Equatable {
    /// Processed in full (false: the flood guard coalesced it; only storing it was done).
    public var isProcessed: Bool
    /// Stored in the motion buffer (false when its timestamp did not advance — a repeated
    /// sample — or its values were not finite).
    public var isStored: Bool

    public init(isProcessed: Bool, isStored: Bool) {
        self.isProcessed = isProcessed
        self.isStored = isStored
    }
}
