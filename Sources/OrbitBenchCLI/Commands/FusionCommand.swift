import ArgumentParser
import Foundation
import OrbitBench

struct FusionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fusion",
        abstract: "Compare the attitude filters on simulated IMU streams or real recordings (BROAD error metrics).",
        discussion: """
            Runs every requested filter on every seed of every scenario and writes fusion.csv \
            (one row per scenario, seed and filter), fusion-summary.txt and plots/fusion-error.png \
            (error over time of the first seed). Errors follow BROAD: q_err = q_est ⊗ q_true⁻¹, \
            total / heading / inclination RMSE over the walk. Without magnetometer (--dof 6) the \
            heading is compared after removing the heading offset of the first second of the walk.

            With --recording the filters run on real sensor logs with the same parameters for every \
            file: fusion.csv gains trial and group columns (BROAD's trials.json), fusion-groups.csv \
            has the averages over all, undisturbed and disturbed trials, and plots/fusion-broad.png \
            compares them.

            Examples:
              orbitbench fusion orbit-72 magnetic-disturbance \\
                  --filters madgwick,bias-estimating
              orbitbench fusion \\
                  --recording data/broad/05_undisturbed_slow_rotation_with_breaks_B.hdf5
              orbitbench fusion --recording reports/simulate/orbit-72-seed-1/truth.csv \\
                  --mapping docs/examples/simulate-truth.yaml
            """)

    @Argument(help: "Scenario names or paths (default: orbit-72).")
    var scenarios: [String] = []

    @Option(
        name: .customLong("recording"), parsing: .upToNextOption,
        help: ArgumentHelp(
            "A real recording instead of scenarios (repeatable): BROAD .hdf5, EuRoC .csv, or any .csv with --mapping.", valueName: "file"))
    var recordings: [String] = []

    @Option(help: ArgumentHelp("YAML that maps the columns of a CSV recording (see docs/validation.md, Real recordings).", valueName: "file"))
    var mapping: String?

    @Option(
        help: ArgumentHelp(
            "With --recording: a CSV of other software's figures per trial (a trial column, then one column per figure) to show beside.",
            valueName: "file"))
    var reference: String?

    @Option(help: "Comma-separated filters.")
    var filters: String = FilterName.allCases.map(\.rawValue).joined(separator: ",")

    @Option(help: "Seeds to run, e.g. 1,2,5-8 (default: each scenario's seeds; with --twin, 1-20).")
    var seeds: String?

    @Option(help: "9 uses the magnetometer, 6 runs without it.")
    var dof: Int = 9

    @Option(
        name: .customLong("out"),
        help: ArgumentHelp("Output directory (default: reports/fusion, or reports/fusion-recordings with --recording).", valueName: "dir"))
    var output: String?

    /// Scenarios and recordings are different jobs: each has its own default folder, so one
    /// never replaces the other's results.
    var out: String { output ?? (recordings.isEmpty ? "reports/fusion" : "reports/fusion-recordings") }

    @Flag(
        inversion: .prefixedNo,
        help: "With --recording: write every sample's estimate to attitude/<trial>-<filter>.csv (about 6 MB per filter for a BROAD trial).")
    var attitude = true

    @OptionGroup var twinOptions: TwinOptions

    @OptionGroup var plotOptions: PlotOptions

    @OptionGroup var scenarioOptions: ScenarioOptions
    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var workOptions: WorkOptions

    func validate() throws {
        try OutputOptions.check(out: output)
        _ = try ListParsing.names(filters, option: "--filters") as [FilterName]
        if let seeds { _ = try ListParsing.seeds(seeds) }
        guard dof == 6 || dof == 9 else { throw ValidationError("--dof must be 6 or 9") }
        if !recordings.isEmpty && !scenarios.isEmpty { throw ValidationError("give scenarios or --recording files, not both") }
        if mapping != nil && recordings.isEmpty { throw ValidationError("--mapping describes --recording CSV files; give at least one") }
        if !recordings.isEmpty && seeds != nil && !twinOptions.twin {
            throw ValidationError("--seeds applies to scenarios and --twin, not recordings")
        }
        if twinOptions.twin && recordings.isEmpty {
            throw ValidationError("--twin simulates the sensors along --recording trials; give at least one")
        }
        if reference != nil && recordings.isEmpty { throw ValidationError("--reference puts figures beside --recording trials; give at least one") }
    }

    func run() throws {
        if !recordings.isEmpty { return try runRecordings() }
        let filters: [FilterName] = try ListParsing.names(self.filters, option: "--filters")
        let loaded = try (scenarios.isEmpty ? [Scenario.defaultName] : scenarios).map {
            try scenarioOptions.loadCapture($0, for: "fusion", handheld: true, runningFilters: filters)
        }
        // Fail on unwritable or foreign output before any work.
        _ = try ReportDirectory(destination: URL(fileURLWithPath: out), owner: "fusion", overwrite: outputOptions.overwrite)
        let seedList = try seeds.map(ListParsing.seeds)
        let progress = workOptions.progress(total: loaded.map { (seedList ?? $0.seeds).count }.reduce(0, +), label: "orbitbench fusion")
        let rows = try Bench.fusion(loaded, seeds: seedList, filters: filters, useMagnetometer: dof == 9) { progress.update($0) }
        progress.finish()
        let summary = try Bench.writeFusionReport(
            rows, scenarios: loaded, useMagnetometer: dof == 9, to: out, figures: plotOptions.figures,
            origin: ReportOrigin(command: "fusion", overrides: scenarioOptions.overrides), overwrite: outputOptions.overwrite)
        print(summary, terminator: "")
        print("wrote \(out)/fusion.csv, fusion-summary.txt\(plotOptions.noPlots ? "" : ", " + plotOptions.file("plots/fusion-error.png"))")
    }
}
