import Runs
import Foundation
import ReportIO
import OrbitMath
import Plotting
import Scenarios
import Simulation

/// fusion.csv, the text summary and the error-over-time figure of `orbitbench fusion`.
public enum FusionReport {
    public struct Row: Sendable {
        public var scenario: String
        public var seed: UInt64
        public var result: FilterRunResult
        public init(scenario: String, seed: UInt64, result: FilterRunResult) {
            self.scenario = scenario
            self.seed = seed
            self.result = result
        }
    }

    public static let columns = [
        "scenario", "seed", "filter", "att_rmse_total_deg", "att_rmse_heading_deg", "att_rmse_incl_deg", "bias_err_dps",
    ]

    /// timing.csv: wall-clock cost per update, kept apart from fusion.csv so that the results
    /// stay byte-identical from run to run.
    public static func timingCSV(_ rows: [(scenario: String, seed: String, filter: String, nanoseconds: Double)]) -> CSVWriter {
        var csv = CSVWriter(header: ["scenario", "seed", "filter", "ns_per_update"])
        for row in rows {
            csv.text(row.scenario)
            csv.text(row.seed)
            csv.text(row.filter)
            csv.number(row.nanoseconds, decimals: 1)
            csv.endRow()
        }
        return csv
    }

    /// Writes fusion.csv, fusion-summary.txt and (with `plots`) plots/fusion-error.png of the
    /// first seed of each scenario into `report` (not committed); returns the summary.
    public static func write(
        _ rows: [Row], scenarios: [Scenario], useMagnetometer: Bool, to report: ReportDirectory, plots: Bool, origin: ReportOrigin
    ) throws -> String {
        let origin = origin.with(scenarios: scenarios.map(\.name), seeds: rows.map(\.seed))
        try report.record(origin, scenarios: scenarios)
        try report.write(csv(rows).bytes, to: "fusion.csv")
        try report.write(
            timingCSV(rows.map { ($0.scenario, String($0.seed), $0.result.label, $0.result.nanosecondsPerUpdate) }).bytes, to: "timing.csv")
        let text = summary(rows, useMagnetometer: useMagnetometer)
        try report.write(text, to: "fusion-summary.txt")
        if plots {
            let firstSeed = rows.reduce(into: [String: UInt64]()) { if $0[$1.scenario] == nil { $0[$1.scenario] = $1.seed } }
            let firstSeedRows = rows.filter { firstSeed[$0.scenario] == $0.seed }
            var windows: [String: FusionPlots.Windows] = [:]
            for scenario in scenarios {
                let evaluated =
                    scenario.kind == .handheld ? scenario.world.handheld.motionPhase : ProgressProfile(orbit: scenario.world.orbit).walkingPhase
                let disturbances = scenario.world.environment.disturbances.map { $0.start...($0.start + $0.duration) }
                windows[scenario.name] = FusionPlots.Windows(evaluated: evaluated, disturbances: disturbances)
            }
            let provenance = origin.pngTexts
            try report.write(try FusionPlots.errorOverTime(firstSeedRows, windows: windows, provenance: provenance), to: "plots/fusion-error.png")
        }
        return text
    }

    public static func csv(_ rows: [Row]) -> CSVWriter {
        var csv = CSVWriter(header: columns)
        for row in rows {
            csv.text(row.scenario)
            csv.integer(row.seed)
            csv.text(row.result.label)
            csv.number(row.result.rmse.totalDegrees, decimals: 4)
            csv.number(row.result.rmse.headingDegrees, decimals: 4)
            csv.number(row.result.rmse.inclinationDegrees, decimals: 4)
            csv.number(row.result.biasErrorDegreesPerSecond, decimals: 5)
            csv.endRow()
        }
        return csv
    }

    /// Mean ± sd over seeds per scenario and filter, with the notes a reader needs.
    public static func summary(_ rows: [Row], useMagnetometer: Bool) -> String {
        var text = ""
        let scenarios = rows.map(\.scenario).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        for scenario in scenarios {
            let scenarioRows = rows.filter { $0.scenario == scenario }
            let seeds = Set(scenarioRows.map(\.seed)).count
            text += "\(scenario) (\(counted(seeds, "seed")), mean ± sd)\n"
            let labels = scenarioRows.map(\.result.label).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            let table = labels.map { label -> [String] in
                let results = scenarioRows.filter { $0.result.label == label }.map(\.result)
                return [
                    label,
                    MeanAndSpread(results.map(\.rmse.totalDegrees)).formatted(decimals: 2),
                    MeanAndSpread(results.map(\.rmse.headingDegrees)).formatted(decimals: 2),
                    MeanAndSpread(results.map(\.rmse.inclinationDegrees)).formatted(decimals: 2),
                    MeanAndSpread(results.compactMap(\.biasErrorDegreesPerSecond)).formatted(decimals: 3),
                    MeanAndSpread(results.map(\.nanosecondsPerUpdate)).formatted(decimals: 0),
                ]
            }
            text += TextTable.render(header: ["filter", "total (°)", "heading (°)", "inclination (°)", "bias err (°/s)", "ns/update"], rows: table)
            text += "\n"
        }
        text += "Errors as in BROAD: q_err = q_est ⊗ q_true⁻¹, RMSE over the walk (lead-in and lead-out excluded).\n"
        if useMagnetometer {
            text += "9D: the magnetic-north estimate is turned by the declination and compared with true north directly.\n"
        } else {
            text += "6D (no magnetometer): heading compared after removing the mean heading offset of the first second of the walk.\n"
        }
        text += "ns/update is a CPU-time measurement taken during this run (debug builds are slower).\n"
        return text
    }
}

/// Figures for fusion results.
public enum FusionPlots {
    /// Time windows to shade in a scenario's panels.
    public struct Windows: Sendable {
        /// The samples that count for the metrics.
        public var evaluated: ClosedRange<Double>
        /// Magnetic disturbances (full strength), s.
        public var disturbances: [ClosedRange<Double>]
        public init(evaluated: ClosedRange<Double>, disturbances: [ClosedRange<Double>]) {
            self.evaluated = evaluated
            self.disturbances = disturbances
        }
    }

    /// Total, heading and inclination error over time, one row per scenario, one line per filter.
    /// Times outside the evaluated window are shaded grey, disturbances red.
    /// For real recordings (`recordings` true) rows are trials: no seed in the titles, and the
    /// footnote describes the reference frame instead of the simulated windows.
    public static func errorOverTime(
        _ rows: [FusionReport.Row], windows: [String: Windows] = [:], recordings: Bool = false, provenance: [PNGText]
    ) throws -> [UInt8] {
        let scenarios = rows.map(\.scenario).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let compact = recordings && scenarios.count > 2
        var figureRows: [[Panel]] = []
        for scenario in scenarios {
            let results = rows.filter { $0.scenario == scenario }
            let seed = results.first?.seed ?? 0
            func panel(_ title: String, _ value: KeyPath<AttitudeError, Double>, legend: LegendPosition) -> Panel {
                let series = results.enumerated().map { index, row in
                    let (times, values) = decimated(row.result, value)
                    return Series(row.result.label, color: Palette.color(index), x: times, y: values, style: .line(width: 1.3))
                }
                var bands: [Band] = []
                if let window = windows[scenario] {
                    let end = results.first?.result.times.last ?? window.evaluated.upperBound
                    bands.append(Band(0...window.evaluated.lowerBound, color: Palette.grid.withAlpha(0.7)))
                    bands.append(Band(window.evaluated.upperBound...max(end, window.evaluated.upperBound), color: Palette.grid.withAlpha(0.7)))
                    bands += window.disturbances.map { Band($0, color: Color(hex: 0xF4CCCC, alpha: 0.7), label: "disturbed") }
                }
                let heading = recordings ? (title == "total" ? "\(scenario): total" : title) : "\(scenario), seed \(seed): \(title)"
                return .cartesian(
                    CartesianPlot(
                        title: heading, x: ChartAxis("time (s)"), y: ChartAxis("error (°)", includesZero: true),
                        series: series, bands: bands, legend: legend))
            }
            if compact {
                // Many recordings: the total error only, two trials a row (heading and
                // inclination are in fusion.csv and attitude/*.csv).
                if figureRows.last?.count == 1 {
                    figureRows[figureRows.count - 1].append(panel("total", \.total, legend: .none))
                } else {
                    figureRows.append([panel("total", \.total, legend: .none)])
                }
            } else {
                figureRows.append([
                    panel("total", \.total, legend: .none), panel("heading", \.heading, legend: .none),
                    panel("inclination", \.inclination, legend: .none),
                ])
            }
        }
        let sixD = rows.contains { !$0.result.usesMagnetometer }
        let figure = Figure(
            title: compact
                ? "Total attitude error over time, \(counted(scenarios.count, "recording")) (BROAD definitions)"
                : "Attitude error over time (BROAD definitions)",
            subtitle: "q_err = q_est ⊗ q_true⁻¹; total 2·acos|w|, heading 2·atan|z/w|, inclination 2·acos√(w²+z²)",
            footnote: recordings
                ? (sixD
                    ? "6D filters: heading offset of the first second of evaluated samples removed."
                    : "9D filters: estimates turned into the reference's earth frame (BROAD: ENU).")
                    + " Curves show every sample; the RMSE counts only movement samples with a reference attitude."
                : (sixD
                    ? "6D filters: heading offset of the first second of the walk removed before comparison."
                    : "9D filters: magnetic north turned by the declination, compared with true north.")
                    + " Grey: not evaluated (standing still); red: magnetic disturbance.",
            width: 1500, height: 140 + (compact ? 280 * figureRows.count : 330 * scenarios.count),
            legend: rows.filter { $0.scenario == scenarios.first }.enumerated().map { ($0.element.result.label, Palette.color($0.offset)) },
            rows: figureRows)
        return try figure.pngBytes(provenance: provenance)
    }

    /// At most ~2000 points per line (the max error in each bucket, so spikes stay visible).
    static func decimated(_ result: FilterRunResult, _ value: KeyPath<AttitudeError, Double>) -> ([Double], [Double]) {
        let count = result.times.count
        let bucket = max(1, count / 2000)
        var times: [Double] = [], values: [Double] = []
        var start = 0
        while start < count {
            let end = min(count, start + bucket)
            var worst = -Double.infinity
            for index in start..<end where result.errors[index][keyPath: value].isFinite { worst = max(worst, result.errors[index][keyPath: value]) }
            times.append(result.times[start])
            values.append(worst.isFinite ? Angles.degrees(worst) : .nan)  // NaN: a gap (no reference)
            start = end
        }
        return (times, values)
    }
}
