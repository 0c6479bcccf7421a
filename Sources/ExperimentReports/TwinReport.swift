import Foundation
import OrbitMath
import Plotting
import ReportFormats
import ReportIO
import Twin

/// `fusion --recording … --twin`: twin.csv, its console table and plots/twin.png.
public enum TwinReport {
    /// twin.csv: one row per trial and filter (`TwinComparison.columns`).
    public static func csv(_ comparison: TwinComparison) -> CSVWriter {
        var csv = CSVWriter(header: TwinComparison.columns)
        for row in comparison.rows {
            csv.text(row.trial)
            csv.text(row.filter)
            for value in [row.real, row.mean, row.p10, row.p90] { csv.number(value, decimals: 4) }
            csv.number(row.factor, decimals: 3)
            csv.endRow()
        }
        return csv
    }

    /// The table and the tally of the console summary, markdown and report page.
    public static func document(_ comparison: TwinComparison) -> ConsoleDocument {
        var document = ConsoleDocument()
        let seeds = comparison.seeds.count
        let heading = "Twin: the real sensor against the simulator along the same motion (\(seeds) \(seeds == 1 ? "seed" : "seeds"))"
        document.heading(heading, console: heading)
        document.table(
            header: ["trial", "filter", "real (°)", "twin mean (°)", "twin 10–90 % (°)", "factor"],
            rows: comparison.rows.map { row in
                [
                    row.trial, row.filter, String(format: "%.2f", row.real), String(format: "%.2f", row.mean),
                    String(format: "%.2f–%.2f", row.p10, row.p90), String(format: "%.2f", row.factor),
                ]
            })
        document.heading("Agreement")
        agreement(comparison, into: &document)
        if !comparison.motionCalibrations.isEmpty || !comparison.smoothings.isEmpty {
            document.heading("What each twin takes from its trial")
        }
        if !comparison.motionCalibrations.isEmpty {
            document.line(
                "The real sensor's errors measured during motion (MotionCalibration, values with 95 % intervals in twin-calibration.csv); each twin takes the time offsets (the IMU's, and the magnetometer's own after it), the magnetometer's offset where the motion identifies it (magnetometer_offset) and the frame turn, and each seed draws its gyroscope scale errors from them (RecordingTwin.gyroscopeScaleDraw):"
            )
            MotionCalibrationReport.table(comparison.motionCalibrations, into: &document)
        }
        if !comparison.smoothings.isEmpty {
            document.line(
                "The reference's smoothing, chosen per trial by two-fold cross-validation (ReferenceSmoothing): the knot spacing whose fit to the even samples best predicts the odd ones:"
            )
            document.table(
                header: ["trial", "knots attitude / position (s)", "held-out attitude residual (°)", "held-out position residual (mm)"],
                rows: comparison.smoothings.sorted(by: { $0.key < $1.key }).map { trial, smoothing in
                    [
                        trial, String(format: "%.3g / %.3g", smoothing.settings.knotSpacing, smoothing.settings.positionKnotSpacing),
                        String(format: "%.4f", Angles.degreesPerRadian * smoothing.attitudeResidual),
                        smoothing.positionResiduals.isEmpty ? "–" : String(format: "%.3f", 1000 * smoothing.positionResidual),
                    ]
                })
        }
        for (trial, problem) in comparison.smoothingProblems.sorted(by: { $0.key < $1.key }) {
            document.line("\(trial): the reference keeps the default knots (0.04 s / 0.1 s): \(problem).")
        }
        for trial in comparison.withoutReference { document.line("\(trial): no reference attitude, so no twin.") }
        for (trial, what) in comparison.unmodelled.sorted(by: { $0.key < $1.key }) {
            document.line("\(trial): the twin does not model the \(what).")
        }
        for (trial, seconds) in comparison.unbridgedSeconds.sorted(by: { $0.key < $1.key }) where seconds > 0 {
            document.line(
                "\(trial): \(String(format: "%.1f", seconds)) s of reference gaps too long to bridge are left out of the real and twin errors.")
        }
        return document
    }

    /// The tallies under "Agreement": factors, the real error inside the twin's prediction and
    /// its seeds' range, and the prediction factor measured on this run's modelled trials.
    static func agreement(_ comparison: TwinComparison, into document: inout ConsoleDocument) {
        let rows = comparison.rows, count = rows.count
        let within = rows.filter(\.withinFactor).count, inside = rows.filter(\.realInsideSpread).count
        let insideSeeds = rows.filter(\.realInsideSeeds).count
        document.line("Factor = twin mean / real. \(within) of \(count) within [1/1.5, 1.5].")
        document.line(
            "The twin's 10–90 % is its seeds' range widened by a factor \(TwinComparison.factorText(comparison.predictionFactor)) both ways (conformal prediction, TwinComparison.conformalFactor): the real error inside it in \(inside) of \(count); inside the seeds' own range in \(insideSeeds) of \(count)."
        )
        let modelled = comparison.modelledRows
        guard !modelled.isEmpty else {
            document.line("Every trial of this run has a disturbance its twin does not model: no factor is measured on them.")
            return
        }
        guard let measured = TwinComparison.conformalFactor(modelled) else {
            document.line(
                "No pair of this run's trials without an unmodelled disturbance has both a real error and a seed range: no factor is measured.")
            return
        }
        guard measured.isFinite else {
            document.line(
                "This run's \(modelled.count) \(modelled.count == 1 ? "pair" : "pairs") of trials without an unmodelled disturbance are too few to measure a factor for \(Int((100 * TwinComparison.predictionCoverage).rounded())) % (it takes \(TwinComparison.minimumPairs))."
            )
            return
        }
        var line =
            "Measured on the \(modelled.count) pairs of this run's trials without an unmodelled disturbance: factor \(TwinComparison.factorText(measured))"
        if let (judged, of) = comparison.leaveOneTrialOut() {
            line += "; each trial judged with the factor of the others (out of sample): the real error inside in \(judged) of \(of)"
        }
        document.line(line + ".")
    }

    /// plots/twin.png: per trial and filter, the twin's 10–90 % interval and mean beside the real error.
    public static func figure(_ comparison: TwinComparison, output: FigureOutput) throws -> [UInt8] {
        let rows = comparison.rows
        let x = rows.indices.map(Double.init)
        let twinColor = Palette.color(0), seedColor = Palette.color(1)
        let series = [
            Series(
                "twin (mean, predicted 10–90 %)", color: twinColor, x: x, y: rows.map { ($0.p10 + $0.p90) / 2 }, style: .markers(radius: 0),
                errors: rows.map { ($0.p90 - $0.p10) / 2 }),
            // Each row's seed range as a thick segment; NaN between rows breaks the line.
            Series(
                "seeds' 10–90 %", color: seedColor, x: x.flatMap { [$0, $0, .nan] }, y: rows.flatMap { [$0.seedP10, $0.seedP90, .nan] },
                style: .line(width: 6)),
            Series(nil, color: twinColor, x: x, y: rows.map(\.mean), style: .markers(radius: 3)),
            Series("real", color: Palette.text, x: x, y: rows.map(\.real), style: .markers(radius: 4)),
        ]
        let plot = CartesianPlot(
            title: "", x: ChartAxis("trial and filter", categories: rows.map { "\($0.trial.prefix(2)) \(ValidationPlots.abbreviation($0.filter))" }),
            y: ChartAxis("total RMSE (°)", scale: .logarithmic), series: series, legend: .none)
        let seeds = comparison.seeds.count
        return try Figure(
            title: "Real attitude error beside its twin's (\(seeds) \(seeds == 1 ? "seed" : "seeds"))",
            subtitle: "The simulator's sensors along each recording's own reference motion, calibrated from its still window and its motion",
            footnote:
                "Trial number and filter: B bias-estimating, C complementary, Mh Mahony, Mw Madgwick. The predicted 10–90 % is the seeds' widened by a factor \(TwinComparison.factorText(comparison.predictionFactor)) (conformal prediction), so about one real error in five lies outside by design; far outside: the trial has an error the model lacks.",
            width: max(1400, 160 + 40 * rows.count), height: 520,
            legend: [
                ("twin (mean, predicted 10–90 %)", twinColor, .markers(radius: 3)), ("seeds' 10–90 %", seedColor, .line(width: 6)),
                ("real trial", Palette.text, .markers(radius: 4)),
            ],
            rows: [[Panel.cartesian(plot)]]
        ).bytes(output)
    }
}
