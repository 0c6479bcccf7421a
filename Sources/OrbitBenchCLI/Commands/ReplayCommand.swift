import ArgumentParser
import Foundation
import OrbitBench

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a capture session logged on a phone (or by simulate) through the selection code.",
        discussion: """
            SESSION is a folder with motion.csv (DeviceMotion updates, or raw gyroscope/accelerometer \
            /magnetometer samples fused with --filter) and frames.csv (camera frames), in the session \
            layout of docs/guides/sessions.md; --mapping names other columns and units. Motion and \
            frames go to the selector in delivery order, exactly as in `run`. Writes metrics.csv \
            (coverage, largest gap, frames by decision, estimated deviations, scores; truth-based \
            metrics when motion.csv has ref_* columns), frames.csv, slots.csv, recording.json, \
            summary.json and plots/coverage-polar.png, plots/timeline.png.

            Selection settings (selector, slots, weights, threshold, flood guard, lookup time) and \
            the device orientation come from --scenario (default orbit-72) and --set.

            Examples:
              orbitbench simulate motion-flood --seed 1 --out /tmp/sim
              orbitbench replay /tmp/sim/motion-flood-seed-1/session \\
                  --scenario motion-flood
              orbitbench replay my-phone-log --mapping my-phone.yaml \\
                  --set selection.threshold=8
              orbitbench replay my-raw-log --filter madgwick --out reports/replay-madgwick
              # with the pictures and the spin viewer:
              orbitbench replay /tmp/sim/shaky-hands-seed-3/session \\
                  --scenario shaky-hands --render
            """)

    @Argument(help: ArgumentHelp("Session folder holding motion.csv and frames.csv.", valueName: "session"))
    var session: String

    @Option(help: ArgumentHelp("YAML file mapping your column names and units onto the session layout.", valueName: "file"))
    var mapping: String?

    @Option(help: ArgumentHelp("Scenario whose selection settings and device orientation to use.", valueName: "name-or-path"))
    var scenario: String = Scenario.defaultName

    @Option(help: ArgumentHelp("Filter that fuses a raw motion log (default: the scenario's fusion.filter).", valueName: "name"))
    var filter: String?

    @Option(help: ArgumentHelp("Output directory (default: reports/replay-<session folder name>).", valueName: "dir"))
    var out: String?

    @OptionGroup var plotOptions: PlotOptions

    @Flag(
        help: """
            Put the selected frames' pictures in images/ with the spin viewer: the session's own \
            (beside frames.csv or in images/) where present, otherwise drawn from the reference \
            poses (ref_q*, ref_*_m) with the scenario's object and camera.
            """)
    var render = false

    @Option(help: ArgumentHelp("With --render: width of drawn images in px.", valueName: "px"))
    var renderWidth: Int = FrameImages.Settings().width

    @OptionGroup var scenarioOptions: ScenarioOptions
    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var workOptions: WorkOptions

    func validate() throws {
        try OutputOptions.check(out: out)
        if let filter {
            let names: [FilterName] = try ListParsing.names(filter, option: "--filter")
            guard names.count == 1 else { throw ValidationError("--filter takes one filter, e.g. --filter madgwick") }
        }
        guard (16...8192).contains(renderWidth) else { throw ValidationError("--render-width must be in 16...8192 px, e.g. 1280") }
    }

    func run() throws {
        workOptions.applyJobs()  // figures and --render's frames
        var settings = try scenarioOptions.loadCapture(scenario, for: "replay")
        if let filter { settings.fusion.filter = try ListParsing.names(filter, option: "--filter")[0] }
        // simulate writes <scenario>-seed-<N>/session/: name such a session after its parent.
        let folder = URL(fileURLWithPath: session).standardized
        let name = folder.lastPathComponent == "session" ? folder.deletingLastPathComponent().lastPathComponent : folder.lastPathComponent
        let destination = try out ?? OutputPath.resolve(name: "replay-\(name)", in: URL(fileURLWithPath: "reports"), what: "session folder name").path
        let log = try CommandFailure.wrapping { try Bench.session(session, mapping: mapping) }
        if filter != nil && !log.isRaw {
            throw CommandFailure(
                "\(session)/motion.csv holds DeviceMotion, fused on the phone: --filter applies to raw gyroscope/accelerometer logs only")
        }
        let report = try ReportDirectory(destination: URL(fileURLWithPath: destination), owner: "replay", overwrite: outputOptions.overwrite)
        let result = try Bench.replay(log, name: name, scenario: settings)
        var renderSettings = FrameImages.Settings()
        renderSettings.width = renderWidth
        let rendered = try ReplayReport.write(
            result, name: name, scenario: settings, to: report, figures: plotOptions.figures,
            origin: ReportOrigin(command: "replay", overrides: scenarioOptions.overrides),
            render: render ? ReplayReport.Rendering(settings: renderSettings, log: log, sessionFolder: folder) : nil)
        try report.commit()
        print(ReplayReport.table(result, name: name, scenario: settings))
        if let rendered { print(rendered.summary) }
        for warning in ReplayReport.warnings(result, log: log) {
            FileHandle.standardError.write(Data("orbitbench replay: warning: \(warning)\n".utf8))
        }
        print("wrote \(report.destination.path)/")
    }
}
