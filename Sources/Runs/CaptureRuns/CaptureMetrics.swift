import Capture
import StatisticsKit

/// The per-seed capture metrics; `RunMetrics` names them (the metrics.csv columns).
public struct CaptureMetrics: Sendable, Equatable, Codable {
    public var coverage: Double
    /// The largest gap (`SlotGap`): the most empty slots in a row × the slot width, degrees;
    /// 0 when every slot is filled, 360 when none is.
    public var maxGapDegrees: Double
    public var slotAngleErrorMean: Double
    public var angleEstimateErrorMean: Double
    public var angleEstimateErrorMax: Double
    public var blurSelectedMean: Double
    public var blurSelected95: Double
    public var blurAllMean: Double
    /// Physical blur (`FrameRecord.objectBlurMean`/`objectBlurMax`): mean over the selected
    /// frames of each frame's object mean and object maximum, and the object mean over all
    /// frames, px.
    public var blurObjectSelectedMean: Double
    public var blurObjectSelectedMax: Double
    public var blurObjectAllMean: Double
    public var pitchDeviationMean: Double
    public var rollDeviationMean: Double
    public var framesTotal: Int
    public var framesDropped: Int
    public var framesScored: Int
    public var framesSelected: Int
    public var syncErrorMeanMilliseconds: Double
    /// Frames by the selector's decision (the kept/discarded reasons of frames.csv).
    public var framesAccepted: Int
    public var framesReplaced: Int
    public var framesOverThreshold: Int
    public var framesWorseThanHolder: Int
    public var framesNoMotion: Int
    /// Frames a selector discarded for a reason of its own (`FrameOutcome.rejected`).
    public var framesRejected: Int
    /// Mean |pitch| and |roll| deviation of the selected frames as the selector estimated them, degrees.
    public var estimatedPitchDeviationMean: Double
    public var estimatedRollDeviationMean: Double
    /// Mean and 95th percentile of the selected frames' scores.
    public var scoreSelectedMean: Double
    public var scoreSelected95: Double
    public var attitudeRMSE: AttitudeRMSE

    /// Metrics from the frames and slots of one run.
    public init(frames: some Sequence<FrameRecord>, slots: [SlotRecord], slotWidth: Double, attitudeRMSE: AttitudeRMSE) {
        var tally = FrameTally()
        for frame in frames { tally.add(frame) }
        self.init(tally: tally, slots: slots, slotWidth: slotWidth, attitudeRMSE: attitudeRMSE)
    }

    /// Metrics from a run's frames as counted one by one (`FrameTally`) and its slots.
    public init(tally: FrameTally, slots: [SlotRecord], slotWidth: Double, attitudeRMSE: AttitudeRMSE) {
        let filled = slots.filter { $0.entry != nil }
        coverage = Double(filled.count) / Double(max(slots.count, 1))
        maxGapDegrees = SlotGap.largest(empty: slots.map { $0.entry == nil })?.degrees(slotWidth: slotWidth) ?? 0
        slotAngleErrorMean = Statistics.mean(filled.compactMap(\.slotAngleError))
        let selectedFrames = filled.compactMap(\.frame)
        let angleErrors = selectedFrames.compactMap(\.angleError).map(abs)
        angleEstimateErrorMean = Statistics.mean(angleErrors)
        angleEstimateErrorMax = angleErrors.max() ?? .nan
        let selectedBlur = selectedFrames.compactMap(\.blur)
        blurSelectedMean = Statistics.mean(selectedBlur)
        blurSelected95 = Statistics.percentile(selectedBlur, 95)
        blurAllMean = tally.blur.value
        blurObjectSelectedMean = Statistics.mean(selectedFrames.compactMap(\.objectBlurMean))
        blurObjectSelectedMax = Statistics.mean(selectedFrames.compactMap(\.objectBlurMax))
        blurObjectAllMean = tally.objectBlurMean.value
        pitchDeviationMean = Statistics.mean(selectedFrames.compactMap { $0.truePose.map { abs($0.pitchDeviation) } })
        rollDeviationMean = Statistics.mean(selectedFrames.compactMap { $0.truePose.map { abs($0.rollDeviation) } })
        framesTotal = tally.frames
        framesDropped = tally.dropped
        framesScored = tally.scored
        framesSelected = filled.count
        syncErrorMeanMilliseconds = tally.syncError.value * 1000
        framesAccepted = tally.accepted
        framesReplaced = tally.replaced
        framesOverThreshold = tally.overThreshold
        framesWorseThanHolder = tally.worseThanHolder
        framesNoMotion = tally.noMotion
        framesRejected = tally.rejected
        let entries = filled.compactMap(\.entry)
        estimatedPitchDeviationMean = Statistics.mean(entries.map { abs($0.pose.pitchDeviation) })
        estimatedRollDeviationMean = Statistics.mean(entries.map { abs($0.pose.rollDeviation) })
        scoreSelectedMean = Statistics.mean(entries.map(\.score))
        scoreSelected95 = Statistics.percentile(entries.map(\.score), 95)
        self.attitudeRMSE = attitudeRMSE
    }
}
