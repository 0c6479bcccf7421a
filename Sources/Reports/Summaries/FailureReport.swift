import ReportFormats
import ReportIO
import Runs
import Scenarios

/// What a report says of the runs whose plug-in failed: failures.csv, a section of
/// report.html, and a report of its own when no run of a scenario succeeded.
public enum FailureReport {
    static let header = ["scenario", "seed", "kind", "plugin", "location", "reason", "thrown"]

    /// failures.csv: one row per failed run.
    public static func csv(_ failures: [PluginFailure]) -> CSVWriter {
        CSVWriter(header: header, rows: failures) { csv, failure in
            csv.text(failure.scenario ?? "")
            if let seed = failure.seed { csv.integer(seed) } else { csv.text("") }
            csv.texts([failure.kind.rawValue, failure.name, failure.location, failure.reason])
            csv.integer(failure.thrown ? 1 : 0)
        }
    }

    /// The section of report.html that lists them, first on the page.
    public static func section(_ failures: [PluginFailure]) -> HTMLReport.Section {
        HTMLReport.Section(
            heading: "Failed runs",
            html: "<p>These runs ended in a plug-in failure and are left out of every figure and table below.</p>\n"
                + HTMLReport.table(
                    header: ["seed", "plug-in", "where", "what"],
                    rows: failures.map { failure in
                        [failure.seed.map(String.init) ?? "–", "\(failure.kind.rawValue) \(failure.name)", failure.location, failure.reason]
                    }))
    }

    /// The report of a scenario none of whose runs succeeded: summary.json (no metrics, the
    /// failures), failures.csv and report.html — so a report folder never keeps an older
    /// run's metrics under a failed one's name.
    public static func write(scenario: Scenario, kind: Metric.Kind, failures: [PluginFailure], to report: ReportDirectory, origin: ReportOrigin)
        throws
    {
        let origin = origin.with(scenarios: [scenario.name], seeds: failures.compactMap(\.seed))
        try report.record(origin, scenarios: [scenario])
        var summary = RunSummary(
            kind: kind, name: scenario.name, description: scenario.description, seeds: [], settings: [:], metrics: [:], diagnostics: [:],
            notes: ["Every run failed: no metrics."])
        summary.failures = failures
        try report.write(Array(try summary.jsonData()), to: "summary.json")
        try report.write(csv(failures).bytes, to: "failures.csv")
        try report.writeHTMLReport(
            title: "\(scenario.name): every run failed",
            summary: "Every seed's plug-in failed, so there are no metrics; the table says where and why.",
            whatRan: HTMLReport.whatRan(origin: origin, scenarios: [scenario]), sections: [section(failures)], origin: origin)
    }
}
