import Foundation
import ReportIO
import ReportFormats

extension RecordingFusionReport {
    /// report.html of `fusion --recording`: the best filter per group of trials first, the
    /// group and trial tables, `extraSections` (the twin's), then the figures. Call after
    /// `write`, before `commit`.
    public static func writePage(
        _ rows: [Row], useMagnetometer: Bool, to report: ReportDirectory, origin: ReportOrigin, extraSections: [HTMLReport.Section] = []
    ) throws {
        let trials = rows.map(\.trial).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let filters = rows.map(\.result.label).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let origin = origin.with(scenarios: trials, seeds: [])
        let groups = distinctGroups(averages(rows))
        let best = groups.map(\.group).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.compactMap { group -> String? in
            guard let lowest = groups.filter({ $0.group == group }).min(by: { $0.total < $1.total }) else { return nil }
            return
                "\(group) (\(lowest.trials) \(lowest.trials == 1 ? "trial" : "trials")): \(lowest.filter) (\(String(format: "%.2f", lowest.total))°)"
        }
        let groupTable = HTMLReport.table(
            header: ["group", "filter", "trials", "total RMSE (°)", "heading RMSE (°)", "inclination RMSE (°)"],
            rows: groups.map {
                [
                    $0.group, $0.filter, String($0.trials), String(format: "%.2f", $0.total), String(format: "%.2f", $0.heading),
                    String(format: "%.2f", $0.inclination),
                ]
            })
        let trialTable = HTMLReport.table(
            header: ["trial", "group"] + filters.map { "\($0) total RMSE (°)" },
            rows: trials.map { trial in
                [trial, rows.first { $0.trial == trial }?.group ?? ""]
                    + filters.map { filter in
                        guard let row = rows.first(where: { $0.trial == trial && $0.result.label == filter }), row.result.rmse.sampleCount > 0 else {
                            return "–"
                        }
                        return String(format: "%.2f", row.result.rmse.totalDegrees)
                    }
            })
        try report.writeHTMLReport(
            title: "Attitude fusion on \(trials.count) \(trials.count == 1 ? "recording" : "recordings")",
            summary: "Lowest mean total attitude RMSE against the reference, per group of trials: " + best.joined(separator: "; ") + ".",
            whatRan: HTMLReport.whatRan(
                origin: origin,
                facts: [
                    HTMLReport.Fact("recordings", trials.joined(separator: ", ")), HTMLReport.Fact("filters", filters.joined(separator: ", ")),
                    HTMLReport.Fact("sensors", useMagnetometer ? "9D (with magnetometer)" : "6D (no magnetometer)"),
                ]),
            sections: [
                HTMLReport.Section(heading: "Mean error per group of trials", html: groupTable),
                HTMLReport.Section(heading: "Error per trial", html: trialTable),
            ] + extraSections, origin: origin)
    }
}
