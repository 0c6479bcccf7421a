import ArgumentParser
import Foundation
import OrbitBench

struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Write the raw simulated streams of one seed as CSV.",
        discussion: """
            Writes truth.csv (ground truth at every IMU sample) and truth.tum (the same poses as a TUM \
            trajectory, for a scenario's trajectory: block), imu.csv (what the sensors report), \
            motion.csv (DeviceMotion delivery schedule) and frames.csv (camera frames and their fate \
            on the app's queue without a flood guard) into <out>/<scenario>-seed-<N>/, and \
            session/motion.csv + session/frames.csv: what the capture app saw when the scenario \
            ran (DeviceMotion updates with reference poses, frames with their fate), in the \
            session layout `orbitbench replay` reads.

            Example: orbitbench simulate shaky-hands --seed 3 --out reports/simulate
            """)

    @Argument(help: "Scenario name (looked up in scenarios/) or path to a .yaml file.")
    var scenario: String = Scenario.defaultName

    @Option(help: "Seed to simulate (default: the scenario's first seed).")
    var seed: UInt64?

    @Option(help: ArgumentHelp("Output directory.", valueName: "dir"))
    var out: String = "reports/simulate"

    @OptionGroup var plotOptions: PlotOptions

    @OptionGroup var scenarioOptions: ScenarioOptions
    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var quietOption: QuietOption

    func validate() throws {
        try OutputOptions.check(out: out)
        // As --seeds and a scenario's seeds: up to 2³²−1.
        if let seed, seed > 4_294_967_295 { throw ValidationError("--seed must be in 0...4294967295, like --seeds") }
    }

    func run() throws {
        let scenario = try scenarioOptions.loadCapture(self.scenario, for: "simulate")
        let seed = self.seed ?? scenario.seeds[0]
        let destination = try OutputPath.resolve(name: "\(scenario.name)-seed-\(seed)", in: URL(fileURLWithPath: out), what: "scenario name")
        // Fail on unwritable or foreign output before any work.
        _ = try ReportDirectory(destination: destination, owner: "simulate", overwrite: outputOptions.overwrite)
        let (run, session) = try Bench.simulate(scenario, seed: seed)
        try Bench.writeSimulation(
            scenario, run: run, session: session, to: destination.path, figures: plotOptions.figures,
            origin: ReportOrigin(command: "simulate", overrides: scenarioOptions.overrides), overwrite: outputOptions.overwrite)
        let dropped = try run.pipelineWithoutGuard().frames.filter(\.dropped).count
        print(
            """
            \(scenario.name) seed \(seed): \(String(format: "%.2f", run.trajectory.duration)) s, \
            \(run.imu.count) IMU samples, \(run.motion.count) motion updates, \(run.frames.count) frames \
            (\(dropped) dropped by the queue without a flood guard)
            wrote \(destination.path)/{truth,imu,motion,frames}.csv, truth.tum, scenario.resolved.yaml, provenance.json, \
            session/{motion,frames}.csv\(plotOptions.figures == nil ? "" : " and " + plotOptions.file("plots/trajectory.png"))
            """)
    }
}
