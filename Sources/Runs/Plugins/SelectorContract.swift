import Capture
import OrbitMath

/// Checks what a selector hands the harness against the `FrameSelector` contract while a run
/// goes (each decision as it is returned) and at its end (slots, recording start, export), so
/// a broken selector ends its run with the first rule it broke instead of a verdict.
///
/// It keeps its own account of the slots, built from the decisions only (`.accepted` fills an
/// empty slot, `.replaced` displaces the named frame), and at the end the selector's `slots`
/// must agree with it: counters, kept frames and coverage then all describe the same frames.
/// A selector's own tests can drive it too, to find a breach before the bench does.
public struct SelectorContract: Sendable {
    public let slotCount: Int
    /// The frame each slot holds by the decisions so far, with its image name.
    private var held: [(frame: Int, image: String)?]

    /// Longest accepted `.rejected` reason, characters.
    static let reasonLimit = 64

    public init(slotCount: Int) {
        self.slotCount = slotCount
        held = Array(repeating: nil, count: slotCount)
    }

    /// Checks `decision` about `frame` and books what it did to the slots.
    public mutating func check(_ decision: FrameDecision, for frame: FrameInput) throws(SelectorContractViolation) {
        try Self.checkValues(of: decision)
        let slot = decision.placement?.slot
        if let slot, !(0..<slotCount).contains(slot) {
            throw SelectorContractViolation("slot \(slot) is not in 0..<\(slotCount) (the scenario's slot count)")
        }
        switch decision.outcome {
        case .accepted, .replaced:
            guard let slot else {
                throw SelectorContractViolation("a kept frame (\(Self.name(decision.outcome))) must carry its slot and pose")
            }
            if decision.outcome == .accepted {
                if let holder = held[slot] {
                    throw SelectorContractViolation(
                        "accepted into slot \(slot), which holds frame \(holder.frame) (a frame that displaces another is .replaced)")
                }
                guard decision.replacedFrame == nil else { throw SelectorContractViolation("an accepted frame replaces no frame") }
            } else {
                guard let replaced = decision.replacedFrame, let holder = held[slot], holder.frame == replaced else {
                    let holder = held[slot].map { "frame \($0.frame)" } ?? "no frame"
                    let claim = decision.replacedFrame.map { "frame \($0)" } ?? "no frame"
                    throw SelectorContractViolation("replaced \(claim) in slot \(slot), which holds \(holder)")
                }
            }
            held[slot] = (frame.index, frame.image)
        case .rejected(let reason):
            guard Self.isReason(reason) else {
                throw SelectorContractViolation(
                    "rejection reason \(Self.quoted(reason)) is not a snake_case word (1–\(Self.reasonLimit) characters of a–z, 0–9, _)")
            }
            fallthrough
        case .overThreshold, .worseThanHolder, .noMotion:
            guard decision.replacedFrame == nil else {
                throw SelectorContractViolation("a frame that is not kept (\(Self.name(decision.outcome))) replaces no frame")
            }
        }
    }

    /// Checks the selector's final state against the decisions.
    public func checkEnd(slots: [SlotEntry?], recordingStartTime: Double?, recording: Recording) throws(SelectorContractViolation) {
        guard slots.count == slotCount else {
            throw SelectorContractViolation("slots has \(slots.count) entries, the scenario has \(slotCount) slots")
        }
        var keptImages = Set<String>()
        for (slot, entry) in slots.enumerated() {
            switch (entry, held[slot]) {
            case (nil, nil): continue
            case (let entry?, nil):
                throw SelectorContractViolation("slot \(slot) holds frame \(entry.frameIndex), which no decision kept there")
            case (nil, let holder?):
                throw SelectorContractViolation("slot \(slot) is empty, but frame \(holder.frame) was kept there and never replaced")
            case (let entry?, let holder?):
                guard entry.frameIndex == holder.frame else {
                    throw SelectorContractViolation(
                        "slot \(slot) holds frame \(entry.frameIndex), but the decisions left frame \(holder.frame) there")
                }
                guard entry.image == holder.image else {
                    throw SelectorContractViolation(
                        "slot \(slot) names image \(Self.quoted(entry.image)), frame \(holder.frame) is \(Self.quoted(holder.image))")
                }
                try Self.checkPose(entry.pose, "slot \(slot)'s pose")
                try Self.checkFinite(entry.time, "slot \(slot)'s time", atLeast: 0)
                try Self.checkFinite(entry.acceleration, "slot \(slot)'s acceleration", atLeast: 0)
                try Self.checkFinite(entry.score, "slot \(slot)'s score")
                keptImages.insert(entry.image)
            }
        }
        if let recordingStartTime {
            try Self.checkFinite(recordingStartTime, "recordingStartTime")
        } else if !keptImages.isEmpty {
            throw SelectorContractViolation("frames are kept but recordingStartTime is nil (angle 0 is undefined)")
        }
        try Self.checkFinite(recording.radius, "the export's radius", atLeast: .leastNonzeroMagnitude)
        for element in recording.elements {
            guard keptImages.contains(element.image) else {
                throw SelectorContractViolation("the export names image \(Self.quoted(element.image)), which no slot holds")
            }
            let pose = OrbitPose(angle: element.angle, pitchDeviation: element.deviationPitch, rollDeviation: element.deviationRoll)
            try Self.checkPose(pose, "the export's element \(Self.quoted(element.image))")
            try Self.checkFinite(element.time, "the export's element \(Self.quoted(element.image)) time", atLeast: 0)
            try Self.checkFinite(element.acceleration, "the export's element \(Self.quoted(element.image)) acceleration", atLeast: 0)
        }
    }

    private static func checkValues(of decision: FrameDecision) throws(SelectorContractViolation) {
        try checkFinite(decision.lookupTime, "lookupTime")
        guard let placement = decision.placement else {
            if let score = decision.score { try checkFinite(score, "score") }
            return
        }
        try checkPose(placement.pose, "pose")
        try checkFinite(placement.angleOffset, "angleOffset")
        try checkFinite(placement.acceleration, "acceleration", atLeast: 0)
        if let score = decision.score { try checkFinite(score, "score") }
        let motion = placement.motion
        guard motion.attitude.isFinite, motion.rotationRate.isFinite, motion.userAcceleration.isFinite, motion.fraction.isFinite else {
            throw SelectorContractViolation("the interpolated motion is not finite")
        }
    }

    // Messages are built only for a breach: these run for every frame of every seed.

    @inline(__always)
    private static func checkPose(_ pose: OrbitPose, _ what: @autoclosure () -> String) throws(SelectorContractViolation) {
        guard pose.angle >= 0, pose.angle < 360 else { throw SelectorContractViolation("\(what()): angle \(pose.angle)° is not in [0, 360)") }
        try checkFinite(pose.pitchDeviation, "\(what()): pitch deviation")
        try checkFinite(pose.rollDeviation, "\(what()): roll deviation")
    }

    @inline(__always)
    private static func checkFinite(_ value: Double, _ what: @autoclosure () -> String, atLeast lower: Double = -.infinity)
        throws(SelectorContractViolation)
    {
        guard value.isFinite else { throw SelectorContractViolation("\(what()) is not finite (\(value))") }
        guard value >= lower else { throw SelectorContractViolation("\(what()) is \(value), below \(lower)") }
    }

    static func isReason(_ reason: String) -> Bool {
        !reason.isEmpty && reason.utf8.count <= reasonLimit
            && reason.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7a) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5f }
    }

    /// `text` quoted for a message, at most 40 characters, control characters escaped.
    static func quoted(_ text: String) -> String {
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return "'" + shown.unicodeScalars.map { $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0) }.joined() + "'"
    }

    private static func name(_ outcome: FrameOutcome) -> String {
        switch outcome {
        case .accepted: "accepted"
        case .replaced: "replaced"
        case .noMotion: "noMotion"
        case .overThreshold: "overThreshold"
        case .worseThanHolder: "worseThanHolder"
        case .rejected: "rejected"
        }
    }
}
