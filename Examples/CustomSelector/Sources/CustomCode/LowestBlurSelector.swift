import OrbitBench

/// A different selection policy: per slot keep the frame with the lowest predicted motion
/// blur, |rotation rate| × exposure (radians the camera turns while the shutter is open).
/// No threshold and no pose weights: sharpness is all that counts. `FramePlacer` does the
/// shared mechanics (motion buffer, lookup, recording start, slot); `SlotRing` keeps the best.
public struct LowestBlurSelector: FrameSelector {
    private var placer: FramePlacer
    private var ring: SlotRing

    public init(settings: CaptureSettings) {
        placer = FramePlacer(settings: settings)
        ring = SlotRing(count: settings.slotCount)
    }

    public var slots: [SlotEntry?] { ring.entries }
    public var recordingStartTime: Double? { placer.recordingStartTime }

    public mutating func handleMotion(_ motion: DeviceMotion) -> MotionHandling {
        MotionHandling(isProcessed: true, isStored: placer.store(motion))
    }

    public mutating func handleFrame(_ frame: FrameInput) -> FrameDecision {
        switch placer.place(frame) {
        case .failure(let reason):
            return FrameDecision(outcome: .noMotion(reason), lookupTime: placer.lookupTime(frame))
        case .success(let placement):
            let predictedBlur = placement.motion.rotationRate.norm * frame.exposure
            let (outcome, replaced) = ring.offer(frame, at: placement, score: predictedBlur)
            return FrameDecision(outcome, placement: placement, score: predictedBlur, replacedFrame: replaced)
        }
    }
}
