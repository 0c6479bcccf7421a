import ArgumentParser
import Foundation
import OrbitBench

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scenarios end to end: capture coverage, blur and angles, or a rephoto study's key-point accuracy.",
        discussion: """
            Capture scenarios: for every seed, simulate, fuse the IMU into DeviceMotion, push \
            motion and frames through the app's processing queue into the real selection code, \
            and compare with ground truth. Writes <out>/<scenario>/summary.json, metrics.csv (one \
            row per seed), frames.csv, slots.csv, recording.json (first seed) and plots/*.png.

            Rephoto scenarios (kind: rephoto): for every seed, a reference photograph and the \
            scenario's users retaking it with the navigation rectangle (and overlay). Writes \
            summary.json, metrics.csv (kp_err_mean, kp_err_sd, per key point), \
            table-6-2-sim.csv and table-6-3-sim.csv in the thesis's layout, users.csv and \
            plots/rephoto-errors.png.

            Examples:
              orbitbench run                                  # the default orbit-72, all its seeds
              orbitbench run motion-flood --set selection.flood_guard=false --seeds 1-3
              orbitbench run tripod-ideal shaky-hands --no-plots --out /tmp/reports
              orbitbench run rephoto-fountain --set rephoto.guidance=rectangle
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
    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var workOptions: WorkOptions

    func validate() throws {
        if let seeds { _ = try ListParsing.seeds(seeds) }
    }

    func run() throws {
        let seedOverride = try seeds.map(ListParsing.seeds)
        let loaded = try (scenarios.isEmpty ? [Scenario.defaultName] : scenarios).map(scenarioOptions.load)
        let destinations = loaded.map { URL(fileURLWithPath: out).appendingPathComponent($0.name).path }
        // Fail on unwritable output before any work.
        for destination in destinations {
            _ = try ReportDirectory(destination: URL(fileURLWithPath: destination), owner: "run", overwrite: outputOptions.overwrite)
        }
        let origin = ReportOrigin(command: "run", overrides: scenarioOptions.overrides)
        let total = loaded.map { (seedOverride ?? $0.seeds).count }.reduce(0, +)
        let progress = workOptions.progress(total: total, label: "orbitbench run")
        let outcomes: [Bench.Outcome]
        do {
            outcomes = try Bench.run(loaded, seeds: seedOverride) { progress.update($0) }
        } catch let error as RephotoStudyError {
            throw CommandFailure(error.description)
        }
        progress.finish()
        for (index, scenario) in loaded.enumerated() {
            print(
                try Bench.writeReport(
                    scenario, outcomes[index], to: destinations[index], plots: !noPlots, origin: origin, overwrite: outputOptions.overwrite))
            print("wrote \(destinations[index])/\n")
        }
        if !noPlots, let comparison = try Bench.writeComparison(loaded, outcomes, to: out) { print("wrote \(comparison)") }
    }
}
