import Foundation

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
    /// Deliveries between the first IMU sample and `duration`, in delivery order.
    public static func generate(
        _ settings: MotionDeliverySettings, duration: Double, imuTimes: [Double], seed: UInt64
    ) throws(GSLError) -> [MotionDelivery] {
        guard let firstImuTime = imuTimes.first else { return [] }
        let jitterStream = try RandomStream(seed: seed, source: "motion.jitter")
        let floodStream = try RandomStream(seed: seed, source: "motion.floods")
        let dropStream = try RandomStream(seed: seed, source: "motion.drops")
        let latencyStream = try RandomStream(seed: seed, source: "motion.latency")

        var samples: [(time: Double, flood: Bool)] = []
        let period = 1 / settings.rate
        var index = 1
        while Double(index) * period <= duration {
            let jitter = settings.timestampJitter > 0 ? jitterStream.gaussian(sigma: settings.timestampJitter / 1000) : 0
            samples.append((Double(index) * period + jitter, false))
            index += 1
        }
        for window in floodWindows(settings, duration: duration, stream: floodStream) {
            let count = Int(((window.upperBound - window.lowerBound) * settings.floodRate).rounded())
            for step in 0..<count { samples.append((window.lowerBound + Double(step) / settings.floodRate, true)) }
        }
        samples.sort { $0.time < $1.time }

        var deliveries: [MotionDelivery] = []
        deliveries.reserveCapacity(samples.count)
        var imuIndex = 0
        var previousDelivery = -Double.infinity
        for sample in samples where sample.time >= firstImuTime && sample.time <= duration {
            if settings.dropProbability > 0 && dropStream.bernoulli(settings.dropProbability) { continue }
            while imuIndex + 1 < imuTimes.count && imuTimes[imuIndex + 1] <= sample.time { imuIndex += 1 }
            let latency = max(0, settings.latency + latencyStream.gaussian(sigma: settings.latencyJitter)) / 1000
            let delivery = max(sample.time + latency, previousDelivery)
            previousDelivery = delivery
            deliveries.append(MotionDelivery(sampleTime: sample.time, deliveryTime: delivery, imuIndex: imuIndex, isFlood: sample.flood))
        }
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
