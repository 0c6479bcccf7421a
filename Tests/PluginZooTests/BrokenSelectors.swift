import Foundation
import OrbitBench

/// OuterCircle's selection with one thing broken, built on the public API only: the selectors
/// a team might plug in by mistake. Each breaks from frame `after` on (`selection.parameters.after`).
struct BrokenSelector: FrameSelector {
    enum Breakage: String, Sendable, CaseIterable {
        /// `slots` has 10 entries instead of the scenario's 72.
        case tenSlots = "ten-slots"
        /// Decisions name slot 500.
        case slotBeyond = "slot-beyond"
        /// Decisions name slot −3.
        case slotNegative = "slot-negative"
        /// Every placed frame is "accepted", also into a slot that holds one.
        case acceptsEverything = "accepts-everything"
        /// The slots name frames that never arrived.
        case ghostFrames = "ghost-frames"
        /// Scores are NaN.
        case nanScore = "nan-score"
        /// Scores are infinite.
        case infiniteScore = "infinite-score"
        /// The slots' angles are NaN.
        case nanSlotAngle = "nan-slot-angle"
        /// Rejects with a reason holding a quote and a newline.
        case quotedReason = "quoted-reason"
        /// Gives up (what used to be a `fatalError`).
        case throwsError = "throws-error"

        /// The rule the bench must name.
        var rule: String {
            switch self {
            case .tenSlots: "slots has 10 entries, the scenario has 72 slots"
            case .slotBeyond: "slot 500 is not in 0..<72"
            case .slotNegative: "slot -3 is not in 0..<72"
            case .acceptsEverything: "which holds frame"
            case .ghostFrames: "holds frame 100000, but the decisions left frame 0 there"
            case .nanScore, .infiniteScore: "score is not finite"
            case .nanSlotAngle: "pose: angle nan° is not in [0, 360)"
            case .quotedReason: "is not a snake_case word"
            case .throwsError: "the slot ring overflowed"
            }
        }
    }

    struct GaveUp: Error, CustomStringConvertible {
        var description: String { "the slot ring overflowed" }
    }

    let breakage: Breakage
    let after: Int
    private var session: OuterCircleSelector
    private var frames = 0

    init(_ breakage: Breakage, settings: CaptureSettings) {
        self.breakage = breakage
        after = Int(settings.parameters["after"] ?? 0)
        session = OuterCircleSelector(settings: settings)
    }

    var slots: [SlotEntry?] {
        var slots = session.slots
        switch breakage {
        case .tenSlots: return Array(slots.prefix(10))
        case .ghostFrames:
            for index in slots.indices { slots[index]?.frameIndex += 100_000 }
        case .nanSlotAngle:
            for index in slots.indices { slots[index]?.pose.angle = .nan }
        default: break
        }
        return slots
    }
    var recordingStartTime: Double? { session.recordingStartTime }

    mutating func handleMotion(_ motion: DeviceMotion) -> MotionHandling { session.handleMotion(motion) }

    mutating func handleFrame(_ frame: FrameInput) throws -> FrameDecision {
        var decision = session.handleFrame(frame)
        frames += 1
        guard frames > after else { return decision }
        switch breakage {
        case .slotBeyond where decision.placement != nil: decision.placement?.slot = 500
        case .slotNegative where decision.placement != nil: decision.placement?.slot = -3
        case .acceptsEverything where decision.placement != nil:
            decision.outcome = .accepted
            decision.replacedFrame = nil
        case .nanScore where decision.score != nil: decision.score = .nan
        case .infiniteScore where decision.score != nil: decision.score = .infinity
        case .quotedReason where decision.outcome == .overThreshold: decision.outcome = .rejected("too \"dark\"\nreally")
        case .throwsError: throw GaveUp()
        default: break
        }
        return decision
    }

    /// The export as OuterCircle builds it from the real slots (the broken `slots` would not
    /// encode: JSON has no NaN).
    func recording(uid: String, date: Double) -> Recording { session.recording(uid: uid, date: date) }
}

/// Registers every broken plug-in once, under `zoo-<breakage>` (selectors) and
/// `zoo-filter-<breakage>` (filters).
enum Zoo {
    static let registered: Void = {
        let after = [PluginParameter("after", default: 0, range: 0...100_000, unit: "frames", help: "frames before it breaks")]
        for breakage in BrokenSelector.Breakage.allCases {
            try! SelectorRegistry.register("zoo-\(breakage.rawValue)", summary: "broken: \(breakage)", parameters: after) {
                BrokenSelector(breakage, settings: $0)
            }
        }
        let filters: [(String, BrokenFilter.Breakage)] = [
            ("nan-attitude", .nanAttitude), ("norm-two", .normTwo), ("nan-bias", .nanBias), ("throws-error", .throwsError),
        ]
        for (name, breakage) in filters {
            try! FilterRegistry.register("zoo-filter-\(name)", summary: "broken: \(name)") { _ in
                BrokenFilter(settings: BrokenFilter.Settings(breakage: breakage, after: 1))
            }
        }
        // A working filter with a declared parameter: Madgwick whose gain is `fusion.parameters.gain`.
        try! FilterRegistry.register(
            "zoo-filter-gain", parameters: [PluginParameter("gain", default: 0.1, range: 0...1, help: "Madgwick's beta")]
        ) { settings in
            var madgwick = MadgwickFilter.Settings()
            madgwick.beta = settings.parameters["gain"] ?? 0.1
            return MadgwickFilter(settings: madgwick)
        }
        // A selector with declared weights, for the typo and range checks.
        try! SelectorRegistry.register(
            "zoo-weighted",
            parameters: [PluginParameter("centre_weight", default: 1, range: 0...10, unit: "1/deg", help: "pull to the slot centre")]
        ) { OuterCircleSelector(settings: $0) }
    }()
}
