import Foundation

/// The harness as a library: every `orbitbench` command is one call here (or in the modules
/// this one re-exports), so your own program can do what the tool does, with your own
/// `FrameSelector` and `AttitudeFilter`.
///
///     import OrbitBench
///
///     let scenario = try Bench.scenario("orbit-72", overrides: ["camera.fps=60"])
///     let mine = try Bench.runCapture(scenario, seeds: [1, 2, 3]) { settings in MySelector(settings: settings) }
///     try Bench.writeCaptureReport(scenario, mine, to: "reports/mine")
public enum Bench {
    /// A file of the project's `scenarios/` folder (`scenarios/regression.yaml`,
    /// `scenarios/thesis`): the working directory's copy when there is one, else the one
    /// compiled into the binary (`bundled:scenarios/…`). Never the checkout the binary was
    /// built in: a copied binary behaves the same everywhere.
    public static func projectFile(_ relative: String) -> String {
        FileManager.default.fileExists(atPath: relative) ? relative : BundledFiles.scheme + relative
    }

    /// Where scenario names are looked up: the folders in `$ORBITBENCH_SCENARIOS` (separated
    /// by `:`), `./scenarios`, then the scenarios compiled into the binary.
    public static var scenarioDirectories: [String] {
        var directories: [String] = []
        if let environment = ProcessInfo.processInfo.environment["ORBITBENCH_SCENARIOS"], !environment.isEmpty {
            directories += environment.split(separator: ":").map(String.init)
        }
        return directories + ["scenarios", BundledFiles.scenarios]
    }

    /// A scenario by name (looked up in `searchDirectories`) or path to a `.yaml` file, with
    /// `key.path=value` overrides applied.
    /// `origin`: the flag the overrides came from, named by an error in one (`--set`).
    public static func scenario(
        _ reference: String, overrides: [String] = [], origin: String = "--set", searchDirectories: [String] = scenarioDirectories
    ) throws -> Scenario {
        let parsed = try overrides.map { text throws(ConfigError) in try ConfigOverride(parsing: text, origin: origin) }
        return try ScenarioLoader.resolve(reference, searchDirectories: searchDirectories, overrides: parsed)
    }

    /// Runs a capture scenario for `seeds` (default: the scenario's) on all cores with its own
    /// selector and filter (`selection.selector`, `fusion.filter`). Results in seed order.
    ///
    /// - Throws: `RunFailures<[CaptureRunResult]>` when the selector or filter threw or broke
    ///   its contract in some seeds: each failure (plug-in, seed, frame or time, rule) and the
    ///   results of the other seeds.
    public static func runCapture(_ scenario: Scenario, seeds: [UInt64]? = nil, progress: (@Sendable (Int) -> Void)? = nil) throws
        -> [CaptureRunResult]
    {
        let seeds = seeds ?? scenario.seeds
        return try collectingFailures(
            try Parallel.mapCollectingFailures(seeds.count, progress: progress) { try CaptureRunner.run(scenario, seed: seeds[$0]) })
    }

    /// Runs a capture scenario for `seeds` with the selector `makeSelector` builds from the
    /// scenario's capture settings (a fresh one per seed), on all cores. Results in seed order;
    /// failures as `runCapture(_:seeds:progress:)`.
    public static func runCapture<Selector: FrameSelector>(
        _ scenario: Scenario, seeds: [UInt64]? = nil, selector makeSelector: @escaping @Sendable (CaptureSettings) -> Selector
    ) throws -> [CaptureRunResult] {
        let seeds = seeds ?? scenario.seeds
        let settings = scenario.captureSettings
        return try collectingFailures(
            try Parallel.mapCollectingFailures(seeds.count) { try CaptureRunner.run(scenario, seed: seeds[$0], selector: makeSelector(settings)) })
    }

    /// The values, or `RunFailures` with the failures and the values there are.
    static func collectingFailures<Value: Sendable>(_ results: [Result<Value, PluginFailure>]) throws(RunFailures<[Value]>) -> [Value] {
        var values: [Value] = [], failures: [PluginFailure] = []
        for result in results {
            switch result {
            case .success(let value): values.append(value)
            case .failure(let failure): failures.append(failure)
            }
        }
        guard failures.isEmpty else { throw RunFailures(failures: failures, completed: values, runs: results.count) }
        return values
    }

    /// Writes `orbitbench run`'s folder for one capture scenario: metrics.csv, frames.csv,
    /// slots.csv, summary.json, recording.json and (with `plots`) plots/*.png, and with
    /// `failures` (of `RunFailures`) failures.csv. Written to a staging folder and moved into
    /// place, so a failure leaves no half-written report.
    @discardableResult
    public static func writeCaptureReport(
        _ scenario: Scenario, _ results: [CaptureRunResult], to directory: String, figures: FigureFormat? = .png,
        origin: ReportOrigin = ReportOrigin(command: "run"), overwrite: Bool = false, render: FrameImages.Settings? = nil,
        failures: [PluginFailure] = []
    ) throws -> RenderOutcome? {
        guard !results.isEmpty || failures.isEmpty else {
            try writeReport(scenario, .capture([]), to: directory, figures: figures, origin: origin, overwrite: overwrite, failures: failures)
            return nil
        }
        let report = try ReportDirectory(destination: URL(fileURLWithPath: directory), owner: origin.command, overwrite: overwrite)
        let rendered = try CaptureReport.write(
            scenario: scenario, results, to: report, figures: figures, origin: origin, render: render, failures: failures)
        try report.commit()
        return rendered
    }

    /// Reads a session folder (motion.csv, frames.csv; see docs/guides/sessions.md), optionally
    /// through a mapping file for other column names and units.
    public static func session(_ directory: String, mapping mappingFile: String? = nil) throws -> CaptureSessionLog {
        let mapping = try mappingFile.map { path throws(ConfigError) in try SessionMapping.load(path) } ?? SessionMapping()
        return try SessionLogReader.read(directory: directory, mapping: mapping)
    }

    /// Replays a logged session through the selector and filter of `scenario`
    /// (`selection.selector`, `selection.*`, `fusion.*`, the orbit's device orientation).
    ///
    /// - Throws: `PluginFailure` when the filter or selector throws or breaks its contract.
    public static func replay(_ log: CaptureSessionLog, name: String, scenario: Scenario) throws(PluginFailure) -> CaptureRunResult {
        try SessionReplay.run(log, name: name, settings: scenario.captureSettings, fusion: scenario.fusion.settings)
    }

    /// Replays a logged session through `selector`, with the scenario's filter for raw logs.
    public static func replay<Selector: FrameSelector>(_ log: CaptureSessionLog, name: String, scenario: Scenario, selector: Selector)
        throws(PluginFailure) -> CaptureRunResult
    {
        let settings = scenario.captureSettings
        return try SessionReplay.run(
            log, name: name, selector: selector, orientation: settings.orientation, slotCount: settings.slotCount, fusion: scenario.fusion.settings)
    }

    /// Writes `orbitbench replay`'s folder: metrics.csv, frames.csv, slots.csv, summary.json,
    /// recording.json and the coverage and timeline plots.
    public static func writeReplayReport(
        _ result: CaptureRunResult, name: String, scenario: Scenario, to directory: String, figures: FigureFormat? = .png,
        origin: ReportOrigin = ReportOrigin(command: "replay"), overwrite: Bool = false
    ) throws {
        let report = try ReportDirectory(destination: URL(fileURLWithPath: directory), owner: origin.command, overwrite: overwrite)
        try ReplayReport.write(result, name: name, scenario: scenario, to: report, figures: figures, origin: origin)
        try report.commit()
    }
}
