/// The app's single serial processing queue, as a discrete-event model.
///
/// Motion updates and frames are handled in arrival order; each costs CPU time. A frame that
/// arrives while the backlog (work still ahead of it) exceeds one frame interval could not
/// start before the next frame arrives: it is late and dropped, as AVFoundation does with
/// `alwaysDiscardsLateVideoFrames`. Motion updates are never dropped; they pile up, which is
/// how a flood starves the frames.
public struct ProcessingQueue: Sendable {
    /// Time at which all accepted work is done, s.
    public private(set) var busyUntil = -Double.infinity
    /// Total CPU time spent, s.
    public private(set) var busyTime = 0.0
    /// Largest backlog seen at an arrival, s.
    public private(set) var maxBacklog = 0.0
    /// Frames arriving behind more than this much work are dropped, s.
    public let lateThreshold: Double

    public init(frameInterval: Double) {
        lateThreshold = frameInterval
    }

    /// Work still queued at `time`, s.
    public func backlog(at time: Double) -> Double { max(0, busyUntil - time) }

    /// Queues `cost` seconds of work arriving at `time`; returns when it finishes.
    @discardableResult
    public mutating func submit(at time: Double, cost: Double) -> Double {
        maxBacklog = max(maxBacklog, backlog(at: time))
        busyUntil = max(busyUntil, time) + cost
        busyTime += cost
        return busyUntil
    }

    /// Whether a frame arriving at `time` would be dropped as late.
    public func isLate(at time: Double) -> Bool { backlog(at: time) > lateThreshold }
}

/// CPU cost of each item, drawn with relative jitter from "pipeline.cost".
public struct PipelineCosts {
    let settings: PipelineSettings
    let stream: RandomStream

    public init(settings: PipelineSettings, seed: UInt64) throws(GSLError) {
        self.settings = settings
        stream = try RandomStream(seed: seed, source: "pipeline.cost")
    }

    /// Cost of handling one motion update fully, s.
    public func motion() -> Double { draw(settings.motionCost) }
    /// Cost of handling one frame, s.
    public func frame() -> Double { draw(settings.frameCost) }

    /// A cost scaled from an explicit mean, s (for work other than the two defaults).
    public func draw(_ meanMilliseconds: Double) -> Double {
        let factor = settings.costJitter > 0 ? max(0.1, 1 + stream.gaussian(sigma: settings.costJitter)) : 1
        return meanMilliseconds * factor / 1000
    }
}

/// What happened to one frame on the queue.
public struct FrameProcessing: Sendable, Equatable {
    /// Whether the frame was dropped as late.
    public var dropped: Bool
    /// Work queued ahead of the frame when it arrived, s.
    public var backlog: Double
    /// When its processing finished (nil when dropped), s.
    public var finishTime: Double?

    @usableFromInline
    init(dropped: Bool, backlog: Double, finishTime: Double?) {
        self.dropped = dropped
        self.backlog = backlog
        self.finishTime = finishTime
    }
}

/// What the app did with one motion update, for the queue's accounting.
public enum MotionWork: Sendable, Equatable {
    /// Nothing reached the app's handler (e.g. the fusion has not produced motion yet): no cost.
    case none
    /// Processed in full: `pipeline.motion_cost_ms`.
    case processed
    /// Only stored (coalesced by a flood guard): `pipeline.coalesced_motion_cost_ms`.
    case coalesced
}

/// How the app's work is spread over serial queues (`pipeline.threads`).
public enum PipelineThreads: String, CaseIterable, Sendable {
    /// One serial queue for motion updates and frames (the seed's app): a motion flood delays
    /// the frames behind it until they are dropped as late.
    case shared
    /// Motion handling and frame processing on two serial queues ("handling data on separate
    /// threads"): frames no longer wait for motion work, but a frame only sees the motion
    /// updates whose handling has started before its own processing starts.
    case separate
}

/// The app's queues at the end of a run.
public struct PipelineQueues: Sendable {
    /// The queue frames are processed on (the only queue when shared).
    public var frameQueue: ProcessingQueue
    /// The queue motion updates are handled on (the same queue when shared).
    public var motionQueue: ProcessingQueue
    public var threads: PipelineThreads

    @usableFromInline
    init(frameQueue: ProcessingQueue, motionQueue: ProcessingQueue, threads: PipelineThreads) {
        self.frameQueue = frameQueue
        self.motionQueue = motionQueue
        self.threads = threads
    }

    /// CPU time spent on both queues, s (counted once when they are one).
    public var busyTime: Double { threads == .shared ? frameQueue.busyTime : frameQueue.busyTime + motionQueue.busyTime }
}

/// What happened on the app's queues over a run, with every frame's fate.
public struct PipelineResult: Sendable {
    /// Each frame's fate, in frame order.
    public var frames: [FrameProcessing]
    public var queues: PipelineQueues

    public var frameQueue: ProcessingQueue { queues.frameQueue }
    public var motionQueue: ProcessingQueue { queues.motionQueue }
    public var threads: PipelineThreads { queues.threads }
    public var busyTime: Double { queues.busyTime }
}

/// The app's queues driven through a run: the one event loop both `simulate`'s
/// flood-guard-free schedule and the capture runner use.
public enum ProcessingPipeline {
    /// Delivers motion updates and frames in arrival order (merged by delivery time, motion
    /// first on ties), pulling each from its stream only when it is due, so neither stream is
    /// held in memory. Each motion update goes to `handleMotion`, whose answer decides its
    /// cost. Every frame goes to `handleFrame` with its fate: a frame that is not late gets its
    /// cost queued first; a late one is dropped and reaches the app's code no further.
    ///
    /// With `settings.threads == .separate` motion and frames have a serial queue each. A frame
    /// is late when its own queue's backlog exceeds a frame interval; before it is handled,
    /// every queued motion update whose handling starts before the frame's processing starts
    /// is handed to `handleMotion` (a frame may thus miss updates delivered before it that a
    /// motion backlog holds up). An update counts as seen once its handling starts — an
    /// approximation by at most one motion cost.
    ///
    /// `costs` draws each item's cost (`PipelineCosts(settings:seed:)`). A handler that throws
    /// ends the drive at once with its error.
    ///
    /// Inlined, so that the caller's streams and handlers are specialised into the loop and
    /// the variables its handlers capture stay on the caller's stack (as a separate function
    /// the handlers became closures whose captures were boxed, every access checked at run
    /// time: +7 % on a seed).
    @inlinable @inline(__always)
    public static func drive<Motion: IteratorProtocol<MotionDelivery>, Frames: IteratorProtocol<CameraFrame>>(
        motion: Motion, frames: Frames, settings: PipelineSettings, frameInterval: Double, costs: PipelineCosts,
        handleMotion: (MotionDelivery) throws -> MotionWork, handleFrame: (CameraFrame, FrameProcessing) throws -> Void
    ) rethrows -> PipelineQueues {
        var frameQueue = ProcessingQueue(frameInterval: frameInterval)
        var motionQueue = ProcessingQueue(frameInterval: frameInterval)
        let separate = settings.threads == .separate
        var motion = motion, frames = frames
        var nextMotion = motion.next()  // the first motion update not handled yet

        /// Handles the next motion update on `queue`, starting no earlier than its delivery.
        func handleNextMotion(on queue: inout ProcessingQueue) throws {
            guard let delivery = nextMotion else { return }
            switch try handleMotion(delivery) {
            case .none: break
            case .processed: queue.submit(at: delivery.deliveryTime, cost: costs.motion())
            case .coalesced: queue.submit(at: delivery.deliveryTime, cost: costs.draw(settings.coalescedMotionCost))
            }
            nextMotion = motion.next()
        }
        while let frame = frames.next() {
            let arrival = frame.deliveryTime
            if !separate {
                while let delivery = nextMotion, delivery.deliveryTime <= arrival { try handleNextMotion(on: &frameQueue) }
            }
            let backlog = frameQueue.backlog(at: arrival)
            if frameQueue.isLate(at: arrival) {
                try handleFrame(frame, FrameProcessing(dropped: true, backlog: backlog, finishTime: nil))
                continue
            }
            if separate {
                let start = max(arrival, frameQueue.busyUntil)
                while let delivery = nextMotion, max(delivery.deliveryTime, motionQueue.busyUntil) < start {
                    try handleNextMotion(on: &motionQueue)
                }
            }
            let finish = frameQueue.submit(at: arrival, cost: costs.frame())
            try handleFrame(frame, FrameProcessing(dropped: false, backlog: backlog, finishTime: finish))
        }
        while nextMotion != nil {
            if separate { try handleNextMotion(on: &motionQueue) } else { try handleNextMotion(on: &frameQueue) }
        }
        return PipelineQueues(frameQueue: frameQueue, motionQueue: separate ? motionQueue : frameQueue, threads: settings.threads)
    }

    /// The queues under the simplest app policy: every motion update is processed in full.
    public static func run(
        motion: [MotionDelivery], frames: [CameraFrame], settings: PipelineSettings, frameInterval: Double, seed: UInt64
    ) throws(GSLError) -> PipelineResult {
        var outcomes: [FrameProcessing] = []
        outcomes.reserveCapacity(frames.count)
        let queues = drive(
            motion: motion.makeIterator(), frames: frames.makeIterator(), settings: settings, frameInterval: frameInterval,
            costs: try PipelineCosts(settings: settings, seed: seed), handleMotion: { _ in .processed },
            handleFrame: { _, processing in outcomes.append(processing) })
        return PipelineResult(frames: outcomes, queues: queues)
    }
}
