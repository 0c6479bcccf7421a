import ArgumentParser
import Evaluation
import Foundation
import Reports
import Scenarios

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

    func validate() throws {
        if let seeds { _ = try ListParsing.seeds(seeds) }
    }

    /// One (scenario, seed) job's outcome.
    enum Outcome: Sendable {
        case capture(CaptureRunResult)
        case rephoto(RephotoStudyResult)
    }

    func run() throws {
        let seedOverride = try seeds.map(ListParsing.seeds)
        let loaded = try (scenarios.isEmpty ? [Scenario.defaultName] : scenarios).map(scenarioOptions.load)
        // Fail on unwritable output before any work.
        let reports = try loaded.map { try ReportDirectory(destination: URL(fileURLWithPath: out).appendingPathComponent($0.name)) }
        let jobs = loaded.enumerated().flatMap { index, scenario in (seedOverride ?? scenario.seeds).map { (index, $0) } }
        let progress = ProgressLine(total: jobs.count, label: "orbitbench run")
        let outcomes = try Parallel.map(jobs.count, progress: { progress.update($0) }) { job -> Outcome in
            let scenario = loaded[jobs[job].0], seed = jobs[job].1
            switch scenario.kind {
            case .capture: return .capture(try CaptureRunner.run(scenario, seed: seed))
            case .rephoto:
                do { return .rephoto(try RephotoStudy.run(scenario, seed: seed)) } catch let error as RephotoStudyError {
                    throw CommandFailure("\(scenario.name): \(error.description)")
                }
            }
        }
        progress.finish()
        for (index, scenario) in loaded.enumerated() {
            let scenarioOutcomes = zip(jobs, outcomes).filter { $0.0.0 == index }.map(\.1)
            switch scenario.kind {
            case .capture:
                let results = scenarioOutcomes.compactMap { if case .capture(let result) = $0 { result } else { nil } }
                try writeCapture(scenario, results, to: reports[index])
            case .rephoto:
                let results = scenarioOutcomes.compactMap { if case .rephoto(let result) = $0 { result } else { nil } }
                try writeRephoto(scenario, results, to: reports[index])
            }
            print("wrote \(reports[index].destination.path)/\n")
        }
    }

    private func writeCapture(_ scenario: Scenario, _ results: [CaptureRunResult], to report: ReportDirectory) throws {
        try CaptureReport.write(scenario: scenario, results, to: report, plots: !noPlots, command: "run")
        try report.commit()
        print(CaptureReport.table(scenario: scenario, results))
    }

    private func writeRephoto(_ scenario: Scenario, _ results: [RephotoStudyResult], to report: ReportDirectory) throws {
        let thesis = Self.thesisReference()
        try report.write(RephotoReport.metricsCSV(scenario: scenario, results).bytes, to: "metrics.csv")
        try report.write(RephotoReport.table62(results).bytes, to: "table-6-2-sim.csv")
        try report.write(RephotoReport.table63(results).bytes, to: "table-6-3-sim.csv")
        try report.write(RephotoReport.usersCSV(results).bytes, to: "users.csv")
        try report.write(Array(try RephotoReport.summaryJSON(scenario: scenario, results, thesis: thesis)), to: "summary.json")
        if !noPlots {
            let provenance = Provenance.texts(command: "run", scenarios: [scenario.name], seeds: results.map(\.seed))
            try report.write(try RephotoPlots.errors(scenario: scenario, results, thesis: thesis, provenance: provenance), to: "plots/rephoto-errors.png")
        }
        try report.commit()
        print(RephotoReport.table(scenario: scenario, results, thesis: thesis))
    }

    /// The thesis's measured rephotographs (Table 6.1), when the shipped data can be found.
    static func thesisReference() -> RephotoReport.ThesisReference? {
        guard let data = try? ThesisData.load(directory: ThesisCommand.defaultDataDirectory()) else { return nil }
        return RephotoReport.ThesisReference(data: data)
    }
}
