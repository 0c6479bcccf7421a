import BundledFiles
import Foundation
import ReportIO

/// How far a metric may move before `orbitbench regress` calls it a regression.
public struct MetricTolerance: Sendable, Equatable {
    /// A metrics.csv column; which way is better comes from the metric table.
    public var metric = ""
    /// Allowed change in the metric's unit.
    public var absolute = 0.0
    /// Allowed change as a fraction of the baseline value; the larger of the two applies.
    public var relative = 0.0

    public init() {}

    /// The allowed change around `baseline`.
    public func allowance(around baseline: Double) -> Double { max(absolute, relative * abs(baseline)) }
}

/// One scenario of the suite with its seeds and overrides.
public struct SuiteEntry: Sendable, Equatable {
    /// Scenario name or path.
    public var scenario = ""
    /// Row label in the baseline; defaults to the scenario name (must be unique).
    public var label = ""
    public var seeds: [UInt64] = [1]
    /// Overrides, `key.path=value`.
    public var overrides: [String] = []

    public init() {}

    public var name: String { label.isEmpty ? scenario : label }
}

/// The regression suite (`scenarios/regression.yaml`): which runs make up the benchmark and
/// how much each metric may move.
public struct RegressionSuite: Sendable, Equatable {
    public var description = ""
    public var entries: [SuiteEntry] = []
    public var tolerances: [MetricTolerance] = []

    public init() {}

    /// The default suite file, and a name `ScenarioLoader.availableNames` leaves out.
    public static let fileName = "regression.yaml"

    public static func load(path: String) throws(ConfigError) -> RegressionSuite {
        guard let data = ProjectFiles.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(file: path, keyPath: "", message: ProjectFiles.unreadable(path))
        }
        return try ConfigSchema.suite.decode(yaml: text, file: path, from: RegressionSuite())
    }
}

extension ConfigSchema where Root == RegressionSuite {
    static var suite: ConfigSchema {
        let fields: [ConfigField<RegressionSuite>] = [
            .text("description", \.description, help: "what the suite guards"),
            .list("scenarios", \.entries, .suiteEntry, template: SuiteEntry(), help: "the runs of the benchmark"),
            .list("tolerances", \.tolerances, .tolerance, template: MetricTolerance(), help: "how far each checked metric may move"),
        ]
        let checks: [(RegressionSuite) -> ConfigProblem?] = [
            { $0.entries.isEmpty ? ConfigProblem("scenarios", "needs at least one scenario") : nil },
            { $0.tolerances.isEmpty ? ConfigProblem("tolerances", "needs at least one metric to check") : nil },
            { suite in
                let names = suite.entries.map(\.name)
                guard let index = names.indices.first(where: { names[..<$0].contains(names[$0]) }) else { return nil }
                return ConfigProblem("scenarios", "\"\(names[index])\" appears twice; give one of them a label")
            },
            { suite in
                let metrics = suite.tolerances.map(\.metric)
                if let index = metrics.firstIndex(of: "") { return ConfigProblem("tolerances", "tolerance \(index) needs a metric") }
                guard let index = metrics.indices.first(where: { metrics[..<$0].contains(metrics[$0]) }) else { return nil }
                return ConfigProblem("tolerances", "\(metrics[index]) has two tolerances")
            },
        ]
        return ConfigSchema(fields, checks: checks)
    }
}

extension ConfigSchema where Root == SuiteEntry {
    static var suiteEntry: ConfigSchema {
        let fields: [ConfigField<SuiteEntry>] = [
            .text("scenario", \.scenario, help: "scenario name or path"),
            .text("label", \.label, help: "row label in the baseline (default: the scenario name)"),
            .seeds("seeds", \.seeds, 0...4_294_967_295, help: "seeds to run"),
            .texts("set", \.overrides, help: "overrides, key.path=value"),
        ]
        let checks: [(SuiteEntry) -> ConfigProblem?] = [
            { $0.scenario.isEmpty ? ConfigProblem("scenario", "needs a scenario name") : nil },
            // The entry's name labels its rows and names its resolved scenario in the report.
            { entry in
                guard !entry.scenario.isEmpty, let problem = OutputPath.problem(withName: entry.name) else { return nil }
                let key = entry.label.isEmpty ? "scenario" : "label"
                return ConfigProblem(
                    key,
                    "\(OutputPath.quoted(entry.name)) cannot name the entry's files: it \(problem); give the entry a label of letters, digits, '-' and '_'"
                )
            },
        ]
        return ConfigSchema(fields, checks: checks)
    }
}

extension ConfigSchema where Root == MetricTolerance {
    static var tolerance: ConfigSchema {
        ConfigSchema([
            .text("metric", \.metric, help: "metrics.csv column"),
            .number("abs", \.absolute, 0...1e9, help: "allowed change, in the metric's unit"),
            .number("rel", \.relative, 0...10, help: "allowed change as a fraction of the baseline"),
        ])
    }
}
