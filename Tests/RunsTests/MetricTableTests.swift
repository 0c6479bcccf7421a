import Foundation
import Runs
import StatisticsKit
import Testing

@Suite struct MetricTableTests {
    /// Every field of CaptureMetrics gets a different value; each column must carry the field
    /// the hand-written map below names (a mislabelled column would swap two values).
    @Test func columnsCarryTheirFields() {
        var metrics = CaptureMetrics(
            frames: [], slots: [], slotWidth: 5, attitudeRMSE: AttitudeRMSE(estimates: [], truths: [], include: { _ in true }))
        metrics.coverage = 0.5
        metrics.maxGapDegrees = 2
        metrics.slotAngleErrorMean = 3
        metrics.angleEstimateErrorMean = 4
        metrics.angleEstimateErrorMax = 5
        metrics.blurSelectedMean = 6
        metrics.blurSelected95 = 7
        metrics.blurAllMean = 8
        metrics.pitchDeviationMean = 9
        metrics.rollDeviationMean = 10
        metrics.framesTotal = 11
        metrics.framesDropped = 12
        metrics.framesScored = 13
        metrics.framesSelected = 14
        metrics.syncErrorMeanMilliseconds = 15
        metrics.attitudeRMSE.totalDegrees = 16
        metrics.attitudeRMSE.headingDegrees = 17
        metrics.attitudeRMSE.inclinationDegrees = 18
        metrics.framesAccepted = 21
        metrics.framesReplaced = 22
        metrics.framesOverThreshold = 23
        metrics.framesWorseThanHolder = 24
        metrics.framesNoMotion = 25
        metrics.framesRejected = 26
        metrics.estimatedPitchDeviationMean = 27
        metrics.estimatedRollDeviationMean = 28
        metrics.scoreSelectedMean = 29
        metrics.scoreSelected95 = .nan
        metrics.blurObjectSelectedMean = 30
        metrics.blurObjectSelectedMax = 31
        metrics.blurObjectAllMean = 32
        let expected: [String: Double?] = [
            "coverage": 0.5, "max_gap_deg": 2, "slot_angle_err_mean_deg": 3, "angle_est_err_mean_deg": 4, "angle_est_err_max_deg": 5,
            "blur_sel_mean_px": 6, "blur_sel_p95_px": 7, "blur_all_mean_px": 8, "dev_pitch_mean_deg": 9, "dev_roll_mean_deg": 10,
            "frames_total": 11, "frames_dropped": 12, "frames_scored": 13, "frames_selected": 14, "sync_err_mean_ms": 15,
            "att_rmse_total_deg": 16, "att_rmse_heading_deg": 17, "att_rmse_incl_deg": 18,
            "frames_accepted": 21, "frames_replaced": 22, "frames_over_threshold": 23, "frames_worse_than_holder": 24,
            "frames_no_motion": 25, "frames_rejected": 26, "est_dev_pitch_mean_deg": 27, "est_dev_roll_mean_deg": 28,
            "score_sel_mean": 29, "score_sel_p95": nil,  // NaN becomes missing
            "blur_obj_mean_px": 30, "blur_obj_max_px": 31, "blur_obj_all_mean_px": 32,
        ]
        let all = RunMetrics.captureColumns + RunMetrics.replayColumns.filter { !RunMetrics.captureColumns.contains($0) }
        #expect(Set(all) == Set(expected.keys))
        let run = RunMetrics(metrics, columns: all)
        for column in all { #expect(run[column] == expected[column]!, "\(column)") }
    }

    @Test func tableIsConsistent() {
        let names = Metric.table.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(Metric.named("coverage")?.better == .higher && Metric.named("blur_sel_mean_px")?.better == .lower)
        #expect(Metric.named("frames_total")?.better == MetricDirection.none)
        #expect(Metric.named("kp_err_mean_P3")?.label(ofColumn: "kp_err_mean_P3") == "mean key-point error of P3 (% of image)")
        #expect(Metric.named("kp_err_mean_") == nil && Metric.named("sharpness") == nil)
        #expect(Metric.named("blur_sel_p95_px")?.label == "centre blur, 95th percentile of the selected frames (px)")
        // Counts are written whole, everything else with 4 decimals.
        for metric in Metric.table { #expect((metric.unit == .count) == (metric.unit.fileDecimals == 0), "\(metric.name)") }
        // The capture columns keep the order of metrics.csv files written so far (the baseline),
        // new ones appended; key-point errors are rephoto columns only.
        #expect(
            RunMetrics.captureColumns == [
                "coverage", "max_gap_deg", "slot_angle_err_mean_deg", "angle_est_err_mean_deg", "angle_est_err_max_deg",
                "blur_sel_mean_px", "blur_sel_p95_px", "blur_all_mean_px", "dev_pitch_mean_deg", "dev_roll_mean_deg",
                "frames_total", "frames_dropped", "frames_scored", "frames_selected", "sync_err_mean_ms",
                "att_rmse_total_deg", "att_rmse_heading_deg", "att_rmse_incl_deg", "blur_obj_mean_px", "blur_obj_max_px",
                "blur_obj_all_mean_px",
            ])
    }
}
