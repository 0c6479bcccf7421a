import ArgumentParser
import Foundation
import Scenarios

/// Where scenarios are found and how they are adjusted on the command line.
struct ScenarioOptions: ParsableArguments {
    @Option(name: .customLong("set"), help: ArgumentHelp(
        "Override a scenario key for this invocation (repeatable).", valueName: "key.path=value"))
    var overrides: [String] = []

    @Option(help: ArgumentHelp("Extra directory to look up scenario names in (before ./scenarios).", valueName: "dir"))
    var scenarioDir: String?

    func validate() throws {
        for text in overrides {
            do { _ = try ConfigOverride(parsing: text) } catch { throw ValidationError("--set \(text): \(error.message)") }
        }
    }

    var parsedOverrides: [ConfigOverride] {
        overrides.compactMap { try? ConfigOverride(parsing: $0) }
    }

    /// Search order: --scenario-dir, $ORBITBENCH_SCENARIOS, ./scenarios, the scenarios folder of
    /// the checkout the executable was built in.
    var searchDirectories: [String] {
        var directories: [String] = []
        if let scenarioDir { directories.append(scenarioDir) }
        if let environment = ProcessInfo.processInfo.environment["ORBITBENCH_SCENARIOS"], !environment.isEmpty {
            directories.append(environment)
        }
        directories.append("scenarios")
        if let checkout = Self.checkoutScenarios() { directories.append(checkout) }
        return directories
    }

    func load(_ reference: String) throws -> Scenario {
        try ScenarioLoader.resolve(reference, searchDirectories: searchDirectories, overrides: parsedOverrides)
    }

    /// `<checkout>/scenarios` for an executable at `<checkout>/.build/…/orbitbench`.
    static func checkoutScenarios() -> String? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent("scenarios")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("\(Scenario.defaultName).yaml").path) {
                return candidate.path
            }
            directory.deleteLastPathComponent()
        }
        return nil
    }
}
