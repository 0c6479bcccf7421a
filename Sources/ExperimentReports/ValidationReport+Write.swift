import Experiments
import Foundation
import Plotting
import ReportIO
import ReportFormats

extension ValidationReport {
    /// Writes the folder's files into `report` (not committed): validation.csv,
    /// calibration.csv, trials.csv, fits.csv, predictions.csv, scenarios/*.yaml, validation-summary.txt,
    /// validation.md,
    /// provenance.json, plots/validation.png (in `figures`' format; none when nil) and report.html.
    /// Returns the console text (tables and summary).
    public static func write(_ run: ValidationRun, to report: ReportDirectory, figures: FigureFormat?, origin: ReportOrigin) throws -> String {
        let metrics = ValidationMetrics(run)
        let origin = origin.with(scenarios: run.groups.map(\.scenario), seeds: run.settings.seeds)
        try report.record(origin, scenarios: [])
        try report.write(csv(metrics, run: run).bytes, to: "validation.csv")
        try report.write(calibrationCSV(run).bytes, to: "calibration.csv")
        try report.write(trialsCSV(run).bytes, to: "trials.csv")
        try report.write(fitsCSV(run).bytes, to: "fits.csv")
        try report.write(try predictionsCSV(run).bytes, to: "predictions.csv")
        for fold in run.folds {
            let file = scenarioFile(fold)
            try report.write(file.yaml, to: file.path)
        }
        let summaryLines = summary(metrics, run: run)
        let heading =
            "per trial and filter: real error, median prediction in sample (IS) and out of sample (OOS), factor = predicted / real (✗ beyond "
            + String(format: "%g", ValidationMetrics.factorLimit) + "), whether the real error is inside the seeds' 10–90 % interval"
        let text =
            wrapped(heading) + table(metrics) + "\nper group and filter: means over the group's trials\n" + groupTable(metrics) + "\n"
            + rankingLines(metrics).map(wrapped).joined() + "\n" + summaryLines.map(wrapped).joined()
        try report.write(text, to: "validation-summary.txt")
        try report.write(markdown(metrics, run: run, summary: summaryLines), to: "validation.md")
        try report.writeFigure("plots/validation.png", format: figures, origin: origin) { try ValidationPlots.figure(metrics, run: run).bytes($0) }
        try writePage(metrics, run: run, summary: summaryLines, to: report, origin: origin)
        return text
    }

    /// validation.md: the summary, the group × filter and trial × filter tables, the rankings
    /// and the keys each held-out trial shows outside the range its fold draws, each under its
    /// own heading.
    static func markdown(_ metrics: ValidationMetrics, run: ValidationRun, summary: [String]) -> String {
        var text = "## Summary\n\n" + summary.map { $0 + "\n\n" }.joined()
        text += "## Groups\n\nPer group and filter, means over the group's trials: real error, median prediction in sample (IS) and "
        text += "out of sample (OOS) in degrees, factor = predicted / real (✗ beyond \(String(format: "%g", ValidationMetrics.factorLimit))).\n\n"
        text += MarkdownTable.render(header: ["group", "trials", "filter", "real°", "IS°", "IS f", "OOS°", "OOS f"], rows: groupRows(metrics))
        text += "\n## Rankings\n\n" + rankingLines(metrics).map { $0 + "\n\n" }.joined()
        text += "## Trials\n\n" + MarkdownTable.render(header: trialHeader, rows: trialRows(metrics))
        let unforeseen = unforeseenKeys(run)
        text += "\n## Unforeseen keys\n\n"
        text += unforeseen.isEmpty ? "Every held-out trial's keys lie inside the ranges its fold draws.\n" : unforeseen.map { "- \($0)\n" }.joined()
        return text
    }

    /// Per held-out trial, the measured or fitted keys outside the 10–90 % range its fold draws
    /// them from: what the other trials of its group could not show.
    static func unforeseenKeys(_ run: ValidationRun) -> [String] {
        run.folds.compactMap { fold -> String? in
            guard let heldOut = fold.heldOut, let fit = run.fits.first(where: { $0.trial == heldOut }) else { return nil }
            let outside = fold.estimates.compactMap { estimate -> String? in
                guard estimate.isEstimated, let value = fit.values[estimate.key], !estimate.range1090.contains(value) else { return nil }
                let (low, high) = (estimate.range1090.lowerBound, estimate.range1090.upperBound)
                let digits = max(abs(value), abs(low), abs(high)) >= 1 ? 2 : 3
                func f(_ x: Double) -> String { String(format: "%.\(digits)f", x) }
                let unit = estimate.key.unit == "°" ? "°" : " \(estimate.key.unit)"
                return "`\(estimate.key.rawValue)` \(f(value))\(unit) (drawn \(f(low)) to \(f(high)))"
            }
            guard !outside.isEmpty else { return nil }
            let training = fold.training.map(FoldCalibration.short).joined(separator: " ")
            return "**\(fold.group), \(FoldCalibration.short(heldOut)) predicted from \(training):** " + outside.joined(separator: "; ") + "."
        }
    }

    /// Console width.
    public static let columns = 120

    /// `text` in lines of at most `columns` characters (broken between words; continuation
    /// lines indented by two spaces), ending in a newline.
    static func wrapped(_ text: String) -> String {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if candidate.count > columns && !line.isEmpty {
                lines.append(line)
                line = "  " + word
            } else {
                line = candidate
            }
        }
        return (lines + [line]).joined(separator: "\n") + "\n"
    }

    /// Per group the filters from best to worst: real, in sample, out of sample.
    static func rankingLines(_ metrics: ValidationMetrics) -> [String] {
        func order(_ filters: [String]) -> String { filters.map(ValidationPlots.abbreviation).joined(separator: " < ") }
        return ["ranking of the group means, best first (B bias-estimating, C complementary, Mh Mahony, Mw Madgwick)"]
            + metrics.agreements.map { agreement in
                var line = "\(agreement.group): real \(order(agreement.real)); in sample \(order(agreement.inSample))"
                line += agreement.inSample == agreement.real ? " ✓" : ""
                if let outside = agreement.outOfSample { line += "; out of sample \(order(outside))" + (outside == agreement.real ? " ✓" : "") }
                return line
            }
    }

    static func writePage(_ metrics: ValidationMetrics, run: ValidationRun, summary: [String], to report: ReportDirectory, origin: ReportOrigin)
        throws
    {
        let groupRows = groupRows(metrics)
        let trialRows = metrics.rows.map { row -> [String] in
            [
                row.group, row.trial, row.filter, degrees(row.real), degrees(row.inSample.median),
                "\(degrees(row.inSample.low))–\(degrees(row.inSample.high))", row.inSample.contains ? "yes" : "no",
                degrees(row.outOfSample?.median), row.outOfSample.map { "\(degrees($0.low))–\(degrees($0.high))" } ?? "one trial",
                row.outOfSample.map { $0.contains ? "yes" : "no" } ?? "–",
            ]
        }
        let keyRows = run.folds.flatMap { fold in
            fold.estimates.filter(\.isEstimated).map { estimate -> [String] in
                let range = estimate.range1090
                return [
                    fold.group, foldName(fold), estimate.key.rawValue, String(format: "%.4g", estimate.value) + " " + estimate.key.unit,
                    String(format: "%.4g–%.4g", range.lowerBound, range.upperBound), estimate.basis,
                ]
            }
        }
        let sections = [
            HTMLReport.Section(
                heading: "Verdict", html: "<ul>\n" + summary.map { "<li>\(HTMLText.escaped($0))</li>" }.joined(separator: "\n") + "\n</ul>"),
            HTMLReport.Section(
                heading: "Per group and filter (means over the group's trials, °)",
                html: HTMLReport.table(
                    header: ["group", "trials", "filter", "real", "in sample", "factor", "out of sample", "factor"], rows: groupRows)
                    + HTMLReport.preformatted(rankingLines(metrics).joined(separator: "\n"))),
            HTMLReport.Section(
                heading: "Per trial and filter (total RMSE, °)",
                html: HTMLReport.table(
                    header: ["group", "trial", "filter", "real", "in sample", "10–90 %", "inside", "out of sample", "10–90 %", "inside"],
                    rows: trialRows)),
            HTMLReport.Section(
                heading: "Estimated keys (centre, 10–90 % of the per-seed draws, basis)",
                html: HTMLReport.table(header: ["group", "fold", "key", "value", "draws 10–90 %", "basis"], rows: keyRows, wrapping: ["basis"])
                    + "<p class=\"muted\">Keys not listed keep the scenario's values (calibration.csv lists every key of every fold).</p>"),
        ]
        let factors = metrics.factorCounts
        try report.writeHTMLReport(
            title: "Does the simulator predict trials it has not seen?",
            summary: factors.outOfSampleOf == 0
                ? "No group has two trials, so nothing is predicted out of sample; in sample \(factors.inSample) of \(factors.inSampleOf) group × filter factors are within \(String(format: "%g", ValidationMetrics.factorLimit))."
                : "Out of sample \(factors.outOfSample) of \(factors.outOfSampleOf) group × filter factors within \(String(format: "%g", ValidationMetrics.factorLimit)) (in sample \(factors.inSample) of \(factors.inSampleOf)); calibration score \(score(metrics.outOfSampleScore)).",
            whatRan: HTMLReport.whatRan(
                origin: origin,
                facts: [
                    HTMLReport.Fact("trials", run.fits.map(\.trial).joined(separator: ", ")),
                    HTMLReport.Fact("groups", run.groups.map { "\($0.name) → \($0.scenario) (\($0.trials.count))" }.joined(separator: "; ")),
                    HTMLReport.Fact("filters", run.filters.joined(separator: ", ")),
                    HTMLReport.Fact(
                        "simulation",
                        "\(counted(run.settings.seeds.count, "seed")) per fold; key fits on \(counted(run.settings.fitSeeds.count, "seed")) with \(counted(run.settings.fitIterations, "step"))"
                    ),
                ]),
            sections: sections, origin: origin)
    }
}
