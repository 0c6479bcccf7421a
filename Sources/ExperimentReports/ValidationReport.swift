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
        let header = [
            "group", "scenario", "trial", "filter", "real_rmse_deg", "real_rank", "is_median_deg", "is_p10_deg", "is_p90_deg", "is_factor",
            "is_inside", "is_rank", "oos_status", "oos_training", "oos_median_deg", "oos_p10_deg", "oos_p90_deg", "oos_factor", "oos_inside",
            "oos_rank", "seeds",
        ]
        return CSVWriter(header: header, rows: metrics.rows) { csv, row in
            let group = run.groups.first { $0.name == row.group }!
            csv.texts([row.group, group.scenario, row.trial, row.filter])
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
        }
    }

    static func prediction(_ prediction: ValidationMetrics.Prediction, into csv: inout CSVWriter) {
        csv.numbers([prediction.median, prediction.low, prediction.high, prediction.factor], decimals: 4)
        csv.bool(prediction.contains)
        csv.integer(prediction.rank)
    }

    /// calibration.csv: per fold every key: centre, width, the 10–90 % range of the draws,
    /// whether it was estimated, and the basis in words.
    public static func calibrationCSV(_ run: ValidationRun) -> CSVWriter {
        let header = [
            "group", "fold", "training", "key", "unit", "value", "scale", "width", "draw_p10", "draw_p90", "estimated", "width_estimated", "basis",
        ]
        let rows = run.folds.flatMap { fold in fold.estimates.map { (fold, $0) } }
        return CSVWriter(header: header, rows: rows) { csv, row in
            let (fold, estimate) = row
            let training = fold.training.map(FoldCalibration.short).joined(separator: " ")
            csv.texts([fold.group, foldName(fold), training, estimate.key.rawValue, estimate.key.unit])
            csv.number(estimate.value, decimals: 5)
            csv.text(estimate.key.scale.rawValue)
            csv.numbers([estimate.width, estimate.range1090.lowerBound, estimate.range1090.upperBound], decimals: 5)
            csv.bool(estimate.isEstimated)
            csv.bool(estimate.isWidthEstimated)
            csv.text(estimate.basis)
        }
    }

    /// predictions.csv: every seed's error per fold and filter, with the keys it drew.
    public static func predictionsCSV(_ run: ValidationRun) throws -> CSVWriter {
        let drawnKeys = CalibrationKey.allCases.filter { key in run.folds.contains { $0.estimates.contains { $0.key == key && $0.width > 0 } } }
        let header = ["group", "fold", "seed"] + run.filters.map { "\($0)_rmse_deg" } + drawnKeys.map(\.rawValue)
        let cells = run.folds.indices.flatMap { fold in run.settings.seeds.indices.map { (fold, $0) } }
        return try CSVWriter(header: header, rows: cells) { csv, cell in
            let (fold, seedIndex) = (run.folds[cell.0], cell.1)
            let drawn = try fold.scenario(forSeed: run.settings.seeds[seedIndex])
            csv.texts([fold.group, foldName(fold)])
            csv.integer(run.settings.seeds[seedIndex])
            csv.numbers(run.filters.indices.map { run.predicted[cell.0][$0][seedIndex] }, decimals: 4)
            csv.numbers(drawnKeys.map { key in key.value(in: drawn) }, decimals: 5)
        }
    }

    /// "in sample" or "without 05".
    public static func foldName(_ fold: FoldCalibration) -> String {
        fold.heldOut.map { "without \(FoldCalibration.short($0))" } ?? "in sample"
    }

    /// trials.csv: the statistics every trial's keys come from ("real") and the same
    /// statistics of its fitted scenario's first fit seed ("simulated").
    public static func trialsCSV(_ run: ValidationRun) -> CSVWriter {
        let header = [
            "trial", "group", "source", "duration_s", "lead_in_s", "motion_s", "lead_out_s", "breaks", "break_mean_s", "bias_x_dps",
            "bias_y_dps", "bias_z_dps", "tilt_rms_deg", "vertical_rate_p50_dps", "horizontal_rate_p50_dps", "acc_axis_share_body",
            "acc_axis_share_earth", "acc_axis_x", "acc_axis_y", "acc_axis_z", "lever_x_m", "lever_y_m", "lever_z_m", "reference_delay_ms",
            "magnetometer_delay_ms",
            "rest_share", "rate_p50_dps", "rate_p90_dps", "acc_excess_p50_m_s2", "acc_excess_p90_m_s2",
            "body_field_ut", "body_field_on_s", "body_field_off_s",
        ]
        let rows = run.fits.flatMap { fit in [(fit.trial, "real", fit.statistics), (fit.trial, "simulated", fit.simulated)] }
        return CSVWriter(header: header, rows: rows) { csv, row in
            let (trial, source, s) = row
            csv.texts([trial, run.groups.first { $0.trials.contains(trial) }?.name ?? "", source])
            csv.numbers([s.duration, s.leadIn, s.motionDuration, s.leadOut], decimals: 3)
            csv.integer(s.breaks.count)
            csv.number(s.breaks.isEmpty ? nil : s.breaks.reduce(0, +) / Double(s.breaks.count), decimals: 3)
            let bias = s.gyroscopeBias.map { $0 * Angles.degrees(1) }
            csv.numbers([bias?.x, bias?.y, bias?.z], decimals: 5)
            csv.numbers([s.tiltRMS.map(Angles.degrees), s.verticalRate, s.horizontalRate], decimals: 3)
            csv.numbers([s.accelerationShape?.bodyShare, s.accelerationShape?.earthShare], decimals: 4)
            let axis = s.accelerationShape?.bodyAxis
            csv.numbers([axis?.x, axis?.y, axis?.z], decimals: 3)
            csv.numbers([s.leverArm?.x, s.leverArm?.y, s.leverArm?.z], decimals: 4)
            csv.number(s.referenceDelay.map { $0 * 1000 }, decimals: 2)
            csv.number(s.magnetometerDelay.map { $0 * 1000 }, decimals: 2)
            csv.number(s.motion.restFraction, decimals: 4)
            csv.numbers([s.motion.rotationRate.p50, s.motion.rotationRate.p90], decimals: 3)
            csv.numbers([s.motion.accelerationExcess.p50, s.motion.accelerationExcess.p90], decimals: 4)
            csv.numbers([s.bodyField?.field.norm, s.bodyField?.onset, s.bodyField?.offset], decimals: 3)
        }
    }

    /// fits.csv: every trial's fitted keys with the statistic each matched, real and simulated.
    public static func fitsCSV(_ run: ValidationRun) -> CSVWriter {
        let rows = run.fits.flatMap { fit in fit.values.keys.sorted().map { (fit, $0) } }
        return CSVWriter(header: ["trial", "key", "unit", "value", "statistic", "real", "simulated"], rows: rows) { csv, row in
            let (fit, key) = row
            let match = fit.matches.first { $0.key == key }
            csv.texts([fit.trial, key.rawValue, key.unit])
            csv.number(fit.values[key]!, decimals: 5)
            csv.text(match?.statistic ?? "measured directly")
            csv.numbers([match?.real, match?.simulated], decimals: 4)
        }
    }

    /// The resolved scenario of a fold (every key at its centre, the width each seed draws it
    /// from under `spread:`, the run's prediction seeds), named for its file.
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
