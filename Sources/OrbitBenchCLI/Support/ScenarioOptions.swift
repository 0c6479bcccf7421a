import ArgumentParser
import Foundation
import OrbitBench

/// Where scenarios are found and how they are adjusted on the command line.
struct ScenarioOptions: ParsableArguments {
    @Option(
        name: .customLong("set"),
        help: ArgumentHelp(
            "Override a scenario key for this invocation (repeatable).", valueName: "key.path=value"))
    var overrides: [String] = []

    @Option(help: ArgumentHelp("Extra directory to look up scenario names in (before ./scenarios).", valueName: "dir"))
    var scenarioDir: String?

    func validate() throws {
        if let scenarioDir {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: scenarioDir, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("--scenario-dir \(scenarioDir): no such folder")
            }
        }
        for text in overrides {
            do { _ = try ConfigOverride(parsing: text) } catch { throw ValidationError("--set \(TextExcerpt.quoted(text)): \(error.message)") }
        }
    }

    var parsedOverrides: [ConfigOverride] {
        overrides.compactMap { try? ConfigOverride(parsing: $0) }
    }

    /// Search order: --scenario-dir, then `Bench.scenarioDirectories` ($ORBITBENCH_SCENARIOS,
    /// ./scenarios, the scenarios compiled into the binary).
    var searchDirectories: [String] { Self.searchDirectories(extra: scenarioDir) }

    static func searchDirectories(extra: String?) -> [String] {
        (extra.map { [$0] } ?? []) + Bench.scenarioDirectories
    }

    /// A scenario along a recorded trajectory says where its motion came from and whether the
    /// object's centre was fitted (on standard error: the outputs stay what they are).
    func load(_ reference: String) throws -> Scenario {
        let scenario = try ScenarioLoader.resolve(reference, searchDirectories: searchDirectories, overrides: parsedOverrides)
        if let imported = scenario.world.imported {
            FileHandle.standardError.write(Data("orbitbench: \(scenario.name) moves along \(TextExcerpt.escaped(imported.description))\n".utf8))
        }
        return scenario
    }

    /// The `--set fusion.parameters.<name>=<number>` overrides for a command that runs every
    /// filter of `filters`, checked against what those filters declare (each parameter applies
    /// to every filter that declares it; `Scenario.fusionParameters`), and the other overrides.
    func fusionParameters(for filters: [FilterName]) throws -> (parameters: [String: Double], others: [ConfigOverride]) {
        var parameters: [String: Double] = [:], others: [ConfigOverride] = []
        for override in parsedOverrides {
            guard override.path.count == 3, override.path[0] == "fusion", override.path[1] == "parameters" else {
                others.append(override)
                continue
            }
            guard let value = NumberText.decimal(override.value), value.isFinite else {
                throw CommandFailure("--set \(override): fusion.parameters.\(override.path[2]) takes a number")
            }
            parameters[override.path[2]] = value
        }
        if !parameters.isEmpty {
            _ = try CommandFailure.wrapping { try Scenario.fusionParameters(parameters, filters: filters.map(\.rawValue)) }
        }
        return (parameters, others)
    }

    /// `load`, with `fusion.parameters` of the filters a multi-filter command runs (`fusion
    /// --filters`): given parameters go to every filter that declares them.
    func load(_ reference: String, runningFilters filters: [FilterName]) throws -> Scenario {
        let (parameters, others) = try fusionParameters(for: filters)
        var scenario = try ScenarioLoader.resolve(reference, searchDirectories: searchDirectories, overrides: others)
        let merged = scenario.fusion.parameters.merging(parameters) { $1 }
        scenario.fusion.parameters = try CommandFailure.wrapping { try Scenario.fusionParameters(merged, filters: filters.map(\.rawValue)) }
        if let imported = scenario.world.imported {
            FileHandle.standardError.write(Data("orbitbench: \(scenario.name) moves along \(TextExcerpt.escaped(imported.description))\n".utf8))
        }
        return scenario
    }

    /// Loads a scenario that `command` can handle only if it is a capture scenario (or, with
    /// `handheld`, a hand-held one: commands that simulate the IMU and nothing else).
    func loadCapture(_ reference: String, for command: String, handheld: Bool = false, runningFilters filters: [FilterName]? = nil) throws -> Scenario
    {
        let scenario = try filters.map { try load(reference, runningFilters: $0) } ?? load(reference)
        guard scenario.kind == .capture || (handheld && scenario.kind == .handheld) else {
            let accepted = handheld ? "capture and handheld scenarios" : "capture scenarios"
            let hint = scenario.kind == .handheld ? "orbitbench fusion \(reference)" : "orbitbench run \(reference)"
            throw CommandFailure(
                "orbitbench \(command): \(scenario.name) is a \(scenario.kind.rawValue) scenario; \(command) works on \(accepted) (try: \(hint))")
        }
        return scenario
    }
}
