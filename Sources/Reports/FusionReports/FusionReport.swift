import Runs
import ReportIO
import Plotting
import Scenarios
import Simulation
import ReportFormats

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
        CSVWriter(header: ["scenario", "seed", "filter", "ns_per_update"], rows: rows) { csv, row in
            csv.texts([row.scenario, row.seed, row.filter])
            csv.number(row.nanoseconds, decimals: 1)
        }
    }

    /// Writes fusion.csv, fusion-summary.txt, fusion.md and (with `format`) plots/fusion-error.png of the
    /// first seed of each scenario into `report` (not committed); returns the summary.
    public static func write(
        _ rows: [Row], scenarios: [Scenario], useMagnetometer: Bool, to report: ReportDirectory, figures format: FigureFormat?, origin: ReportOrigin
    ) throws -> String {
        let origin = origin.with(scenarios: scenarios.map(\.name), seeds: rows.map(\.seed))
        try report.record(origin, scenarios: scenarios)
        try report.write(csv(rows).bytes, to: "fusion.csv")
        try report.write(
            timingCSV(rows.map { ($0.scenario, String($0.seed), $0.result.label, $0.result.nanosecondsPerUpdate) }).bytes, to: "timing.csv")
        let drawn = Dictionary(scenarios.filter { !$0.spread.isEmpty }.map { ($0.name, $0.spread.count) }, uniquingKeysWith: { first, _ in first })
        let text = summary(rows, useMagnetometer: useMagnetometer, drawnKeys: drawn)
        try report.write(text, to: "fusion-summary.txt")
        try report.write(document(rows, useMagnetometer: useMagnetometer, timing: false, drawnKeys: drawn).markdown, to: "fusion.md")
        try report.writeFigure("plots/fusion-error.png", format: format, origin: origin) { output in
            let firstSeed = rows.reduce(into: [String: UInt64]()) { if $0[$1.scenario] == nil { $0[$1.scenario] = $1.seed } }
            // The windows of the seed drawn (a spread may draw a disturbance's start and length).
            let windows = Dictionary(
                try scenarios.map { scenario in
                    let drawn = try firstSeed[scenario.name].map { try scenario.drawn(seed: $0) } ?? scenario
                    return (
                        scenario.name,
                        FusionPlots.Windows(disturbances: drawn.world.environment.disturbances.map { $0.start...($0.start + $0.duration) })
                    )
                },
                uniquingKeysWith: { _, last in last })
            return try FusionPlots.errorOverTime(rows.filter { firstSeed[$0.scenario] == $0.seed }, windows: windows, output: output)
        }
        return text
    }

    public static func csv(_ rows: [Row]) -> CSVWriter {
        CSVWriter(header: columns, rows: rows) { csv, row in
            let rmse = row.result.rmse
            csv.text(row.scenario)
            csv.integer(row.seed)
            csv.text(row.result.label)
            csv.numbers([rmse.totalDegrees, rmse.headingDegrees, rmse.inclinationDegrees], decimals: 4)
            csv.number(row.result.biasErrorDegreesPerSecond, decimals: 5)
        }
    }

    /// Mean ± sd over seeds per scenario and filter, with the notes a reader needs.
    /// `drawnKeys`: per scenario name, how many keys each seed draws (its `spread`).
    public static func summary(_ rows: [Row], useMagnetometer: Bool, drawnKeys: [String: Int] = [:]) -> String {
        document(rows, useMagnetometer: useMagnetometer, timing: true, drawnKeys: drawnKeys).text
    }

    /// The summary as printed (`timing`: with each filter's CPU time per update) and, without
    /// the timing (it differs from run to run), as fusion.md: a section per scenario; a
    /// scenario with a `spread` (`drawnKeys`) says its seeds draw their keys.
    public static func document(_ rows: [Row], useMagnetometer: Bool, timing: Bool, drawnKeys: [String: Int] = [:]) -> ConsoleDocument {
        var document = ConsoleDocument()
        let scenarios = rows.map(\.scenario).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        for scenario in scenarios {
            let scenarioRows = rows.filter { $0.scenario == scenario }
            let seeds = Set(scenarioRows.map(\.seed)).count
            document.heading(scenario, console: "\(scenario) (\(counted(seeds, "seed")), mean ± sd)")
            if !timing { document.line("\(counted(seeds, "seed")), mean ± sd, RMSE in degrees:") }
            if let count = drawnKeys[scenario] {
                document.line("Each seed draws \(counted(count, "key")) afresh (spread:), so the seeds differ as the trials of its group do.")
            }
            let labels = scenarioRows.map(\.result.label).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            let table = labels.map { label -> [String] in
                let results = scenarioRows.filter { $0.result.label == label }.map(\.result)
                return [
                    label,
                    MeanAndSpread(results.map(\.rmse.totalDegrees)).formatted(decimals: 2),
                    MeanAndSpread(results.map(\.rmse.headingDegrees)).formatted(decimals: 2),
                    MeanAndSpread(results.map(\.rmse.inclinationDegrees)).formatted(decimals: 2),
                    MeanAndSpread(results.compactMap(\.biasErrorDegreesPerSecond)).formatted(decimals: 3),
                ] + (timing ? [MeanAndSpread(results.map(\.nanosecondsPerUpdate)).formatted(decimals: 0)] : [])
            }
            document.table(
                header: ["filter", "total (°)", "heading (°)", "inclination (°)", "bias err (°/s)"] + (timing ? ["ns/update"] : []), rows: table)
            document.line("")
        }
        document.line(
            "Errors as in BROAD: q_err = q_est ⊗ q_true⁻¹, RMSE over the walk or the hand's motion (lead-in and lead-out excluded), "
                + "or all of a recorded trajectory.")
        if useMagnetometer {
            document.line("9D: the magnetic-north estimate is turned by the declination and compared with true north directly.")
        } else {
            document.line("6D (no magnetometer): heading compared after removing the mean heading offset of the first second of the walk.")
        }
        if timing { document.line("ns/update is a CPU-time measurement taken during this run (debug builds are slower).") }
        return document
    }
}
