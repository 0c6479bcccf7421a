/// The instants at which an IMU samples: a nominal grid at the configured rate, each instant
/// jittered ("<prefix>.sample_jitter") and occasionally lost ("<prefix>.drops").
public struct ImuSampleClock {
    let period: Double
    let jitterSigma: Double
    let dropProbability: Double
    let duration: Double
    let count: Int
    let jitterStream: RandomStream
    let dropStream: RandomStream
    private var index = 0
    private var previousTime = -Double.infinity

    /// Instants in [0, `duration`] s.
    public init(settings: ImuSettings, duration: Double, seed: UInt64, prefix: String = "imu") throws(GSLError) {
        period = 1 / settings.rate
        jitterSigma = settings.sampleJitter / 1000
        dropProbability = settings.dropProbability
        self.duration = duration
        count = Int((duration * settings.rate).rounded(.down)) + 1
        jitterStream = try RandomStream(seed: seed, source: "\(prefix).sample_jitter")
        dropStream = try RandomStream(seed: seed, source: "\(prefix).drops")
    }

    /// The next sample that is not lost: its instant and its index on the nominal grid;
    /// `nil` after the last one.
    public mutating func next() -> (time: Double, gridIndex: Int)? {
        while index < count {
            let gridIndex = index
            index += 1
            var time = Double(gridIndex) * period
            if jitterSigma > 0 {
                time += jitterStream.gaussian(sigma: jitterSigma)
                // Instants stay ordered and inside [0, duration].
                time = min(max(time, previousTime + 0.1 * period, 0), duration)
                if time <= previousTime {  // clamped at the very end
                    index = count
                    return nil
                }
            }
            previousTime = time
            if dropProbability > 0 && dropStream.bernoulli(dropProbability) { continue }
            return (time, gridIndex)
        }
        return nil
    }
}
