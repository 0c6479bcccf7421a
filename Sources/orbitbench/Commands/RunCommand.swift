import ArgumentParser
import Evaluation
import Foundation
import Reports
import Scenarios

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run capture scenarios end to end and report coverage, blur and angle accuracy.",
        discussion: """
            For every scenario and seed: simulate, fuse the IMU into DeviceMotion, push motion and \
            frames through the app's processing queue into the real selection code, and compare \
            with ground truth. Writes <out>/<scenario>/summary.json, metrics.csv (one row per seed), \
            frames.csv, slots.csv, recording.json (first seed) and plots/*.png, and prints a summary.

            Examples:
              orbitbench run                                  # the default orbit-72, all its seeds
              orbitbench run motion-flood --set selection.flood_guard=false --seeds 1-3
              orbitbench run tripod-ideal shaky-hands --no-plots --out /tmp/reports
            """)

    @Argument(help: "Scenario names or paths (default: orbit-72).")
    var scenarios: [String] = []

    @Option(help: "Seeds to run, e.g. 1,2,5-8 (default: each scenario's seeds).")
    var seeds: String?

    @Option(help: ArgumentHelp("Output directory; each scenario gets a folder in it.", valueName: "dir"))
    var out: String = "reports"

    @Flag(help: "Skip the PNG plots.")
    var noPlots = false

    @OptionGroup var scenarioOptions: ScenarioOptions

    func validate() throws {
        if let seeds { _ = try ListParsing.seeds(seeds) }
    }

    func run() throws {
        let seedOverride = try seeds.map(ListParsing.seeds)
        let loaded = try (scenarios.isEmpty ? [Scenario.defaultName] : scenarios).map(scenarioOptions.load)
        // Fail on unwritable output before any work.
        let reports = try loaded.map { try ReportDirectory(destination: URL(fileURLWithPath: out).appendingPathComponent($0.name)) }
        let jobs = loaded.enumerated().flatMap { index, scenario in (seedOverride ?? scenario.seeds).map { (index, $0) } }
        let progress = ProgressLine(total: jobs.count, label: "orbitbench run")
        let results = try Parallel.map(jobs.count, progress: { progress.update($0) }) { job in
            try CaptureRunner.run(loaded[jobs[job].0], seed: jobs[job].1)
        }
        progress.finish()
        for (index, scenario) in loaded.enumerated() {
            let scenarioResults = zip(jobs, results).filter { $0.0.0 == index }.map(\.1)
            let report = reports[index]
            try report.write(CaptureReport.metricsCSV(scenario: scenario.name, scenarioResults.map { ($0.seed, $0.metrics) }).bytes, to: "metrics.csv")
            try report.write(CaptureReport.framesCSV(scenarioResults).bytes, to: "frames.csv")
            try report.write(CaptureReport.slotsCSV(scenarioResults).bytes, to: "slots.csv")
            try report.write(Array(try CaptureReport.summaryJSON(scenario: scenario, scenarioResults)), to: "summary.json")
            try report.write(Array(try scenarioResults[0].recording.jsonData()), to: "recording.json")
            if !noPlots {
                let provenance = Provenance.texts(command: "run", scenarios: [scenario.name], seeds: scenarioResults.map(\.seed))
                for (name, bytes) in try CapturePlots.all(scenario: scenario, scenarioResults, provenance: provenance) {
                    try report.write(bytes, to: "plots/\(name)")
                }
            }
            try report.commit()
            print(CaptureReport.table(scenario: scenario, scenarioResults))
            print("wrote \(report.destination.path)/\n")
        }
    }
}
