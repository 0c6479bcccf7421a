import Foundation

extension Bench {
    /// `orbitbench simulate`: one seed's world, and the session the capture app saw when the
    /// scenario ran on it (its selector, filter and flood guard), in the layout `replay` reads.
    public static func simulate(_ scenario: Scenario, seed: UInt64) throws -> (run: SimulatedRun, session: CaptureSessionLog) {
        let run = try SimulatedRun(world: scenario.world, seed: seed)
        let captured = try CaptureRunner.run(scenario, simulated: run, keepSession: true)
        return (run, captured.session ?? CaptureSessionLog(motion: [], frames: []))
    }

    /// Writes truth.csv, truth.tum (the truth as a TUM trajectory), imu.csv, motion.csv, frames.csv, scenario.yaml, session/{motion,frames}.csv
    /// and (with `plots`) plots/trajectory.png, the walk from above.
    public static func writeSimulation(
        _ scenario: Scenario, run: SimulatedRun, session: CaptureSessionLog, to directory: String, figures: FigureFormat? = .png,
        origin: ReportOrigin = ReportOrigin(command: "simulate"), overwrite: Bool = false
    ) throws {
        let report = try ReportDirectory(destination: URL(fileURLWithPath: directory), owner: origin.command, overwrite: overwrite)
        let origin = origin.with(scenarios: [scenario.name], seeds: [run.seed])
        try report.record(origin, scenarios: [scenario])
        let pipeline = try run.pipelineWithoutGuard()
        try report.write(SimulationCSV.truth(run).bytes, to: "truth.csv")
        try report.write(Array(SimulationCSV.tum(run).utf8), to: "truth.tum")
        try report.write(SimulationCSV.imu(run).bytes, to: "imu.csv")
        try report.write(SimulationCSV.motion(run).bytes, to: "motion.csv")
        try report.write(SimulationCSV.frames(run, pipeline: pipeline.frames).bytes, to: "frames.csv")
        try report.write(SessionLogCSV.motion(session).bytes, to: "session/motion.csv")
        try report.write(SessionLogCSV.frames(session).bytes, to: "session/frames.csv")
        try report.writeFigure("plots/trajectory.png", format: figures, origin: origin) {
            try SimulationPlots.trajectory(scenario: scenario, run: run, output: $0)
        }
        try report.commit()
    }
}
