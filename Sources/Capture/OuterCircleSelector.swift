import Fusion

@available(*, deprecated, renamed: "OuterCircleSelector")
public typealias CaptureSession = OuterCircleSelector

/// The frame selection of the OuterCircle article (seed 000): motion buffer, recording start,
/// the 4D quality distance with its threshold, slots keeping the best frame, a flood guard.
/// One selector records one orbit; the built-in `FrameSelector` (`outer-circle`).
public struct OuterCircleSelector: FrameSelector, Sendable {
    public let settings: CaptureSettings
    public private(set) var placer: FramePlacer
    public private(set) var ring: SlotRing

    public init(settings: CaptureSettings) {
        self.settings = settings
        placer = FramePlacer(settings: settings)
        ring = SlotRing(count: settings.slotCount)
    }

    public var slots: [SlotEntry?] { ring.entries }
    public var recordingStartTime: Double? { placer.recordingStartTime }
    public var buffer: MotionBuffer { placer.buffer }
    public var floodGuard: FloodGuard { placer.floodGuard }

    /// Stores a DeviceMotion update; the flood guard decides whether it is processed in full.
    /// The handler runs for every update the system delivers, repeated samples included, so the
    /// guard sees them all.
    public mutating func handleMotion(_ motion: DeviceMotion) -> MotionHandling { placer.handleMotion(motion) }

    /// Decides about one frame: look up the motion at its timestamp, score it against its slot,
    /// keep it if it is within the threshold and beats the slot's holder.
    public mutating func handleFrame(_ frame: FrameInput) -> FrameDecision {
        let placement: FramePlacement
        let lookupTime = placer.lookupTime(frame)
        switch placer.place(frame) {
        case .failure(let reason): return FrameDecision(outcome: .noMotion(reason), lookupTime: lookupTime)
        case .success(let placed): placement = placed
        }
        let score = FrameScore(
            pose: placement.pose, acceleration: placement.acceleration, angleOffset: placement.angleOffset,
            rotationRate: placement.rotationRate, weights: settings.weights
        ).distance
        guard score <= settings.threshold else {
            return FrameDecision(outcome: .overThreshold, lookupTime: lookupTime, placement: placement, score: score)
        }
        let (outcome, replaced) = ring.offer(frame, at: placement, score: score)
        return FrameDecision(outcome: outcome, lookupTime: lookupTime, placement: placement, score: score, replacedFrame: replaced)
    }
}
