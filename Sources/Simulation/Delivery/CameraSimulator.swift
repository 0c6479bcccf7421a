/// One video frame from the camera.
public struct CameraFrame: Sendable, Equatable {
    public var index: Int
    /// True start of the exposure (IMU clock), s.
    public var captureTime: Double
    /// Exposure time, s.
    public var exposure: Double
    /// The frame's timestamp as the app sees it: exposure start in the camera clock
    /// (captureTime + clock offset), s.
    public var timestamp: Double
    /// When the frame reaches the app's queue, s.
    public var deliveryTime: Double

    public init(index: Int, captureTime: Double, exposure: Double, timestamp: Double, deliveryTime: Double) {
        self.index = index
        self.captureTime = captureTime
        self.exposure = exposure
        self.timestamp = timestamp
        self.deliveryTime = deliveryTime
    }

    /// Middle of the exposure (true clock), s.
    public var exposureMidpoint: Double { captureTime + exposure / 2 }
}

/// Generates the camera's frames: fixed frame rate from the recording start, delivery after
/// the exposure plus a latency with Gaussian jitter and an exponential tail. Frames arrive in
/// capture order, so a tail event (a stalled pipeline) also delays the frames right behind
/// it. Streams: "camera.latency", "camera.latency_tail".
public enum CameraSimulator {
    public static func frames(_ settings: CameraSettings, duration: Double, seed: UInt64) throws(GSLError) -> [CameraFrame] {
        var stream = try CameraFrameStream(settings, duration: duration, seed: seed)
        var frames: [CameraFrame] = []
        frames.reserveCapacity(stream.nominalCount)
        while let frame = stream.next() { frames.append(frame) }
        return frames
    }
}

/// The camera's frames one at a time (the model of `CameraSimulator`), for runs that do not
/// keep them.
public struct CameraFrameStream: IteratorProtocol {
    private let settings: CameraSettings
    private let duration: Double
    private let period: Double
    private let latencyStream: RandomStream
    private let tailStream: RandomStream
    private var index = 0
    private var previousDelivery = -Double.infinity

    public init(_ settings: CameraSettings, duration: Double, seed: UInt64) throws(GSLError) {
        self.settings = settings
        self.duration = duration
        period = 1 / settings.fps
        latencyStream = try RandomStream(seed: seed, source: "camera.latency")
        tailStream = try RandomStream(seed: seed, source: "camera.latency_tail")
    }

    /// About how many frames the run has (for reserving), never negative.
    public var nominalCount: Int { max(0, Int((duration - settings.recordStart) * settings.fps) + 1) }

    /// The next frame; `nil` after the last whose exposure ends by the end of the run.
    public mutating func next() -> CameraFrame? {
        let capture = settings.recordStart + Double(index) * period
        guard capture + settings.exposure <= duration else { return nil }
        var latency = settings.latencyMean + latencyStream.gaussian(sigma: settings.latencyJitter)
        if settings.latencyTailProbability > 0 && tailStream.bernoulli(settings.latencyTailProbability) {
            latency += tailStream.exponential(mean: settings.latencyTailMean)
        }
        // Frames are delivered in capture order and never before their exposure ends.
        let delivery = max(capture + settings.exposure + max(0, latency) / 1000, previousDelivery + 1e-6)
        previousDelivery = delivery
        let frame = CameraFrame(
            index: index, captureTime: capture, exposure: settings.exposure, timestamp: capture + settings.clockOffset / 1000,
            deliveryTime: delivery)
        index += 1
        return frame
    }
}
