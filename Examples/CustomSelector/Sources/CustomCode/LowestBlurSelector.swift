import OrbitBench

/// A different selection policy: per slot keep the frame with the lowest predicted motion
/// blur, |rotation rate| × exposure (degrees the camera turns while the shutter is open), plus
/// `selection.parameters.offset_weight` (default 0) × |offset from the slot centre| in degrees.
/// No threshold: sharpness is what counts. `FramePlacer` does the shared mechanics (motion
/// buffer and flood guard, lookup, recording start, slot); `SlotRing` keeps the lowest score.
public struct LowestBlurSelector: FrameSelector {
    private var placer: FramePlacer
    private var ring: SlotRing
    private let offsetWeight: Double

    /// What `selection.parameters` may set, declared at registration.
    public static let parameters = [
        PluginParameter("offset_weight", default: 0, range: 0...10, unit: "1/deg", help: "score added per degree of offset from the slot centre")
    ]

    public init(settings: CaptureSettings) {
        placer = FramePlacer(settings: settings)
        ring = SlotRing(count: settings.slotCount)
        offsetWeight = settings.parameters["offset_weight"] ?? 0  // always there once registered with `parameters`
    }

    public var slots: [SlotEntry?] { ring.entries }
    public var recordingStartTime: Double? { placer.recordingStartTime }

    public mutating func handleMotion(_ motion: DeviceMotion) -> MotionHandling { placer.handleMotion(motion) }

    public mutating func handleFrame(_ frame: FrameInput) -> FrameDecision {
        switch placer.place(frame) {
        case .failure(let reason):
            return FrameDecision(outcome: .noMotion(reason), lookupTime: placer.lookupTime(frame))
        case .success(let placement):
            let turn = Angles.degrees(placement.motion.rotationRate.norm * frame.exposure)
            let score = turn + offsetWeight * abs(placement.angleOffset)
            let (outcome, replaced) = ring.offer(frame, at: placement, score: score)
            return FrameDecision(outcome: outcome, lookupTime: placer.lookupTime(frame), placement: placement, score: score, replacedFrame: replaced)
        }
    }
}
