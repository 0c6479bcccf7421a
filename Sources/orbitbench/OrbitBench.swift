import ArgumentParser
import Reports
import CPlatform

@main
struct OrbitBench: ParsableCommand {
    static func main() {
        _ = platform_keep_freed_memory()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            exit(withError: error)
        }
    }

    static let configuration = CommandConfiguration(
        commandName: "orbitbench",
        abstract: "Test bench for phone capture software: simulate orbits, run the real fusion, selection and guidance code, measure the result.",
        discussion: """
            OrbitBench simulates a person walking around an object with a phone (sensors, camera, \
            processing pipeline), feeds the synthetic streams through the attitude fusion, 360° \
            frame selection and rephoto guidance code, and reports coverage, blur, angle accuracy \
            and key-point alignment as CSV and PNG plots.

            Scenarios are YAML files in scenarios/ (see `orbitbench scenario keys`); any key can be \
            overridden with --set key.path=value.
            """,
        version: ToolVersion.current,
        subcommands: [RunCommand.self, SweepCommand.self, TuneCommand.self, RegressCommand.self, CalibrateCommand.self, SimulateCommand.self, FusionCommand.self, ThesisCommand.self, ViewCommand.self, ScenarioCommand.self, BenchCommand.self]
    )
}
