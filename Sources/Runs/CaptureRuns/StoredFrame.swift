import Capture

/// A `FrameRecord` as plain bytes, for `SpillArray`. The only text in a record, a selector's
/// own discard reason, becomes a number in a `ReasonTable`; everything else is stored as is,
/// so a record read back equals the one stored, Doubles to the last bit.
struct StoredFrame: BitwiseCopyable {
    var index: Int
    var captureTime: Double
    var exposure: Double
    var timestamp: Double
    var deliveryTime: Double
    var dropped: Bool
    var backlog: Double
    var decision: StoredDecision?
    var trueAngle: Double?
    var truePose: OrbitPose?
    var blur: Double?
    var objectBlurMean: Double?
    var objectBlurMax: Double?
    var measuredRotationRate: Double?
    var trueRotationRate: Double?
    var predictedBlur: Double?
    var syncError: Double?
    var keptAtEnd: Bool

    init(_ record: FrameRecord, reasons: inout ReasonTable) {
        self.init(
            index: record.index, captureTime: record.captureTime, exposure: record.exposure, timestamp: record.timestamp,
            deliveryTime: record.deliveryTime, dropped: record.dropped, backlog: record.backlog, decision: record.decision, reasons: &reasons)
        trueAngle = record.trueAngle
        truePose = record.truePose
        blur = record.blur
        objectBlurMean = record.objectBlurMean
        objectBlurMax = record.objectBlurMax
        measuredRotationRate = record.measuredRotationRate
        trueRotationRate = record.trueRotationRate
        predictedBlur = record.predictedBlur
        syncError = record.syncError
        keptAtEnd = record.keptAtEnd
    }

    /// A frame as it reaches the app, before its truth is measured. Built straight from its
    /// parts: going through a `FrameRecord` (450 bytes) copied it several times per frame.
    init(
        index: Int, captureTime: Double, exposure: Double, timestamp: Double, deliveryTime: Double, dropped: Bool, backlog: Double,
        decision: FrameDecision?, reasons: inout ReasonTable
    ) {
        self.index = index
        self.captureTime = captureTime
        self.exposure = exposure
        self.timestamp = timestamp
        self.deliveryTime = deliveryTime
        self.dropped = dropped
        self.backlog = backlog
        self.decision = decision.map { StoredDecision($0, reasons: &reasons) }
        keptAtEnd = false
    }

    func record(reasons: [String]) -> FrameRecord {
        var record = FrameRecord(
            index: index, captureTime: captureTime, exposure: exposure, timestamp: timestamp, deliveryTime: deliveryTime,
            dropped: dropped, backlog: backlog, decision: decision?.decision(reasons: reasons), trueAngle: trueAngle, truePose: truePose,
            blur: blur, syncError: syncError, keptAtEnd: keptAtEnd)
        record.objectBlurMean = objectBlurMean
        record.objectBlurMax = objectBlurMax
        record.measuredRotationRate = measuredRotationRate
        record.trueRotationRate = trueRotationRate
        record.predictedBlur = predictedBlur
        return record
    }
}

/// `FrameDecision` as plain bytes (see `StoredFrame`).
struct StoredDecision: BitwiseCopyable {
    enum Outcome: BitwiseCopyable {
        case accepted, replaced, overThreshold, worseThanHolder
        case noMotion(MotionLookupFailure)
        case rejected(reason: Int)
    }

    var outcome: Outcome
    var lookupTime: Double
    var placement: FramePlacement?
    var score: Double?
    var replacedFrame: Int?

    init(_ decision: FrameDecision, reasons: inout ReasonTable) {
        switch decision.outcome {
        case .accepted: outcome = .accepted
        case .replaced: outcome = .replaced
        case .overThreshold: outcome = .overThreshold
        case .worseThanHolder: outcome = .worseThanHolder
        case .noMotion(let failure): outcome = .noMotion(failure)
        case .rejected(let reason): outcome = .rejected(reason: reasons.number(of: reason))
        }
        lookupTime = decision.lookupTime
        placement = decision.placement
        score = decision.score
        replacedFrame = decision.replacedFrame
    }

    func decision(reasons: [String]) -> FrameDecision {
        let frameOutcome: FrameOutcome
        switch outcome {
        case .accepted: frameOutcome = .accepted
        case .replaced: frameOutcome = .replaced
        case .overThreshold: frameOutcome = .overThreshold
        case .worseThanHolder: frameOutcome = .worseThanHolder
        case .noMotion(let failure): frameOutcome = .noMotion(failure)
        case .rejected(let reason): frameOutcome = .rejected(reasons[reason])
        }
        return FrameDecision(outcome: frameOutcome, lookupTime: lookupTime, placement: placement, score: score, replacedFrame: replacedFrame)
    }
}

/// The distinct discard reasons of a run, numbered in order of first use.
struct ReasonTable {
    private(set) var reasons: [String] = []
    private var numbers: [String: Int] = [:]

    mutating func number(of reason: String) -> Int {
        if let number = numbers[reason] { return number }
        numbers[reason] = reasons.count
        reasons.append(reason)
        return reasons.count - 1
    }
}
