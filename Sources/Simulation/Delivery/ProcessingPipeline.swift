import Foundation

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

/// Arrival order of motion updates and frames on the queue.
public enum PipelineEvent: Sendable, Equatable {
    case motion(Int)
    case frame(Int)

    /// Motion deliveries and frame deliveries merged by delivery time (motion first on ties).
    public static func merged(motion: [MotionDelivery], frames: [CameraFrame]) -> [PipelineEvent] {
        var events: [PipelineEvent] = []
        events.reserveCapacity(motion.count + frames.count)
        var m = 0, f = 0
        while m < motion.count || f < frames.count {
            if f == frames.count || (m < motion.count && motion[m].deliveryTime <= frames[f].deliveryTime) {
                events.append(.motion(m))
                m += 1
            } else {
                events.append(.frame(f))
                f += 1
            }
        }
        return events
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

/// The app's single serial queue driven through a run: the one event loop both `simulate`'s
/// flood-guard-free schedule and the capture runner use.
public enum ProcessingPipeline {
    /// Delivers motion updates and frames in arrival order (`PipelineEvent.merged`). Each
    /// motion update goes to `handleMotion`, whose answer decides its cost; each frame that is
    /// not late gets its cost queued and then goes to `handleFrame`. Returns every frame's fate.
    public static func drive(
        motion: [MotionDelivery], frames: [CameraFrame], settings: PipelineSettings, frameInterval: Double, seed: UInt64,
        handleMotion: (Int) -> MotionWork, handleFrame: (Int) -> Void
    ) throws(GSLError) -> (frames: [FrameProcessing], queue: ProcessingQueue) {
        let costs = try PipelineCosts(settings: settings, seed: seed)
        var queue = ProcessingQueue(frameInterval: frameInterval)
        var outcomes = [FrameProcessing](repeating: FrameProcessing(dropped: false, backlog: 0, finishTime: nil), count: frames.count)
        for event in PipelineEvent.merged(motion: motion, frames: frames) {
            switch event {
            case .motion(let index):
                switch handleMotion(index) {
                case .none: break
                case .processed: queue.submit(at: motion[index].deliveryTime, cost: costs.motion())
                case .coalesced: queue.submit(at: motion[index].deliveryTime, cost: costs.draw(settings.coalescedMotionCost))
                }
            case .frame(let index):
                let arrival = frames[index].deliveryTime
                let backlog = queue.backlog(at: arrival)
                if queue.isLate(at: arrival) {
                    outcomes[index] = FrameProcessing(dropped: true, backlog: backlog, finishTime: nil)
                } else {
                    let finish = queue.submit(at: arrival, cost: costs.frame())
                    outcomes[index] = FrameProcessing(dropped: false, backlog: backlog, finishTime: finish)
                    handleFrame(index)
                }
            }
        }
        return (outcomes, queue)
    }

    /// The queue under the simplest app policy: every motion update is processed in full.
    public static func run(
        motion: [MotionDelivery], frames: [CameraFrame], settings: PipelineSettings, frameInterval: Double, seed: UInt64
    ) throws(GSLError) -> (frames: [FrameProcessing], queue: ProcessingQueue) {
        try drive(
            motion: motion, frames: frames, settings: settings, frameInterval: frameInterval, seed: seed,
            handleMotion: { _ in .processed }, handleFrame: { _ in })
    }
}
