import Foundation
import OrbitBench
import TestSupport

/// Keeps per slot the frame with the lowest `score`: a whole selection policy in one closure.
struct ScoredSelector: FrameSelector {
    private var placer: FramePlacer
    private var ring: SlotRing
    private let score: @Sendable (FramePlacement, FrameInput) -> Double

    init(settings: CaptureSettings, score: @escaping @Sendable (FramePlacement, FrameInput) -> Double) {
        placer = FramePlacer(settings: settings)
        ring = SlotRing(count: settings.slotCount)
        self.score = score
    }

    var slots: [SlotEntry?] { ring.entries }
    var recordingStartTime: Double? { placer.recordingStartTime }

    mutating func handleMotion(_ motion: DeviceMotion) -> MotionHandling {
        MotionHandling(isProcessed: true, isStored: placer.store(motion))
    }

    mutating func handleFrame(_ frame: FrameInput) -> FrameDecision {
        guard case .success(let placement) = placer.place(frame) else {
            return FrameDecision(outcome: .noMotion(.empty), lookupTime: placer.lookupTime(frame))
        }
        let value = score(placement, frame)
        let (outcome, replaced) = ring.offer(frame, at: placement, score: value)
        return FrameDecision(outcome: outcome, lookupTime: placer.lookupTime(frame), placement: placement, score: value, replacedFrame: replaced)
    }
}

/// Deliberately bad: keeps the first frame that lands in each slot (a constant score is never beaten).
func firstFrameSelector(settings: CaptureSettings) -> ScoredSelector {
    ScoredSelector(settings: settings) { _, _ in 0 }
}

/// Keeps per slot the frame whose camera turned least during the exposure, degrees.
func steadiestFrameSelector(settings: CaptureSettings) -> ScoredSelector {
    ScoredSelector(settings: settings) { placement, frame in Angles.degrees(placement.motion.rotationRate.norm * frame.exposure) }
}

enum Shipped {
    static let scenarios = Repository.scenarios

    static func scenario(_ name: String, _ overrides: [String] = []) throws -> Scenario {
        try Bench.scenario(name, overrides: overrides, searchDirectories: [scenarios])
    }
}

func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }
