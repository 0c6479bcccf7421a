/// Coalesces a flood of motion updates: every update is stored (cheap), but the expensive
/// per-update work (UI, guidance) runs at most at `maximumRate`. Switched off, every update is
/// processed in full.
public struct FloodGuard: Sendable, Equatable {
    public var isEnabled: Bool
    /// Highest rate of fully processed updates, Hz.
    public var maximumRate: Double
    /// When the next full update is due, s.
    private var nextDue = -Double.infinity
    public private(set) var processed = 0
    public private(set) var coalesced = 0

    public init(isEnabled: Bool, maximumRate: Double) {
        self.isEnabled = isEnabled
        self.maximumRate = maximumRate
    }

    /// Whether the update with this timestamp gets the full treatment.
    public mutating func shouldProcess(timestamp: Double) -> Bool {
        guard isEnabled else {
            processed += 1
            return true
        }
        // Updates are due every 1/rate on a schedule; one arriving up to a quarter interval early
        // still counts, so regular updates at the maximum rate pass despite jitter (DeviceMotion
        // timestamps sit on the sensor's sample grid: 60 Hz from a 200 Hz IMU comes 15 or 20 ms
        // apart), while the schedule keeps a flood's average rate at exactly `maximumRate`.
        let interval = 1 / maximumRate
        if timestamp >= nextDue - 0.25 * interval {
            nextDue = max(nextDue + interval, timestamp + 0.5 * interval)
            processed += 1
            return true
        }
        coalesced += 1
        return false
    }
}
