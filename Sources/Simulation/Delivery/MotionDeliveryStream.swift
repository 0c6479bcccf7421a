/// DeviceMotion deliveries one at a time, in delivery order (the model of `MotionSchedule`):
/// a jittered nominal grid merged with flood bursts, thinned by drops, delayed by a latency.
/// It keeps only its cursors, so a streamed run does not hold the schedule of a whole walk.
///
/// Jittered nominal timestamps stay in order, as a sensor's do: an instant jittered to or
/// before its predecessor is moved to a tenth of a period after it.
public struct MotionDeliveryStream<ImuTimes: IteratorProtocol<Double>>: IteratorProtocol {
    private let settings: MotionDeliverySettings
    private let duration: Double
    private let period: Double
    private let jitterStream: RandomStream
    private let dropStream: RandomStream
    private let latencyStream: RandomStream
    /// The IMU's sample instants, for each delivery's `imuIndex`.
    private var imuTimes: ImuTimes
    private var imuIndex = 0
    private var nextImuTime: Double?
    private let firstImuTime: Double?
    /// The next nominal update, its grid index, and the previous nominal instant, s.
    private var nominal: Double?
    private var nominalIndex = 1
    private var previousNominal = -Double.infinity
    /// Flood bursts sorted by start, the first not begun yet, and the begun ones' next steps.
    private let floodWindows: [Range<Double>]
    private var nextWindow = 0
    private var floods: [(window: Int, step: Int, count: Int)] = []
    private var previousDelivery = -Double.infinity

    /// Deliveries between the first of `imuTimes` (increasing, s) and `duration`, s.
    public init(_ settings: MotionDeliverySettings, duration: Double, imuTimes: ImuTimes, seed: UInt64) throws(GSLError) {
        self.settings = settings
        self.duration = duration
        period = 1 / settings.rate
        jitterStream = try RandomStream(seed: seed, source: "motion.jitter")
        dropStream = try RandomStream(seed: seed, source: "motion.drops")
        latencyStream = try RandomStream(seed: seed, source: "motion.latency")
        floodWindows = MotionSchedule.floodWindows(settings, duration: duration, stream: try RandomStream(seed: seed, source: "motion.floods"))
        self.imuTimes = imuTimes
        firstImuTime = self.imuTimes.next()
        nextImuTime = self.imuTimes.next()
        nominal = drawNominal()
    }

    /// The next delivery; `nil` after the last.
    public mutating func next() -> MotionDelivery? {
        guard let firstImuTime else { return nil }
        while let (time, isFlood) = nextSample() {
            guard time >= firstImuTime && time <= duration else { continue }
            if settings.dropProbability > 0 && dropStream.bernoulli(settings.dropProbability) { continue }
            while let upcoming = nextImuTime, upcoming <= time {
                imuIndex += 1
                nextImuTime = imuTimes.next()
            }
            let latency = max(0, settings.latency + latencyStream.gaussian(sigma: settings.latencyJitter)) / 1000
            let delivery = max(time + latency, previousDelivery)
            previousDelivery = delivery
            return MotionDelivery(sampleTime: time, deliveryTime: delivery, imuIndex: imuIndex, isFlood: isFlood)
        }
        return nil
    }

    /// The next sensor instant of the nominal grid or a flood, in time order (nominal first on
    /// a tie, then floods in start order).
    private mutating func nextSample() -> (time: Double, isFlood: Bool)? {
        while nextWindow < floodWindows.count && floodCount(nextWindow) == 0 { nextWindow += 1 }
        var earliest: (time: Double, slot: Int)?  // slot == floods.count: the next window's first step
        for (slot, cursor) in floods.enumerated() {
            let time = floodTime(cursor.window, step: cursor.step)
            if earliest == nil || time < earliest!.time { earliest = (time, slot) }
        }
        if nextWindow < floodWindows.count, earliest == nil || floodWindows[nextWindow].lowerBound < earliest!.time {
            earliest = (floodWindows[nextWindow].lowerBound, floods.count)
        }
        if let time = nominal, earliest == nil || time <= earliest!.time {
            nominal = drawNominal()
            return (time, false)
        }
        guard let (time, slot) = earliest else { return nil }
        if slot == floods.count {
            floods.append((nextWindow, 0, floodCount(nextWindow)))
            nextWindow += 1
        }
        floods[slot].step += 1
        if floods[slot].step == floods[slot].count { floods.remove(at: slot) }
        return (time, true)
    }

    private mutating func drawNominal() -> Double? {
        guard Double(nominalIndex) * period <= duration else { return nil }
        let jitter = settings.timestampJitter > 0 ? jitterStream.gaussian(sigma: settings.timestampJitter / 1000) : 0
        let time = max(Double(nominalIndex) * period + jitter, previousNominal + 0.1 * period)
        previousNominal = time
        nominalIndex += 1
        return time
    }

    private func floodCount(_ window: Int) -> Int {
        Int(((floodWindows[window].upperBound - floodWindows[window].lowerBound) * settings.floodRate).rounded())
    }

    private func floodTime(_ window: Int, step: Int) -> Double { floodWindows[window].lowerBound + Double(step) / settings.floodRate }
}
