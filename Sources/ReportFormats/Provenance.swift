import BundledFiles
import Foundation
import Plotting
import ReportIO
import Scenarios

/// What made a report: written as provenance.json into every output folder, with the resolved
/// scenarios beside it, and carried by every PNG's text chunks. Loading a folder's
/// `scenario.resolved.yaml` (or `scenarios/<name>.resolved.yaml`) and running the same
/// command with the same seeds reproduces its files byte for byte.
public struct ReportOrigin: Codable, Equatable, Sendable {
    /// "orbitbench <version>".
    public var tool: String
    /// The git commit the binary was built from; nil when it was not built in a git checkout.
    public var sourceRevision: String?
    /// The command (`run`, `sweep`, …).
    public var command: String
    /// The whole command line, program name first.
    public var arguments: [String]
    /// The `--set` overrides, as given.
    public var overrides: [String]
    public var scenarios: [String]
    public var seeds: [UInt64]

    public init(
        command: String, scenarios: [String] = [], seeds: [UInt64] = [], overrides: [String] = [],
        arguments: [String] = CommandLine.arguments
    ) {
        tool = "orbitbench \(ToolVersion.current)"
        sourceRevision = BundledFiles.sourceRevision
        self.command = command
        self.arguments = arguments
        self.overrides = overrides
        self.scenarios = scenarios
        self.seeds = seeds.reduce(into: [UInt64]()) { if !$0.contains($1) { $0.append($1) } }
    }

    /// The same origin for other scenarios and seeds (one folder of a multi-scenario run).
    public func with(scenarios: [String], seeds: [UInt64]) -> ReportOrigin {
        var copy = self
        copy.scenarios = scenarios
        copy.seeds = seeds.reduce(into: [UInt64]()) { if !$0.contains($1) { $0.append($1) } }
        return copy
    }

    /// PNG text chunks: Software (tool and revision), Source (command and scenarios), Comment
    /// (seeds and overrides).
    public var pngTexts: [PNGText] {
        var comment = "seeds \(seeds.map(String.init).joined(separator: ","))"
        if !overrides.isEmpty { comment += "; overrides \(overrides.joined(separator: " "))" }
        return [
            PNGText("Software", "\(tool)\(sourceRevision.map { " (\($0.prefix(12)))" } ?? "")"),
            PNGText("Source", "orbitbench \(command): scenarios \(scenarios.joined(separator: ", "))"),
            PNGText("Comment", comment),
        ]
    }
}

extension ReportDirectory {
    /// Writes provenance.json and each scenario as YAML with every key: `scenario.resolved.yaml`
    /// for one scenario, `scenarios/<name>.resolved.yaml` for several.
    public func record(_ origin: ReportOrigin, scenarios: [Scenario]) throws {
        try write(Array(try ReportJSON.encode(origin)), to: "provenance.json")
        if scenarios.count == 1 {
            try write(ScenarioLoader.yaml(for: scenarios[0]), to: "scenario.resolved.yaml")
        } else {
            for scenario in scenarios { try write(ScenarioLoader.yaml(for: scenario), to: "scenarios/\(scenario.name).resolved.yaml") }
        }
    }
}

/// The text chunks every PNG carries.
public enum Provenance {
    /// For figures drawn outside a report folder (a sweep's, a comparison).
    public static func texts(command: String, scenarios: [String], seeds: [UInt64], overrides: [String] = []) -> [PNGText] {
        ReportOrigin(command: command, scenarios: scenarios, seeds: seeds, overrides: overrides).pngTexts
    }
}

/// Mean and sample standard deviation, for summary tables.
public struct MeanAndSpread: Sendable, Equatable {
    public var mean: Double
    public var standardDeviation: Double
    public var count: Int

    public init(_ values: [Double]) {
        let finite = values.filter(\.isFinite)
        count = finite.count
        mean = finite.isEmpty ? .nan : finite.reduce(0, +) / Double(finite.count)
        if finite.count > 1 {
            let m = mean
            standardDeviation = (finite.map { ($0 - m) * ($0 - m) }.reduce(0, +) / Double(finite.count - 1)).squareRoot()
        } else {
            standardDeviation = 0
        }
    }

    /// "1.23 ± 0.45" (or "1.23" for a single value).
    public func formatted(decimals: Int) -> String {
        guard mean.isFinite else { return "–" }
        let m = AxisTicks.format(mean, decimals: decimals).replacingOccurrences(of: "−", with: "-")
        guard count > 1 else { return m }
        return "\(m) ± \(AxisTicks.format(standardDeviation, decimals: decimals))"
    }
}

/// "1 seed", "3 seeds": a count and its noun, singular when it is one.
public func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
