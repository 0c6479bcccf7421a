import Capture
import OrbitMath
import Testing

@testable import Runs

/// The `FrameSelector` contract, one rule at a time, on decisions made by hand.
@Suite struct SelectorContractTests {
    let pose = OrbitPose(angle: 10, pitchDeviation: 1, rollDeviation: -1)

    func frame(_ index: Int) -> FrameInput { FrameInput(index: index, timestamp: Double(index) / 30, exposure: 0.01, image: "frame-\(index).jpg") }

    func placement(_ pose: OrbitPose, slot: Int) -> FramePlacement {
        let motion = InterpolatedMotion(attitude: .identity, rotationRate: .zero, userAcceleration: .zero, earlier: 0, later: 1, fraction: 0)
        return FramePlacement(motion: motion, pose: pose, slot: slot, angleOffset: 0.5, acceleration: 0.1, time: 1)
    }

    func decision(_ outcome: FrameOutcome, slot: Int? = 2, score: Double? = 1, replaced: Int? = nil) -> FrameDecision {
        FrameDecision(outcome: outcome, lookupTime: 1, placement: slot.map { placement(pose, slot: $0) }, score: score, replacedFrame: replaced)
    }

    func entry(_ index: Int) -> SlotEntry {
        SlotEntry(frameIndex: index, image: "frame-\(index).jpg", time: 1, pose: pose, acceleration: 0.1, score: 1)
    }

    func rule(_ body: (inout SelectorContract) throws(SelectorContractViolation) -> Void) -> String? {
        var contract = SelectorContract(slotCount: 4)
        do {
            try body(&contract)
            return nil
        } catch {
            return error.rule
        }
    }

    /// A selector that keeps its word passes, start to end.
    @Test func honestSelectorPasses() {
        let broken = rule { contract throws(SelectorContractViolation) in
            try contract.check(decision(.accepted), for: frame(0))
            try contract.check(decision(.worseThanHolder), for: frame(1))
            try contract.check(decision(.replaced, replaced: 0), for: frame(2))
            try contract.check(decision(.rejected("too_dark"), slot: nil), for: frame(3))
            try contract.check(FrameDecision(outcome: .noMotion(.empty), lookupTime: 2), for: frame(4))
            let recording = Recording(
                uid: "u", date: 0, radius: 90,
                elements: [Recording.Element(image: "frame-2.jpg", angle: 10, time: 1, deviationPitch: 1, deviationRoll: -1, acceleration: 0.01)])
            try contract.checkEnd(slots: [nil, nil, entry(2), nil], recordingStartTime: 0.5, recording: recording)
        }
        #expect(broken == nil)
    }

    /// Every decision-time rule, with the message it gives.
    @Test func decisionRules() {
        let cases: [(FrameDecision, String)] = [
            (decision(.accepted, slot: 500), "slot 500 is not in 0..<4"),
            (decision(.accepted, slot: -3), "slot -3 is not in 0..<4"),
            (decision(.accepted, score: .nan), "score is not finite"),
            (decision(.overThreshold, score: .infinity), "score is not finite"),
            (FrameDecision(outcome: .accepted, lookupTime: .nan, placement: placement(pose, slot: 1)), "lookupTime is not finite"),
            (
                FrameDecision(
                    outcome: .accepted, lookupTime: 1, placement: placement(OrbitPose(angle: .nan, pitchDeviation: 0, rollDeviation: 0), slot: 1)),
                "angle nan°"
            ),
            (
                FrameDecision(
                    outcome: .accepted, lookupTime: 1, placement: placement(OrbitPose(angle: 360, pitchDeviation: 0, rollDeviation: 0), slot: 1)),
                "not in [0, 360)"
            ),
            (FrameDecision(outcome: .accepted, lookupTime: 1), "must carry its slot and pose"),
            (decision(.replaced, replaced: 7), "replaced frame 7 in slot 2, which holds no frame"),
            (decision(.worseThanHolder, replaced: 7), "replaces no frame"),
            (decision(.rejected("too \"dark\"\nnext"), slot: nil), "is not a snake_case word"),
            (decision(.rejected(""), slot: nil), "is not a snake_case word"),
            (decision(.rejected(String(repeating: "a", count: 65)), slot: nil), "is not a snake_case word"),
        ]
        for (made, message) in cases {
            let found = rule { contract throws(SelectorContractViolation) in try contract.check(made, for: frame(0)) }
            #expect(found?.contains(message) == true, "\(message): \(found ?? "passed")")
        }
        // Accepting into a held slot: the counters would say more frames are kept than are.
        let twice = rule { contract throws(SelectorContractViolation) in
            try contract.check(decision(.accepted), for: frame(0))
            try contract.check(decision(.accepted), for: frame(1))
        }
        #expect(twice == "accepted into slot 2, which holds frame 0 (a frame that displaces another is .replaced)")
        // A reason with a newline is shown escaped, on one line.
        let reason = rule { contract throws(SelectorContractViolation) in try contract.check(decision(.rejected("a\nb"), slot: nil), for: frame(0)) }
        #expect(reason?.contains("'a\\nb'") == true && reason?.contains("\n") == false)
    }

    /// Every end-of-run rule.
    @Test func endRules() {
        let empty = Recording(uid: "u", date: 0, radius: 90, elements: [])
        func end(_ slots: [SlotEntry?], start: Double? = 0.5, recording: Recording? = nil, accept: Bool = true) -> String? {
            rule { contract throws(SelectorContractViolation) in
                if accept { try contract.check(decision(.accepted), for: frame(0)) }
                try contract.checkEnd(slots: slots, recordingStartTime: start, recording: recording ?? empty)
            }
        }
        #expect(end([nil, nil, entry(0)]) == "slots has 3 entries, the scenario has 4 slots")
        #expect(end([entry(9), nil, entry(0), nil])?.hasPrefix("slot 0 holds frame 9, which no decision kept there") == true)
        #expect(end([nil, nil, nil, nil]) == "slot 2 is empty, but frame 0 was kept there and never replaced")
        #expect(end([nil, nil, entry(5), nil])?.hasPrefix("slot 2 holds frame 5, but the decisions left frame 0") == true)
        var renamed = entry(0)
        renamed.image = "other.jpg"
        #expect(end([nil, nil, renamed, nil])?.hasPrefix("slot 2 names image 'other.jpg'") == true)
        var nanScore = entry(0)
        nanScore.score = .nan
        #expect(end([nil, nil, nanScore, nil]) == "slot 2's score is not finite (nan)")
        var nanAngle = entry(0)
        nanAngle.pose.angle = .nan
        #expect(end([nil, nil, nanAngle, nil])?.hasPrefix("slot 2's pose: angle nan°") == true)
        #expect(end([nil, nil, entry(0), nil], start: nil)?.hasPrefix("frames are kept but recordingStartTime is nil") == true)
        #expect(end([nil, nil, entry(0), nil], start: .nan) == "recordingStartTime is not finite (nan)")
        let stranger = Recording(
            uid: "u", date: 0, radius: 90,
            elements: [Recording.Element(image: "/etc/passwd", angle: 1, time: 0, deviationPitch: 0, deviationRoll: 0, acceleration: 0)])
        #expect(end([nil, nil, entry(0), nil], recording: stranger) == "the export names image '/etc/passwd', which no slot holds")
        #expect(
            end([nil, nil, entry(0), nil], recording: Recording(uid: "u", date: 0, radius: .nan, elements: []))?.hasPrefix("the export's radius")
                == true)
    }
}
