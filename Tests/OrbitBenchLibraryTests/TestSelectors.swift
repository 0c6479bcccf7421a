import Foundation
import OrbitBench

/// Deliberately bad: keeps the first frame that lands in each slot, whatever its quality.
struct FirstFrameSelector: FrameSelector {
    private var placer: FramePlacer
    private var ring: SlotRing

    init(settings: CaptureSettings) {
        placer = FramePlacer(settings: settings)
        ring = SlotRing(count: settings.slotCount)
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
        // A constant score: the first frame is never beaten.
        let (outcome, replaced) = ring.offer(frame, at: placement, score: 0)
        return FrameDecision(outcome, placement: placement, score: 0, replacedFrame: replaced)
    }
}

/// Keeps per slot the frame whose camera turned least during the exposure.
struct SteadiestFrameSelector: FrameSelector {
    private var placer: FramePlacer
    private var ring: SlotRing

    init(settings: CaptureSettings) {
        placer = FramePlacer(settings: settings)
        ring = SlotRing(count: settings.slotCount)
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
        let turn = Angles.degrees(placement.motion.rotationRate.norm * frame.exposure)
        let (outcome, replaced) = ring.offer(frame, at: placement, score: turn)
        return FrameDecision(outcome, placement: placement, score: turn, replacedFrame: replaced)
    }
}

enum Shipped {
    static let scenarios = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scenarios").path

    static func scenario(_ name: String, _ overrides: [String] = []) throws -> Scenario {
        try Bench.scenario(name, overrides: overrides, searchDirectories: [scenarios])
    }
}

func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }
