import ArgumentParser
import Foundation
import OrbitBench

struct MotionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "motion",
        abstract: "Compare how real recordings and simulated scenarios move: rotation rate, acceleration, rest, field.",
        discussion: """
            For every recording and every seed of every scenario: the share of samples at rest \
            (VQF's rest detector), percentiles of the rotation rate |ω| and of the specific force \
            beyond gravity ||f| − g| over the moving samples, and the spread of the magnetic field \
            magnitude. Prints them side by side and writes <out>/motion.csv (one row per recording \
            or seed).

            Examples:
              orbitbench motion broad-rotation \\
                  --recording data/broad/05_undisturbed_slow_rotation_with_breaks_B.hdf5
              orbitbench motion broad-tapping --seeds 1-3 \\
                  --recording data/broad/24_disturbed_tapping_A.hdf5
            """)

    @Argument(help: ArgumentHelp("Scenario names or paths to simulate.", valueName: "scenario"))
    var scenarios: [String] = []

    @Option(
        name: .customLong("recording"), parsing: .upToNextOption,
        help: ArgumentHelp(
            "Real recordings (all files up to the next option): BROAD .hdf5, EuRoC .csv, or any .csv with --mapping.", valueName: "file"))
    var recording: [String] = []

    @Option(help: ArgumentHelp("YAML that maps the columns of a CSV recording.", valueName: "file"))
    var mapping: String?

    @Option(help: "Seeds to simulate, e.g. 1,2,5-8 (default: each scenario's seeds).")
    var seeds: String?

    @Option(help: ArgumentHelp("Output directory.", valueName: "dir"))
    var out: String = "reports/motion"

    @OptionGroup var scenarioOptions: ScenarioOptions
    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var quietOption: QuietOption

    func validate() throws {
        try OutputOptions.check(out: out)
        if scenarios.isEmpty && recording.isEmpty {
            throw ValidationError("give a scenario or --recording FILE (or both, to compare them)")
        }
        if let seeds { _ = try ListParsing.seeds(seeds) }
    }

    func run() throws {
        let report = try ReportDirectory(destination: URL(fileURLWithPath: out), owner: "motion", overwrite: outputOptions.overwrite)
        let columns = try CommandFailure.wrapping { try mapping.map(CSVMapping.load) }
        var rows = try recording.map { path in
            try CommandFailure.wrapping { Bench.motion(recording: try Bench.sensorRecording(path, mapping: columns, isolation: .commandLine)) }
        }
        let chosenSeeds = try seeds.map(ListParsing.seeds)
        for reference in scenarios {
            let scenario = try scenarioOptions.loadCapture(reference, for: "motion", handheld: true)
            rows += try Bench.motion(scenario: scenario, seeds: chosenSeeds ?? scenario.seeds)
        }
        try report.write(MotionReport.csv(rows).bytes, to: "motion.csv")
        try report.write(MotionReport.document(rows).markdown, to: "motion.md")
        try report.commit()
        print(MotionReport.table(rows), terminator: "")
        print("wrote \(report.destination.path)/motion.csv, motion.md")
    }
}
