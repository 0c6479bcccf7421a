import Foundation
import ReportIO
import Runs
import Scenarios
import ReportFormats

extension FusionReport {
    /// Mean ± sd over seeds of one filter on one scenario.
    struct FilterMeans {
        var scenario: String
        var filter: String
        var seeds: Int
        var total: MeanAndSpread
        var heading: MeanAndSpread
        var inclination: MeanAndSpread
    }

    static func means(_ rows: [Row]) -> [FilterMeans] {
        let keys = rows.map { [$0.scenario, $0.result.label] }.reduce(into: [[String]]()) { if !$0.contains($1) { $0.append($1) } }
        return keys.map { key in
            let members = rows.filter { $0.scenario == key[0] && $0.result.label == key[1] && $0.result.rmse.sampleCount > 0 }
            return FilterMeans(
                scenario: key[0], filter: key[1], seeds: members.count, total: MeanAndSpread(members.map(\.result.rmse.totalDegrees)),
                heading: MeanAndSpread(members.map(\.result.rmse.headingDegrees)),
                inclination: MeanAndSpread(members.map(\.result.rmse.inclinationDegrees)))
        }
    }

    /// report.html of `fusion SCENARIO…`: the best filter per scenario first, the table of
    /// every filter, then the error-over-time figure. Call after `write`, before `commit`.
    public static func writePage(
        _ rows: [Row], scenarios: [Scenario], filters: [String], useMagnetometer: Bool, to report: ReportDirectory, origin: ReportOrigin
    ) throws {
        let origin = origin.with(scenarios: scenarios.map(\.name), seeds: rows.map(\.seed))
        let means = means(rows)
        let best = scenarios.compactMap { scenario -> String? in
            guard let lowest = means.filter({ $0.scenario == scenario.name && $0.total.count > 0 }).min(by: { $0.total.mean < $1.total.mean })
            else { return nil }
            return "\(scenario.name): \(lowest.filter) (\(String(format: "%.2f", lowest.total.mean))°)"
        }
        func cell(_ value: MeanAndSpread) -> String {
            value.count == 0
                ? "–" : value.count == 1 ? String(format: "%.2f", value.mean) : String(format: "%.2f ± %.2f", value.mean, value.standardDeviation)
        }
        let table = HTMLReport.table(
            header: ["scenario", "filter", "seeds", "total RMSE (°)", "heading RMSE (°)", "inclination RMSE (°)"],
            rows: means.map { [$0.scenario, $0.filter, String($0.seeds), cell($0.total), cell($0.heading), cell($0.inclination)] })
        try report.writeHTMLReport(
            title: "Attitude fusion on \(scenarios.count == 1 ? scenarios[0].name : "\(scenarios.count) scenarios")",
            summary: "Lowest mean total attitude RMSE (mean over seeds, walking or motion phase only): " + best.joined(separator: "; ") + ".",
            whatRan: HTMLReport.whatRan(
                origin: origin, scenarios: [],
                extra: [
                    HTMLReport.Fact("filters", filters.joined(separator: ", ")),
                    HTMLReport.Fact("sensors", useMagnetometer ? "9D (with magnetometer)" : "6D (no magnetometer)"),
                ]),
            sections: [HTMLReport.Section(heading: "Attitude error per filter (mean ± sd over seeds)", html: table)], origin: origin)
    }
}
