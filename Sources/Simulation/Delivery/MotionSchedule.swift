/// One DeviceMotion update as CoreMotion hands it to the app.
public struct MotionDelivery: Sendable, Equatable {
    /// The update's timestamp: the sensor instant its data belongs to, s.
    public var sampleTime: Double
    /// When the handler runs on the app's queue, s.
    public var deliveryTime: Double
    /// The newest IMU sample at or before `sampleTime`: the fusion state this update carries.
    public var imuIndex: Int
    /// Whether the update belongs to a flood burst.
    public var isFlood: Bool

    public init(sampleTime: Double, deliveryTime: Double, imuIndex: Int, isFlood: Bool) {
        self.sampleTime = sampleTime
        self.deliveryTime = deliveryTime
        self.imuIndex = imuIndex
        self.isFlood = isFlood
    }
}

/// Generates the DeviceMotion delivery schedule: a nominal grid with timestamp jitter, flood
/// bursts at a high rate, random drops and a delivery latency. The handler runs in sample
/// order (FIFO), so an update is never delivered before the one sampled before it. Streams:
/// "motion.jitter", "motion.floods", "motion.drops", "motion.latency".
public enum MotionSchedule {
    /// Deliveries between the first IMU sample and `duration`, in delivery order
    /// (`MotionDeliveryStream`, collected).
    public static func generate(
        _ settings: MotionDeliverySettings, duration: Double, imuTimes: [Double], seed: UInt64
    ) throws(GSLError) -> [MotionDelivery] {
        var stream = try MotionDeliveryStream(settings, duration: duration, imuTimes: imuTimes.makeIterator(), seed: seed)
        var deliveries: [MotionDelivery] = []
        deliveries.reserveCapacity(Int(duration * settings.rate) + 1)
        while let delivery = stream.next() { deliveries.append(delivery) }
        return deliveries
    }

    /// Time windows of flood bursts.
    public static func floodWindows(_ settings: MotionDeliverySettings, duration: Double, stream: RandomStream) -> [Range<Double>] {
        var windows: [Range<Double>] = []
        switch settings.floodMode {
        case .none:
            break
        case .periodic:
            var start = settings.floodFirstStart
            while start < duration {
                windows.append(start..<min(duration, start + settings.floodDuration))
                start += settings.floodPeriod
            }
        case .random:
            let meanGap = 60 / settings.floodsPerMinute
            var start = stream.exponential(mean: meanGap)
            while start < duration {
                windows.append(start..<min(duration, start + settings.floodDuration))
                start += settings.floodDuration + stream.exponential(mean: meanGap)
            }
        }
        return windows
    }
}
