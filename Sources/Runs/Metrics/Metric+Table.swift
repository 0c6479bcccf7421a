import Rephoto

extension Metric {
    /// Every metric, in `metrics.csv` column order. Values that are not finite (blur with
    /// nothing selected) become missing.
    public static let table: [Metric] = [
        Metric(
            "coverage", .fraction, .higher, decimals: 3, "coverage (share of slots filled)", kinds: [.capture, .replay],
            capture: { $0.coverage }),
        Metric(
            "max_gap_deg", .degrees, .lower, decimals: 1, "largest gap (most empty slots in a row × slot width)", kinds: [.capture, .replay],
            capture: { $0.maxGapDegrees }),
        Metric(
            "slot_angle_err_mean_deg", .degrees, .lower, decimals: 2, "mean slot angle error", kinds: [.capture, .replay],
            capture: { $0.slotAngleErrorMean }),
        Metric(
            "angle_est_err_mean_deg", .degrees, .lower, decimals: 2, "mean angle estimate error", kinds: [.capture, .replay],
            capture: { $0.angleEstimateErrorMean }),
        Metric(
            "angle_est_err_max_deg", .degrees, .lower, decimals: 2, "largest angle estimate error", kinds: [.capture, .replay],
            capture: { $0.angleEstimateErrorMax }),
        Metric(
            "blur_sel_mean_px", .pixels, .lower, decimals: 2, "centre blur (of the object centre alone), mean of the selected frames",
            kinds: [.capture],
            capture: { $0.blurSelectedMean }),
        Metric(
            "blur_sel_p95_px", .pixels, .lower, decimals: 2, "centre blur, 95th percentile of the selected frames", kinds: [.capture],
            capture: { $0.blurSelected95 }),
        Metric(
            "blur_all_mean_px", .pixels, .lower, decimals: 2, "centre blur, mean of all frames", kinds: [.capture], capture: { $0.blurAllMean }),
        Metric(
            "dev_pitch_mean_deg", .degrees, .lower, decimals: 2, "mean |pitch deviation| of the selected frames", kinds: [.capture, .replay],
            capture: { $0.pitchDeviationMean }),
        Metric(
            "dev_roll_mean_deg", .degrees, .lower, decimals: 2, "mean |roll deviation| of the selected frames", kinds: [.capture, .replay],
            capture: { $0.rollDeviationMean }),
        Metric("frames_total", .count, .none, decimals: 0, "frames", kinds: [.capture, .replay], capture: { Double($0.framesTotal) }),
        Metric(
            "frames_dropped", .count, .lower, decimals: 1, "frames dropped by the queue", kinds: [.capture, .replay],
            capture: { Double($0.framesDropped) }),
        Metric(
            "frames_scored", .count, .none, decimals: 1, "frames scored", kinds: [.capture, .replay], capture: { Double($0.framesScored) }),
        Metric(
            "frames_selected", .count, .none, decimals: 1, "frames selected", kinds: [.capture, .replay],
            capture: { Double($0.framesSelected) }),
        Metric(
            "sync_err_mean_ms", .milliseconds, .lower, decimals: 2, "mean motion–frame sync error", kinds: [.capture],
            capture: { $0.syncErrorMeanMilliseconds }),
        Metric(
            "att_rmse_total_deg", .degrees, .lower, decimals: 2, "attitude RMSE, total", kinds: [.capture, .rephoto],
            capture: { $0.attitudeRMSE.totalDegrees }, rephoto: { $0.attitudeRMSE?.totalDegrees }),
        Metric(
            "att_rmse_heading_deg", .degrees, .lower, decimals: 2, "attitude RMSE, heading", kinds: [.capture, .rephoto],
            capture: { $0.attitudeRMSE.headingDegrees }, rephoto: { $0.attitudeRMSE?.headingDegrees }),
        Metric(
            "att_rmse_incl_deg", .degrees, .lower, decimals: 2, "attitude RMSE, inclination", kinds: [.capture, .rephoto],
            capture: { $0.attitudeRMSE.inclinationDegrees }, rephoto: { $0.attitudeRMSE?.inclinationDegrees }),
        Metric(
            "blur_obj_mean_px", .pixels, .lower, decimals: 2, "blur (over the object), mean of the selected frames", kinds: [.capture],
            capture: { $0.blurObjectSelectedMean }),
        Metric(
            "blur_obj_max_px", .pixels, .lower, decimals: 2, "blur, mean of each selected frame's largest on the object", kinds: [.capture],
            capture: { $0.blurObjectSelectedMax }),
        Metric(
            "blur_obj_all_mean_px", .pixels, .lower, decimals: 2, "blur, mean of all frames", kinds: [.capture],
            capture: { $0.blurObjectAllMean }),
        Metric(
            "kp_err_mean", .percentOfImage, .lower, decimals: 2, "mean key-point error", kinds: [.rephoto],
            rephoto: { $0.table.overall.mean }),
        Metric(
            "kp_err_sd", .percentOfImage, .lower, decimals: 2, "key-point error sd", kinds: [.rephoto],
            rephoto: { $0.table.overall.sampleStandardDeviation }),
        // A replayed session's decisions, which need no ground truth.
        Metric(
            "frames_accepted", .count, .none, decimals: 1, "frames accepted into an empty slot", kinds: [.replay],
            capture: { Double($0.framesAccepted) }),
        Metric(
            "frames_replaced", .count, .none, decimals: 1, "frames that replaced a slot's holder", kinds: [.replay],
            capture: { Double($0.framesReplaced) }),
        Metric(
            "frames_over_threshold", .count, .none, decimals: 1, "frames discarded over the threshold", kinds: [.replay],
            capture: { Double($0.framesOverThreshold) }),
        Metric(
            "frames_worse_than_holder", .count, .none, decimals: 1, "frames discarded as worse than the holder", kinds: [.replay],
            capture: { Double($0.framesWorseThanHolder) }),
        Metric(
            "frames_no_motion", .count, .none, decimals: 1, "frames without motion data", kinds: [.replay],
            capture: { Double($0.framesNoMotion) }),
        Metric(
            "frames_rejected", .count, .none, decimals: 1, "frames the selector rejected", kinds: [.replay],
            capture: { Double($0.framesRejected) }),
        Metric(
            "est_dev_pitch_mean_deg", .degrees, .lower, decimals: 2, "mean |estimated pitch deviation| of the selected frames",
            kinds: [.replay], capture: { $0.estimatedPitchDeviationMean }),
        Metric(
            "est_dev_roll_mean_deg", .degrees, .lower, decimals: 2, "mean |estimated roll deviation| of the selected frames",
            kinds: [.replay], capture: { $0.estimatedRollDeviationMean }),
        Metric(
            "score_sel_mean", .score, .none, decimals: 3, "mean score of the selected frames", kinds: [.replay],
            capture: { $0.scoreSelectedMean }),
        Metric(
            "score_sel_p95", .score, .none, decimals: 3, "95th percentile score of the selected frames", kinds: [.replay],
            capture: { $0.scoreSelected95 }),
        // Per key point of a rephoto scenario: kp_err_mean_<name>, kp_err_sd_<name>.
        Metric("kp_err_mean_", .percentOfImage, .lower, decimals: 2, "mean key-point error", kinds: [.rephoto], keypoint: { $0.mean }),
        Metric(
            "kp_err_sd_", .percentOfImage, .lower, decimals: 2, "key-point error sd", kinds: [.rephoto],
            keypoint: { $0.sampleStandardDeviation }),
    ]

    /// The table in the order tables and figures for people list it: `table` order, except that
    /// the blur over the object (`blur_obj_*`, what "blur" means) comes just before the centre
    /// blur (`blur_sel_*`, `blur_all_mean_px`, the object centre's path alone). Files keep
    /// `table` order, so metrics.csv files written so far stay comparable column by column.
    public static let readingOrder: [Metric] = {
        let objectBlur = table.filter { $0.name.hasPrefix("blur_obj_") }
        var ordered = table.filter { !$0.name.hasPrefix("blur_obj_") }
        let centreBlur = ordered.firstIndex { $0.name == "blur_sel_mean_px" } ?? ordered.endIndex
        ordered.insert(contentsOf: objectBlur, at: centreBlur)
        return ordered
    }()

    /// `columns` sorted into `readingOrder` (a column of no metric keeps its place after the
    /// known ones; ties keep their order).
    public static func inReadingOrder(_ columns: [String]) -> [String] {
        let rank = Dictionary(uniqueKeysWithValues: readingOrder.enumerated().map { ($0.element.name, $0.offset) })
        func position(_ column: String) -> Int { named(column).flatMap { rank[$0.name] } ?? rank.count }
        return columns.enumerated().sorted { (position($0.element), $0.offset) < (position($1.element), $1.offset) }.map(\.element)
    }

    /// The metric of a column: an exact name, or a per-key-point prefix followed by a name.
    public static func named(_ column: String) -> Metric? {
        if let exact = table.first(where: { !$0.isPerKeypoint && $0.name == column }) { return exact }
        return table.first { $0.isPerKeypoint && column.hasPrefix($0.name) && column.count > $0.name.count }
    }

    /// The plain (not per-key-point) names, for help texts and error messages.
    public static var names: [String] { table.filter { !$0.isPerKeypoint }.map(\.name) }

    /// "coverage, max_gap_deg, …, kp_err_mean_<keypoint>, kp_err_sd_<keypoint>".
    public static var nameList: String {
        table.map { $0.isPerKeypoint ? $0.name + "<keypoint>" : $0.name }.joined(separator: ", ")
    }
}
