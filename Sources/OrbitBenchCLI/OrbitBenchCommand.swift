import ArgumentParser
import Foundation
import CPlatform
import OrbitBench

/// The `orbitbench` command line. An executable of your own that first registers selectors
/// (`SelectorRegistry.register`) and filters (`FilterRegistry.register`) and then calls
/// `OrbitBenchCommand.main()` can use them by name in every command.
public struct OrbitBenchCommand: ParsableCommand {
    public init() {}

    /// Parses `arguments` (default: the process's) and runs the command; exits the process.
    ///
    /// Exit codes: 0 success (and `--help`, `--version`); 1 the check failed (`regress` found a
    /// regression); 2 a usage or input error (bad arguments, unreadable or invalid files), with
    /// a one-line message on stderr (`ErrorLine`: escaped, at most 300 characters).
    public static func main(_ arguments: [String]? = nil) { main(arguments, root: Self.self) }

    /// The same for a root command of your own — typically this one's `configuration` with
    /// more subcommands (the orbitbench executable adds `bench` this way, so that embedders of
    /// this library do not link the benchmarks).
    public static func main(_ arguments: [String]? = nil, root: any ParsableCommand.Type) {
        _ = platform_keep_freed_memory()
        let failure: Error?
        do {
            var command = try root.parseAsRoot(arguments)
            try command.run()
            failure = nil
        } catch {
            failure = error
        }
        guard let failure else { return }
        if let code = failure as? ExitCode { root.exit(withError: code) }
        guard root.exitCode(for: failure) != .success else { root.exit(withError: failure) }
        let printed = ErrorLine.printed(message: root.message(for: failure), full: root.fullMessage(for: failure))
        FileHandle.standardError.write(Data((printed + "\n").utf8))
        Foundation.exit(2)
    }

    public static let configuration = CommandConfiguration(
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
        subcommands: [
            RunCommand.self, SweepCommand.self, TuneCommand.self, RegressCommand.self, CalibrateCommand.self, SimulateCommand.self,
            MergeCommand.self, ReplayCommand.self, PlotCommand.self, CompareCommand.self, FusionCommand.self, ThesisCommand.self, ViewCommand.self,
            ScenarioCommand.self,
            MetricsCommand.self, MotionCommand.self, ValidateCommand.self, ProbeRecordingCommand.self,
        ]
    )
}
