import BundledFiles
import Foundation

/// Finds, reads and validates scenario files.
public enum ScenarioLoader {
    /// Parses and validates scenario YAML. `fileName` names the file in errors and gives the
    /// default scenario name.
    public static func parse(yaml: String, fileName: String, overrides: [ConfigOverride] = []) throws(ConfigError) -> Scenario {
        do throws(ConfigError) {
            var node = try YAMLReader.parse(yaml)
            for override in overrides { try override.apply(to: &node) }
            var scenario = Scenario()
            scenario.name = URL(fileURLWithPath: fileName).deletingPathExtension().lastPathComponent
            try ConfigSchema.scenario.decode(node, into: &scenario, path: ConfigPath())
            try scenario.resolvePluginParameters { section, name in node[section]?["parameters"]?[name]?.line ?? node[section]?.line }
            if scenario.trajectory.isEnabled {
                do throws(ConfigError) {
                    try scenario.importTrajectory(relativeTo: URL(fileURLWithPath: fileName).deletingLastPathComponent().path)
                } catch {
                    var located = error
                    located.line = located.line ?? node["trajectory"]?["source"]?.line
                    throw located
                }
            }
            return scenario
        } catch {
            // A bad value that came from the command line is the command line's fault, not the file's.
            if let override = overrides.last(where: { $0.path.joined(separator: ".") == error.keyPath }) {
                var located = error
                located.file = "\(override.origin) \(override)"
                located.line = nil
                throw located
            }
            throw error.inFile(fileName)
        }
    }

    /// Reads and validates the scenario file at `path`.
    public static func load(path: String, overrides: [ConfigOverride] = []) throws(ConfigError) -> Scenario {
        guard let data = ProjectFiles.contents(atPath: path) else {
            throw ConfigError(file: path, keyPath: "", message: ProjectFiles.unreadable(path))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(file: path, keyPath: "", message: "not UTF-8 text")
        }
        // An empty file (or only comments) is a mistake, not a request for every default:
        // `orbitbench scenario show default` is that.
        let content = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard content.contains(where: { !$0.isEmpty && !$0.hasPrefix("#") && $0 != "---" && $0 != "..." }) else {
            throw ConfigError(
                file: path, keyPath: "",
                message: "holds no settings (empty, or comments only); write at least `name:`, or copy one: orbitbench scenario show default")
        }
        return try parse(yaml: text, fileName: path, overrides: overrides)
    }

    /// The built-in default scenario with overrides applied.
    public static func builtInDefault(overrides: [ConfigOverride] = []) throws(ConfigError) -> Scenario {
        try parse(yaml: "{}", fileName: "\(Scenario.defaultName) (built in)", overrides: overrides).renamed(Scenario.defaultName)
    }

    /// A scenario by path or by name. A name (no slash, no .yaml) is looked up as
    /// `<directory>/<name>.yaml` in each search directory in turn; the built-in default
    /// answers to its name when no file provides it.
    public static func resolve(_ reference: String, searchDirectories: [String], overrides: [ConfigOverride] = []) throws(ConfigError) -> Scenario {
        let looksLikePath = reference.contains("/") || reference.hasSuffix(".yaml") || reference.hasSuffix(".yml")
        if looksLikePath { return try load(path: reference, overrides: overrides) }
        for directory in searchDirectories {
            let candidate = directory + "/\(reference).yaml"
            if ProjectFiles.fileExists(atPath: candidate) { return try load(path: candidate, overrides: overrides) }
        }
        if reference == Scenario.defaultName { return try builtInDefault(overrides: overrides) }
        let known = availableNames(in: searchDirectories)
        let hint = known.isEmpty ? "no scenarios directory found" : "known: \(known.joined(separator: ", "))"
        throw ConfigError(file: reference, keyPath: "", message: "no scenario of that name (\(hint))")
    }

    /// Names of the scenario files in the search directories (the regression suite file is not
    /// a scenario).
    public static func availableNames(in directories: [String]) -> [String] {
        var names = Set<String>()
        for directory in directories {
            let files = ProjectFiles.contentsOfDirectory(atPath: directory)
            for file in files where file.hasSuffix(".yaml") && file != RegressionSuite.fileName { names.insert(String(file.dropLast(5))) }
        }
        return names.sorted()
    }

    /// The fully resolved scenario as YAML: every key its kind uses, with its value.
    public static func yaml(for scenario: Scenario) -> String {
        // Without a recorded trajectory or a spread their sections are left out: resolved
        // scenarios (and the digests of sweeps and regress runs made from them) stay what they
        // were before these existed.
        let unused = Set(
            scenario.kind.unusedSections + (scenario.trajectory.isEnabled ? [] : ["trajectory"]) + (scenario.spread.isEmpty ? ["spread"] : []))
        guard let entries = ConfigSchema.scenario.encode(scenario).entries else { return "" }
        return ConfigNode.mapping(entries.filter { !unused.contains($0.key) }.map { ($0.key, $0.value) }).yaml
    }

    /// Documentation of every key: path, type and range, default, meaning; then the
    /// parameters the registered plug-ins declare.
    public static func keyReference() -> [KeyDescription] {
        ConfigSchema.scenario.describe(Scenario(), path: ConfigPath()) + pluginParameterKeys()
    }
}

extension Scenario {
    /// Reads `trajectory.source` (relative to `directory`) into `world.imported` and checks what
    /// depends on its length.
    mutating func importTrajectory(relativeTo directory: String) throws(ConfigError) {
        let imported = try trajectory.load(
            relativeTo: directory, objectCenter: world.object.center, fitObject: kind == .capture && trajectory.fitObjectCenter,
            gravity: world.environment.gravity)
        if kind == .capture && world.camera.recordStart >= imported.duration - 1 {
            throw ConfigError(
                keyPath: "camera.record_start_s",
                message:
                    "\(ConfigNumber.format(world.camera.recordStart)) must be at least 1 s before the recorded trajectory ends (\(ConfigNumber.format(imported.duration)) s)"
            )
        }
        let samples = imported.duration * world.imu.rate
        guard samples <= Double(ScenarioLimits.maximumImuSamples) else {
            throw ConfigError(
                keyPath: "trajectory.source",
                message:
                    "the recorded trajectory lasts \(ConfigNumber.format(imported.duration.rounded())) s at \(ConfigNumber.format(world.imu.rate)) Hz: more than the \(ScenarioLimits.maximumImuSamples) IMU samples one run may simulate; raise the limit with ORBITBENCH_MAX_SAMPLES"
            )
        }
        world.imported = imported
        trajectory.source = imported.source
    }

    /// The same scenario under another name (a report's label for it).
    package func renamed(_ name: String) -> Scenario {
        var copy = self
        copy.name = name
        return copy
    }
}
