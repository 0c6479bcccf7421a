import Experiments
import Foundation
import OrbitMath
import ReportIO
import Scenarios
import ReportFormats

/// The files and console text of `orbitbench validate`: validation.csv (one row per group ×
/// trial × filter), calibration.csv (every key of every fold with its width and basis),
/// trials.csv (the statistics each trial was calibrated from), fits.csv (how well the fitted
/// statistics match), one resolved scenario per fold, the console table and the summary.
public enum ValidationReport {
    /// validation.csv: real error, in-sample and out-of-sample prediction per group × trial ×
    /// filter. Byte-identical for the same trials and settings.
    public static func csv(_ metrics: ValidationMetrics, run: ValidationRun) -> CSVWriter {
        var csv = CSVWriter(header: [
            "group", "scenario", "trial", "filter", "real_rmse_deg", "real_rank", "is_median_deg", "is_p10_deg", "is_p90_deg", "is_factor",
            "is_inside", "is_rank", "oos_status", "oos_training", "oos_median_deg", "oos_p10_deg", "oos_p90_deg", "oos_factor", "oos_inside",
            "oos_rank", "seeds",
        ])
        for row in metrics.rows {
            let group = run.groups.first { $0.name == row.group }!
            csv.text(row.group)
            csv.text(group.scenario)
            csv.text(row.trial)
            csv.text(row.filter)
            csv.number(row.real, decimals: 4)
            csv.integer(row.realRank)
            prediction(row.inSample, into: &csv)
            if let outside = row.outOfSample {
                csv.text("predicted")
                csv.text(group.trials.filter { $0 != row.trial }.map(FoldCalibration.short).joined(separator: " "))
                prediction(outside, into: &csv)
            } else {
                csv.text("one trial")
                for _ in 0..<7 { csv.empty() }
            }
            csv.integer(run.settings.seeds.count)
            csv.endRow()
        }
        return csv
    }

    static func prediction(_ prediction: ValidationMetrics.Prediction, into csv: inout CSVWriter) {
        csv.number(prediction.median, decimals: 4)
        csv.number(prediction.low, decimals: 4)
        csv.number(prediction.high, decimals: 4)
        csv.number(prediction.factor, decimals: 4)
        csv.bool(prediction.contains)
        csv.integer(prediction.rank)
    }

    /// calibration.csv: per fold every key: centre, width, the 10–90 % range of the draws,
    /// whether it was estimated, and the basis in words.
    public static func calibrationCSV(_ run: ValidationRun) -> CSVWriter {
        var csv = CSVWriter(header: [
            "group", "fold", "training", "key", "unit", "value", "scale", "width", "draw_p10", "draw_p90", "estimated", "width_estimated", "basis",
        ])
        for fold in run.folds {
            for estimate in fold.estimates {
                csv.text(fold.group)
                csv.text(foldName(fold))
                csv.text(fold.training.map(FoldCalibration.short).joined(separator: " "))
                csv.text(estimate.key.rawValue)
                csv.text(estimate.key.unit)
                csv.number(estimate.value, decimals: 5)
                csv.text(estimate.key.scale.rawValue)
                csv.number(estimate.width, decimals: 5)
                csv.number(estimate.range1090.lowerBound, decimals: 5)
                csv.number(estimate.range1090.upperBound, decimals: 5)
                csv.bool(estimate.isEstimated)
                csv.bool(estimate.isWidthEstimated)
                csv.text(estimate.basis)
                csv.endRow()
            }
        }
        return csv
    }

    /// predictions.csv: every seed's error per fold and filter, with the keys it drew.
    public static func predictionsCSV(_ run: ValidationRun) throws -> CSVWriter {
        let drawnKeys = CalibrationKey.allCases.filter { key in run.folds.contains { $0.estimates.contains { $0.key == key && $0.width > 0 } } }
        var csv = CSVWriter(header: ["group", "fold", "seed"] + run.filters.map { "\($0)_rmse_deg" } + drawnKeys.map(\.rawValue))
        for (foldIndex, fold) in run.folds.enumerated() {
            for (seedIndex, seed) in run.settings.seeds.enumerated() {
                let drawn = try fold.scenario(forSeed: seed)
                csv.text(fold.group)
                csv.text(foldName(fold))
                csv.integer(seed)
                for filter in run.filters.indices { csv.number(run.predicted[foldIndex][filter][seedIndex], decimals: 4) }
                for key in drawnKeys { csv.number(key.value(in: drawn), decimals: 5) }
                csv.endRow()
            }
        }
        return csv
    }

    /// "in sample" or "without 05".
    public static func foldName(_ fold: FoldCalibration) -> String {
        fold.heldOut.map { "without \(FoldCalibration.short($0))" } ?? "in sample"
    }

    /// trials.csv: the statistics every trial's keys come from ("real") and the same
    /// statistics of its fitted scenario's first fit seed ("simulated").
    public static func trialsCSV(_ run: ValidationRun) -> CSVWriter {
        var csv = CSVWriter(header: [
            "trial", "group", "source", "duration_s", "lead_in_s", "motion_s", "lead_out_s", "breaks", "break_mean_s", "bias_x_dps",
            "bias_y_dps", "bias_z_dps", "tilt_rms_deg", "vertical_rate_p50_dps", "horizontal_rate_p50_dps", "acc_axis_share_body",
            "acc_axis_share_earth", "acc_axis_x", "acc_axis_y", "acc_axis_z", "lever_x_m", "lever_y_m", "lever_z_m", "reference_delay_ms",
            "rest_share", "rate_p50_dps", "rate_p90_dps", "acc_excess_p50_m_s2", "acc_excess_p90_m_s2",
            "body_field_ut", "body_field_on_s", "body_field_off_s",
        ])
        for fit in run.fits {
            for (source, s) in [("real", fit.statistics), ("simulated", fit.simulated)] {
                csv.text(fit.trial)
                csv.text(run.groups.first { $0.trials.contains(fit.trial) }?.name ?? "")
                csv.text(source)
                for value in [s.duration, s.leadIn, s.motionDuration, s.leadOut] { csv.number(value, decimals: 3) }
                csv.integer(s.breaks.count)
                csv.number(s.breaks.isEmpty ? nil : s.breaks.reduce(0, +) / Double(s.breaks.count), decimals: 3)
                let bias = s.gyroscopeBias.map { $0 * Angles.degrees(1) }
                for value in [bias?.x, bias?.y, bias?.z] { csv.number(value, decimals: 5) }
                csv.number(s.tiltRMS.map(Angles.degrees), decimals: 3)
                csv.number(s.verticalRate, decimals: 3)
                csv.number(s.horizontalRate, decimals: 3)
                csv.number(s.accelerationShape?.bodyShare, decimals: 4)
                csv.number(s.accelerationShape?.earthShare, decimals: 4)
                let axis = s.accelerationShape?.bodyAxis
                for value in [axis?.x, axis?.y, axis?.z] { csv.number(value, decimals: 3) }
                for value in [s.leverArm?.x, s.leverArm?.y, s.leverArm?.z] { csv.number(value, decimals: 4) }
                csv.number(s.referenceDelay.map { $0 * 1000 }, decimals: 2)
                csv.number(s.motion.restFraction, decimals: 4)
                for value in [s.motion.rotationRate.p50, s.motion.rotationRate.p90] { csv.number(value, decimals: 3) }
                for value in [s.motion.accelerationExcess.p50, s.motion.accelerationExcess.p90] { csv.number(value, decimals: 4) }
                csv.number(s.bodyField?.field.norm, decimals: 3)
                csv.number(s.bodyField?.onset, decimals: 3)
                csv.number(s.bodyField?.offset, decimals: 3)
                csv.endRow()
            }
        }
        return csv
    }

    /// fits.csv: every trial's fitted keys with the statistic each matched, real and simulated.
    public static func fitsCSV(_ run: ValidationRun) -> CSVWriter {
        var csv = CSVWriter(header: ["trial", "key", "unit", "value", "statistic", "real", "simulated"])
        for fit in run.fits {
            for key in fit.values.keys.sorted() {
                let match = fit.matches.first { $0.key == key }
                csv.text(fit.trial)
                csv.text(key.rawValue)
                csv.text(key.unit)
                csv.number(fit.values[key]!, decimals: 5)
                csv.text(match?.statistic ?? "measured directly")
                csv.number(match?.real, decimals: 4)
                csv.number(match?.simulated, decimals: 4)
                csv.endRow()
            }
        }
        return csv
    }

    /// The resolved scenario of a fold (every key at its centre), named for its file.
    public static func scenarioFile(_ fold: FoldCalibration) -> (path: String, yaml: String) {
        let name = fold.group.replacingOccurrences(of: " ", with: "-") + "-" + foldName(fold).replacingOccurrences(of: " ", with: "-")
        var text = "# \(fold.scenario.name) calibrated by `orbitbench validate` on \(fold.training.joined(separator: ", ")).\n"
        text += "# Each key's estimate, its width per seed and their basis: calibration.csv (fold \"\(foldName(fold))\").\n"
        return ("scenarios/\(name).yaml", text + ScenarioLoader.yaml(for: fold.scenario))
    }

    static func degrees(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "–" }
        return String(format: value >= 10 ? "%.1f" : "%.2f", value)
    }

    static func factor(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "–" }
        return String(format: "%.2f", value) + (ValidationMetrics.isWithin(value) ? "" : "✗")
    }

    /// The console table (at most 120 columns): per trial and filter the real error, the
    /// in-sample and out-of-sample median prediction with its factor, and whether the real
    /// error is inside the 10–90 % seed interval.
    public static func table(_ metrics: ValidationMetrics) -> String {
        TextTable.render(header: trialHeader, rows: trialRows(metrics))
    }

    static let trialHeader = ["group", "trial", "filter", "real°", "IS°", "IS f", "IS in", "OOS°", "OOS 10–90%", "OOS f", "OOS in"]

    static func trialRows(_ metrics: ValidationMetrics) -> [[String]] {
        metrics.rows.map { row -> [String] in
            let outside = row.outOfSample
            return [
                row.group, FoldCalibration.short(row.trial), row.filter, degrees(row.real), degrees(row.inSample.median),
                factor(row.inSample.factor), row.inSample.contains ? "yes" : "no", degrees(outside?.median),
                outside.map { "\(degrees($0.low))–\(degrees($0.high))" } ?? "one trial", factor(outside?.factor),
                outside.map { $0.contains ? "yes" : "no" } ?? "–",
            ]
        }
    }

    /// Group × filter means (real, in sample, out of sample) with factors, as a text table.
    public static func groupTable(_ metrics: ValidationMetrics) -> String {
        TextTable.render(header: ["group", "trials", "filter", "real°", "IS°", "IS f", "OOS°", "OOS f"], rows: groupRows(metrics))
    }

    /// The cells of the group × filter table (console and page).
    static func groupRows(_ metrics: ValidationMetrics) -> [[String]] {
        metrics.groupFilters.map { cell -> [String] in
            [
                cell.group, String(cell.trials), cell.filter, degrees(cell.real), degrees(cell.inSample), factor(cell.inSample / cell.real),
                degrees(cell.outOfSample), factor(cell.outOfSample.map { $0 / cell.real }),
            ]
        }
    }

    /// Said where a count needs two trials of a group and no group has them.
    static let noPairs = "none (no group has two trials)"

    /// The headline lines: factors within 1.5, ranking and best filter, calibration score,
    /// groups of one trial, trials left out.
    public static func summary(_ metrics: ValidationMetrics, run: ValidationRun) -> [String] {
        let factors = metrics.factorCounts, trialFactors = metrics.trialFactorCounts, agreement = metrics.agreementCounts
        let limit = String(format: "%g", ValidationMetrics.factorLimit)
        func outside(_ count: Int, of total: Int) -> String { total > 0 ? "\(count) of \(total)" : noPairs }
        var lines = [
            "Group × filter factors (mean predicted median / mean real) within \(limit): in sample \(factors.inSample) of \(factors.inSampleOf), "
                + "out of sample \(outside(factors.outOfSample, of: factors.outOfSampleOf)); trial × filter: in sample \(trialFactors.inSample) of "
                + "\(trialFactors.inSampleOf), out of sample \(outside(trialFactors.outOfSample, of: trialFactors.outOfSampleOf)).",
            "Full ranking of the filters agrees: in sample \(agreement.inSample.ranking) of \(agreement.inSample.of) groups, "
                + "out of sample \(outside(agreement.outOfSample.ranking, of: agreement.outOfSample.of)); best filter: in sample "
                + "\(agreement.inSample.best) of \(agreement.inSample.of), out of sample \(outside(agreement.outOfSample.best, of: agreement.outOfSample.of)).",
            "Calibration score (real error inside the seeds' 10–90 % interval; target about 80 %): out of sample "
                + score(metrics.outOfSampleScore) + "; in sample " + score(metrics.inSampleScore) + ".",
        ]
        let single = run.groups.filter { $0.trials.count == 1 }
        if !single.isEmpty {
            lines.append(
                "One trial, so no out-of-sample check: "
                    + single.map { "\($0.name) (\(FoldCalibration.short($0.trials[0])))" }.joined(separator: ", ") + ".")
        }
        for skipped in run.skipped { lines.append("Left out: \(skipped.trial): \(skipped.reason).") }
        return lines
    }

    static func score(_ score: ValidationMetrics.Score) -> String {
        guard score.count > 0 else { return noPairs }
        return "\(score.inside) of \(score.count) (\(Int((score.share * 100).rounded())) %: \(score.verdict))"
    }
}
