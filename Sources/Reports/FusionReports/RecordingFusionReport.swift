import Runs
import Foundation
import ReportIO
import OrbitMath
import Plotting
import StatisticsKit
import ReportFormats

/// `orbitbench fusion --recording`: fusion.csv with trial and group, per-group averages and the
/// grouped bar chart.
public enum RecordingFusionReport {
    public struct Row: Sendable {
        public var trial: String
        /// "undisturbed", "disturbed" or "" when unknown.
        public var group: String
        public var result: FilterRunResult
        /// Sample times, s, for attitude.csv (empty when the run kept no trace).
        public var times: [Double]
        public init(trial: String, group: String, result: FilterRunResult, times: [Double] = []) {
            self.trial = trial
            self.group = group
            self.result = result
            self.times = times
        }
    }

    /// One group's average of the per-trial RMSEs for one filter.
    public struct GroupAverage: Sendable {
        public var group: String
        public var filter: String
        public var trials: Int
        public var total: Double
        public var heading: Double
        public var inclination: Double
    }

    /// Writes fusion.csv, fusion-groups.csv, fusion-summary.txt (with the diagnostics table and
    /// `extraSummary`), fusion.md (the summary with `reference`'s figures beside), attitude/<trial>-<filter>.csv for rows with a trace and, with `format`,
    /// plots/fusion-broad.png and plots/fusion-error.png into `report` (not committed).
    /// Returns the summary text.
    public static func write(
        _ rows: [Row], useMagnetometer: Bool, extraSummary: String = "", reference: TrialReference? = nil, to report: ReportDirectory,
        figures format: FigureFormat?, origin: ReportOrigin
    ) throws -> String {
        let trialNames = rows.map(\.trial).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let origin = origin.with(scenarios: trialNames, seeds: [])
        try report.record(origin, scenarios: [])
        try report.write(csv(rows).bytes, to: "fusion.csv")
        try report.write(
            FusionReport.timingCSV(rows.map { ($0.trial, "", $0.result.label, $0.result.nanosecondsPerUpdate) }).bytes, to: "timing.csv")
        for row in rows {
            guard let trace = row.result.trace, row.times.count == trace.estimates.count else { continue }
            try report.write(attitudeCSV(times: row.times, trace: trace).bytes, to: "attitude/\(row.trial)-\(row.result.label).csv")
        }
        let groups = averages(rows)
        try report.write(averagesCSV(groups).bytes, to: "fusion-groups.csv")
        let document = document(rows, useMagnetometer: useMagnetometer, reference: reference)
        let text = document.text + "\n" + diagnosticsTable(rows) + "\n" + extraSummary
        try report.write(text, to: "fusion-summary.txt")
        try report.write(document.markdown, to: "fusion.md")
        if let format, !groups.isEmpty {
            let output = FigureOutput(format, provenance: origin.pngTexts)
            let parameters = origin.overrides.filter { $0.hasPrefix("fusion.") }
            try report.write(
                try figure(groups, trials: trialNames.count, parameters: parameters, output: output), to: format.fileName("plots/fusion-broad.png"))
            let timeRows = rows.map { FusionReport.Row(scenario: $0.trial, seed: 0, result: $0.result) }
            try report.write(try FusionPlots.errorOverTime(timeRows, recordings: true, output: output), to: format.fileName("plots/fusion-error.png"))
        }
        return text
    }

    /// fusion.csv: the simulated layout (scenario "recording", no seed) plus trial and group.
    public static func csv(_ rows: [Row]) -> CSVWriter {
        CSVWriter(header: FusionReport.columns + ["trial", "group"], rows: rows) { csv, row in
            let rmse = row.result.rmse
            csv.text("recording")
            csv.empty()
            csv.text(row.result.label)
            csv.numbers(rmse.sampleCount > 0 ? [rmse.totalDegrees, rmse.headingDegrees, rmse.inclinationDegrees] : [nil, nil, nil], decimals: 4)
            csv.number(row.result.biasErrorDegreesPerSecond, decimals: 5)
            csv.texts([row.trial, row.group])
        }
    }

    /// attitude.csv of one filter on one recording: every sample's estimate (filter earth
    /// frame), CoreMotion pitch/roll/yaw, bias estimate and flags.
    public static func attitudeCSV(times: [Double], trace: FilterTrace) -> CSVWriter {
        let header = [
            "t_s", "qw", "qx", "qy", "qz", "pitch_deg", "roll_deg", "yaw_deg", "bias_x_dps", "bias_y_dps", "bias_z_dps",
            "skipped", "acc_rejected", "mag_rejected", "at_rest",
        ]
        return CSVWriter(header: header, rows: times.indices) { csv, index in
            let q = trace.estimates[index], bias = trace.biases[index], flags = trace.flags[index]
            csv.number(times[index], decimals: 6)
            for component in [q.w, q.x, q.y, q.z] { csv.number(component, decimals: 9) }
            let angles = q.coreMotionAngles
            for angle in [angles.pitch, angles.roll, angles.yaw] { csv.number(Angles.degrees(angle), decimals: 5) }
            for component in [bias.x, bias.y, bias.z] { csv.number(Angles.degrees(component), decimals: 6) }
            for flag in [FilterSampleFlags.skipped, .accelerationRejected, .magnetometerRejected, .atRest] { csv.bool(flags.contains(flag)) }
        }
    }

    /// What each filter skipped, rejected or re-initialised: one table per trial (a trial's
    /// name as its heading, so long BROAD names do not widen every row).
    public static func diagnosticsTable(_ rows: [Row]) -> String {
        let header = [
            "filter", "updates", "non-finite skipped", "timestamp problems", "re-initialisations", "acc. rejections", "mag. rejections",
        ]
        let trials = rows.map(\.trial).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return "filter diagnostics (samples)\n"
            + trials.map { trial in
                let lines = rows.filter { $0.trial == trial }.map { row -> [String] in
                    let d = row.result.diagnostics
                    return [row.result.label]
                        + [
                            d.updates, d.rejectedNonFinite, d.rejectedTimestamps, d.reinitializations,
                            d.accelerationRejections, d.magnetometerRejections,
                        ].map(String.init)
                }
                return "\(trial):\n" + TextTable.render(header: header, rows: lines)
            }.joined(separator: "\n")
    }

    /// Averages over trials (BROAD: mean of per-trial RMSEs) for "all" and each group present.
    public static func averages(_ rows: [Row]) -> [GroupAverage] {
        let measured = rows.filter { $0.result.rmse.sampleCount > 0 }
        let filters = measured.map(\.result.label).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let groups = ["all"] + ["undisturbed", "disturbed"].filter { group in measured.contains { $0.group == group } }
        var averages: [GroupAverage] = []
        for group in groups {
            for filter in filters {
                let members = measured.filter { $0.result.label == filter && (group == "all" || $0.group == group) }
                guard !members.isEmpty else { continue }
                averages.append(
                    GroupAverage(
                        group: group, filter: filter, trials: members.count, total: Statistics.mean(members.map(\.result.rmse.totalDegrees)),
                        heading: Statistics.mean(members.map(\.result.rmse.headingDegrees)),
                        inclination: Statistics.mean(members.map(\.result.rmse.inclinationDegrees))))
            }
        }
        return averages
    }

    /// The averages a reader sees: "all" is left out where another group holds every trial
    /// (one trial, or only disturbed ones), so nothing is shown twice. fusion-groups.csv keeps them all.
    public static func distinctGroups(_ averages: [GroupAverage]) -> [GroupAverage] {
        averages.filter { average in
            average.group != "all" || !averages.contains { $0.group != "all" && $0.filter == average.filter && $0.trials == average.trials }
        }
    }

    public static func averagesCSV(_ averages: [GroupAverage]) -> CSVWriter {
        let header = ["group", "filter", "trials", "att_rmse_total_deg", "att_rmse_heading_deg", "att_rmse_incl_deg"]
        return CSVWriter(header: header, rows: averages) { csv, average in
            csv.texts([average.group, average.filter])
            csv.integer(average.trials)
            csv.numbers([average.total, average.heading, average.inclination], decimals: 4)
        }
    }

    /// Per-trial table and the filters × groups table, with the notes on frames and 6D heading.
    public static func summary(_ rows: [Row], useMagnetometer: Bool, reference: TrialReference? = nil) -> String {
        document(rows, useMagnetometer: useMagnetometer, reference: reference).text
    }

    /// The summary as printed and as fusion.md: under "Trials" each trial's total RMSE per filter
    /// (and `reference`'s figures beside), under "Groups" the means over all, undisturbed and
    /// disturbed trials as BROAD reports them ("all" left out when one group holds every trial), then
    /// how the errors are defined.
    public static func document(_ rows: [Row], useMagnetometer: Bool, reference: TrialReference? = nil) -> ConsoleDocument {
        let filters = rows.map(\.result.label).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let trials = rows.map(\.trial).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let references = reference?.columns ?? []
        func f(_ value: Double?) -> String { value.map { String(format: "%.2f", $0) } ?? "–" }
        func cell(_ trial: String, _ filter: String) -> String {
            guard let row = rows.first(where: { $0.trial == trial && $0.result.label == filter }), row.result.rmse.sampleCount > 0 else { return "–" }
            return f(row.result.rmse.totalDegrees)
        }
        var document = ConsoleDocument()
        document.heading("Trials", console: "total RMSE per trial (°)")
        document.table(
            header: ["trial", "group"] + filters + references,
            rows: trials.map { trial in
                [trial, rows.first { $0.trial == trial }?.group ?? ""] + filters.map { cell(trial, $0) }
                    + references.indices.map { f(reference?.value(trial, $0)) }
            })
        let averages = distinctGroups(averages(rows))
        if !averages.isEmpty {
            let groups = averages.map(\.group).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            document.line("")
            document.heading("Groups", console: "average of per-trial total RMSE (°), as BROAD reports it")
            // A reference's mean over a group, where every trial of the group has the figure.
            func referenceMean(_ column: Int, _ group: String) -> String {
                let members = trials.filter { trial in group == "all" || rows.contains { $0.trial == trial && $0.group == group } }
                let known = members.compactMap { reference?.value($0, column) }
                return known.count == members.count && !known.isEmpty ? f(Statistics.mean(known)) : "–"
            }
            document.table(
                header: ["filter"] + groups.map { group in "\(group) (\(averages.first { $0.group == group }!.trials))" },
                rows: filters.map { filter in
                    [filter] + groups.map { group in f(averages.first { $0.group == group && $0.filter == filter }?.total) }
                } + references.indices.map { column in [references[column]] + groups.map { referenceMean(column, $0) } })
        } else {
            document.line("")
            document.line("no reference attitude in these recordings: errors cannot be computed")
        }
        document.line("")
        document.line("Errors as in BROAD: q_err = q_est ⊗ q_true⁻¹ in the reference's earth frame; RMSE over the samples marked as")
        document.line("movement that have a reference attitude; averages are means of the per-trial RMSEs.")
        if useMagnetometer {
            document.line("9D: estimates (x north, y west, z up) are turned into the reference frame (BROAD: ENU, a 90° turn about z)")
            document.line("and compared directly.")
        } else {
            document.line("6D (no magnetometer): heading compared after removing the mean heading offset of the first second of evaluated samples.")
        }
        if let reference { document.line("Beside the filters: \(reference.columns.joined(separator: ", ")), from the reference file.") }
        return document
    }

    /// plots/fusion-broad.png: mean total RMSE per filter, grouped by trial group.
    /// `parameters`: the settings that differ from each filter's defaults (`--set` overrides,
    /// "fusion.madgwick.beta=0.12"), named in the caption.
    public static func figure(_ averages: [GroupAverage], trials: Int, parameters: [String], output: FigureOutput) throws -> [UInt8] {
        let averages = distinctGroups(averages)
        let groups = averages.map(\.group).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let filters = averages.map(\.filter).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let width = 0.8 / Double(max(filters.count, 1)), colors = Palette.colors(named: filters)
        var annotations: [Annotation] = []
        let series = filters.enumerated().map { index, filter -> Series in
            let offset = (Double(index) - Double(filters.count - 1) / 2) * width
            let values = groups.map { group in averages.first { $0.group == group && $0.filter == filter }?.total ?? .nan }
            for (position, value) in values.enumerated() where value.isFinite {
                annotations.append(Annotation(x: Double(position) + offset, y: value, text: String(format: "%.2f", value), placement: .above))
            }
            return Series(
                filter, color: colors[index], x: groups.indices.map(Double.init), y: values,
                style: .bars(width: width * 0.9, offset: offset))
        }
        let top = (averages.map(\.total).max() ?? 1) * 1.3
        let plot = CartesianPlot(
            x: ChartAxis(
                "trial group", categories: groups.map { group in "\(group) (\(counted(averages.first { $0.group == group }!.trials, "trial")))" }),
            y: ChartAxis("mean of per-trial total RMSE (°)", limits: 0...top), series: series, legend: .topLeft, annotations: annotations)
        let figure = Figure(
            title: "Attitude filters on real recordings (\(counted(trials, "trial")))",
            subtitle: "BROAD error definitions: q_err = q_est ⊗ q_true⁻¹, RMSE over the movement samples, averaged over trials",
            footnote: parametersNote(parameters), width: 1200, height: 720, rows: [[.cartesian(plot)]])
        return try figure.bytes(output)
    }

    /// The caption's account of the filters' settings, from what was actually set.
    public static func parametersNote(_ parameters: [String]) -> String {
        parameters.isEmpty
            ? "Same parameters for every trial: each filter's defaults."
            : "Same parameters for every trial: each filter's defaults except \(parameters.joined(separator: ", "))."
    }

    @available(*, deprecated, message: "name the settings that were changed: figure(_:trials:parameters:output:)")
    public static func figure(_ averages: [GroupAverage], trials: Int, output: FigureOutput) throws -> [UInt8] {
        try figure(averages, trials: trials, parameters: [], output: output)
    }
}
