import Foundation
import ReportIO
import Scenarios

/// The metrics of one (scenario, seed) run by name — the one metric table: the columns of
/// `metrics.csv`, the values `sweep`, `tune` and `regress` work on.
public struct RunMetrics: Sendable, Equatable {
    public var names: [String]
    /// `nil` where a metric does not apply or is undefined (e.g. blur with nothing selected).
    public var values: [Double?]

    public init(names: [String], values: [Double?]) {
        precondition(names.count == values.count)
        self.names = names
        self.values = values
    }

    public subscript(name: String) -> Double? {
        names.firstIndex(of: name).flatMap { values[$0] }
    }

    /// The shared columns, in `metrics.csv` order.
    public static let sharedColumns = [
        "coverage", "max_gap_deg", "slot_angle_err_mean_deg", "angle_est_err_mean_deg", "angle_est_err_max_deg",
        "blur_sel_mean_px", "blur_sel_p95_px", "blur_all_mean_px", "dev_pitch_mean_deg", "dev_roll_mean_deg",
        "frames_total", "frames_dropped", "frames_scored", "frames_selected", "sync_err_mean_ms",
        "att_rmse_total_deg", "att_rmse_heading_deg", "att_rmse_incl_deg", "kp_err_mean", "kp_err_sd",
    ]

    /// The columns of a replayed session (`replay`): what needs no ground truth first, then
    /// the truth-based ones (empty unless the log has reference poses).
    public static let replayColumns = [
        "coverage", "max_gap_deg", "frames_total", "frames_dropped", "frames_scored", "frames_selected",
        "frames_accepted", "frames_replaced", "frames_over_threshold", "frames_worse_than_holder", "frames_no_motion",
        "frames_rejected", "est_dev_pitch_mean_deg", "est_dev_roll_mean_deg", "score_sel_mean", "score_sel_p95",
        "slot_angle_err_mean_deg", "angle_est_err_mean_deg", "angle_est_err_max_deg", "dev_pitch_mean_deg", "dev_roll_mean_deg",
    ]

    /// Counts, written without decimals.
    public static let integerColumns: Set<String> = [
        "frames_total", "frames_dropped", "frames_scored", "frames_selected",
        "frames_accepted", "frames_replaced", "frames_over_threshold", "frames_worse_than_holder", "frames_no_motion", "frames_rejected",
    ]

    /// The columns a scenario produces: the shared ones, plus the mean and sd per key point
    /// for a rephoto study.
    public static func columns(for scenario: Scenario) -> [String] {
        switch scenario.kind {
        case .capture: return sharedColumns
        case .rephoto: return sharedColumns + scenario.rephoto.keypoints.flatMap { ["kp_err_mean_\($0.name)", "kp_err_sd_\($0.name)"] }
        }
    }

    /// What a metric is, in words with its unit, for plot labels ("mean blur of the selected
    /// frames (px)"); the name itself for a metric without a description.
    public static func label(of name: String) -> String {
        let labels: [String: String] = [
            "coverage": "coverage (share of slots filled)", "max_gap_deg": "longest gap of empty slots (°)",
            "slot_angle_err_mean_deg": "mean slot angle error (°)", "angle_est_err_mean_deg": "mean angle estimate error (°)",
            "angle_est_err_max_deg": "largest angle estimate error (°)", "blur_sel_mean_px": "mean blur of the selected frames (px)",
            "blur_sel_p95_px": "95th percentile blur of the selected frames (px)", "blur_all_mean_px": "mean blur of all frames (px)",
            "dev_pitch_mean_deg": "mean |pitch deviation| of the selected frames (°)",
            "dev_roll_mean_deg": "mean |roll deviation| of the selected frames (°)",
            "frames_total": "frames", "frames_dropped": "frames dropped by the queue", "frames_scored": "frames scored",
            "frames_selected": "frames selected", "sync_err_mean_ms": "mean motion–frame sync error (ms)",
            "att_rmse_total_deg": "attitude RMSE, total (°)", "att_rmse_heading_deg": "attitude RMSE, heading (°)",
            "att_rmse_incl_deg": "attitude RMSE, inclination (°)", "kp_err_mean": "mean key-point error (% of image)",
            "kp_err_sd": "key-point error sd (% of image)", "score_sel_mean": "mean score of the selected frames",
            "est_dev_pitch_mean_deg": "mean |estimated pitch deviation| (°)", "est_dev_roll_mean_deg": "mean |estimated roll deviation| (°)",
        ]
        if let label = labels[name] { return label }
        if name.hasPrefix("kp_err_mean_") { return "mean key-point error of \(name.dropFirst(12)) (% of image)" }
        return name
    }

    /// Which way a metric should move; per-key-point errors like `kp_err_mean`.
    public static func direction(of name: String) -> MetricDirection {
        switch name {
        case "coverage": return .higher
        case "frames_total", "frames_scored", "frames_selected", "frames_accepted", "frames_replaced", "frames_over_threshold",
            "frames_worse_than_holder", "frames_no_motion", "frames_rejected", "score_sel_mean", "score_sel_p95":
            return .none
        default: return .lower
        }
    }

    /// Whether `name` is a metric some scenario can produce.
    public static func isKnown(_ name: String) -> Bool {
        sharedColumns.contains(name) || replayColumns.contains(name) || name.hasPrefix("kp_err_mean_") || name.hasPrefix("kp_err_sd_")
    }
}

extension RunMetrics {
    /// A capture run's metrics.
    public init(_ metrics: CaptureMetrics) {
        let finite: (Double) -> Double? = { $0.isFinite ? $0 : nil }
        self.init(
            names: Self.sharedColumns,
            values: [
                metrics.coverage, metrics.maxGapDegrees, finite(metrics.slotAngleErrorMean), finite(metrics.angleEstimateErrorMean),
                finite(metrics.angleEstimateErrorMax), finite(metrics.blurSelectedMean), finite(metrics.blurSelected95),
                finite(metrics.blurAllMean), finite(metrics.pitchDeviationMean), finite(metrics.rollDeviationMean),
                Double(metrics.framesTotal), Double(metrics.framesDropped), Double(metrics.framesScored), Double(metrics.framesSelected),
                finite(metrics.syncErrorMeanMilliseconds), finite(metrics.attitudeRMSE.totalDegrees),
                finite(metrics.attitudeRMSE.headingDegrees), finite(metrics.attitudeRMSE.inclinationDegrees),
                metrics.keypointErrorMean.flatMap(finite), metrics.keypointErrorSD.flatMap(finite),
            ])
    }

    /// A capture run's metrics under `columns` (e.g. `replayColumns`).
    public init(_ metrics: CaptureMetrics, columns: [String]) {
        let all = RunMetrics(metrics)
        let finite: (Double) -> Double? = { $0.isFinite ? $0 : nil }
        let extra: [String: Double?] = [
            "frames_accepted": Double(metrics.framesAccepted), "frames_replaced": Double(metrics.framesReplaced),
            "frames_over_threshold": Double(metrics.framesOverThreshold), "frames_worse_than_holder": Double(metrics.framesWorseThanHolder),
            "frames_no_motion": Double(metrics.framesNoMotion), "frames_rejected": Double(metrics.framesRejected),
            "est_dev_pitch_mean_deg": finite(metrics.estimatedPitchDeviationMean),
            "est_dev_roll_mean_deg": finite(metrics.estimatedRollDeviationMean),
            "score_sel_mean": finite(metrics.scoreSelectedMean), "score_sel_p95": finite(metrics.scoreSelected95),
        ]
        self.init(names: columns, values: columns.map { extra[$0] ?? all[$0] })
    }

    /// A rephoto study's metrics: capture columns empty, key-point errors over every distance
    /// of the seed (sample sd), fusion accuracy over the users' sessions, then per key point.
    public init(_ result: RephotoStudyResult) {
        let finite: (Double) -> Double? = { $0.isFinite ? $0 : nil }
        let overall = result.table.overall
        var values = [Double?](repeating: nil, count: Self.sharedColumns.count)
        func set(_ name: String, _ value: Double?) { values[Self.sharedColumns.firstIndex(of: name)!] = value.flatMap(finite) }
        set("att_rmse_total_deg", result.attitudeRMSE?.totalDegrees)
        set("att_rmse_heading_deg", result.attitudeRMSE?.headingDegrees)
        set("att_rmse_incl_deg", result.attitudeRMSE?.inclinationDegrees)
        set("kp_err_mean", overall.mean)
        set("kp_err_sd", overall.sampleStandardDeviation)
        var names = Self.sharedColumns
        for (name, spread) in zip(result.keypointNames, result.table.perKeypoint) {
            names += ["kp_err_mean_\(name)", "kp_err_sd_\(name)"]
            values += [finite(spread.mean), finite(spread.sampleStandardDeviation)]
        }
        self.init(names: names, values: values)
    }

    /// Runs one seed of any scenario and returns its metrics.
    public static func evaluate(_ scenario: Scenario, seed: UInt64) throws -> RunMetrics {
        switch scenario.kind {
        case .capture: return RunMetrics(try CaptureRunner.run(scenario, seed: seed).metrics)
        case .rephoto: return RunMetrics(try RephotoStudy.run(scenario, seed: seed))
        }
    }
}

extension CSVWriter {
    /// Appends `metrics` in the order of `columns` (integers without decimals, 4 decimals
    /// otherwise, empty where missing).
    public mutating func metrics(_ metrics: RunMetrics, columns: [String]) {
        for column in columns {
            let value = metrics[column]
            if RunMetrics.integerColumns.contains(column), let value { integer(Int(value)) } else { number(value, decimals: 4) }
        }
    }
}
