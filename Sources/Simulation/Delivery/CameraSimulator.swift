import Foundation

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
        let latencyStream = try RandomStream(seed: seed, source: "camera.latency")
        let tailStream = try RandomStream(seed: seed, source: "camera.latency_tail")
        let period = 1 / settings.fps
        var frames: [CameraFrame] = []
        frames.reserveCapacity(Int((duration - settings.recordStart) * settings.fps) + 1)
        var previousDelivery = -Double.infinity
        var index = 0
        while true {
            let capture = settings.recordStart + Double(index) * period
            guard capture + settings.exposure <= duration else { break }
            var latency = settings.latencyMean + latencyStream.gaussian(sigma: settings.latencyJitter)
            if settings.latencyTailProbability > 0 && tailStream.bernoulli(settings.latencyTailProbability) {
                latency += tailStream.exponential(mean: settings.latencyTailMean)
            }
            // Frames are delivered in capture order and never before their exposure ends.
            let delivery = max(capture + settings.exposure + max(0, latency) / 1000, previousDelivery + 1e-6)
            previousDelivery = delivery
            frames.append(
                CameraFrame(
                    index: index, captureTime: capture, exposure: settings.exposure,
                    timestamp: capture + settings.clockOffset / 1000, deliveryTime: delivery))
            index += 1
        }
        return frames
    }
}
