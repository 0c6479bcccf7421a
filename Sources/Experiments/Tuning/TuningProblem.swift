import Foundation
import Runs
import Scenarios
import Simulation
import StatisticsKit
import Execution
import Synchronization

/// One tuned key and the coordinate the simplex moves it in: log(value) for keys whose range
/// starts at 0 or above and whose start is positive (weights and thresholds scale
/// multiplicatively), the value itself otherwise. Values are clamped to the key's range — for
/// a plug-in parameter, the range the plug-in declared.
public struct TuningParameter: Sendable, Equatable {
    public var key: String
    public var range: ClosedRange<Double>
    public var start: Double
    public var isInteger: Bool
    public var logarithmic: Bool

    public init(key: String, scenario: Scenario) throws(ExperimentError) {
        if key.split(separator: ".").dropFirst().first == "parameters" {
            guard let declared = ScenarioLoader.pluginParameter(key, in: scenario) else {
                let plugin = key.hasPrefix("fusion.") ? "filter '\(scenario.fusion.filter)'" : "selector '\(scenario.selection.selector)'"
                throw ExperimentError("--params \(key): \(plugin) of \(scenario.name) declares no such parameter (see orbitbench scenario keys)")
            }
            range = declared.range
            isInteger = false
        } else {
            guard let description = ScenarioLoader.numericKey(key), let range = description.range else {
                throw ExperimentError("--params \(key): not a numeric scenario key (see orbitbench scenario keys)")
            }
            self.range = range
            isInteger = description.type.hasPrefix("integer")
        }
        guard let start = ScenarioLoader.numericValue(of: key, in: scenario) else {
            throw ExperimentError("--params \(key): \(scenario.name) has no such value (a list item that does not exist?)")
        }
        self.key = key
        self.start = start
        logarithmic = range.lowerBound >= 0 && start > 0
    }

    public var startCoordinate: Double { logarithmic ? log(start) : start }

    /// Initial simplex step: a factor of 2 in log space, else a tenth of the range (at most
    /// the start's magnitude, at least 1e-3).
    public var step: Double {
        if logarithmic { return log(2) }
        return max(1e-3, min((range.upperBound - range.lowerBound) / 10, abs(start) > 0 ? abs(start) : .infinity))
    }

    public func value(_ coordinate: Double) -> Double {
        var value = logarithmic ? exp(coordinate) : coordinate
        value = min(range.upperBound, max(range.lowerBound, value))
        return isInteger ? value.rounded() : value
    }

    public func override(_ value: Double) -> ConfigOverride {
        ConfigOverride(path: key.split(separator: ".").map(String.init), value: isInteger ? String(Int(value)) : "\(value)")
    }
}

/// The value of one candidate: the objective over all (scenario, seed) runs, the mean of each
/// objective and required metric per scenario, and how the candidate meets the requirements.
public struct TuningEvaluation: Sendable {
    public var values: [Double]
    /// Mean over every run of the objective; undefined runs cost `TuningProblem.undefinedPenalty`.
    public var objective: Double
    /// metricMeans[scenario][metric]: means over the seeds.
    public var metricMeans: [[String: Double]]
    public var undefinedRuns: Int
    /// unmetRequirements: (scenario, requirement) pairs whose mean over the seeds misses the
    /// bound, or where a run lacks the metric; 0 without requirements.
    public var unmetRequirements: Int
    /// seedsMeeting[scenario]: seeds whose run meets every requirement one by one (a mean can
    /// meet a bound several seeds miss); empty without requirements.
    public var seedsMeeting: [Int]
    /// Seeds per scenario.
    public var seedCount: Int

    public init(
        values: [Double], objective: Double, metricMeans: [[String: Double]], undefinedRuns: Int, unmetRequirements: Int = 0,
        seedsMeeting: [Int] = [], seedCount: Int = 0
    ) {
        self.values = values
        self.objective = objective
        self.metricMeans = metricMeans
        self.undefinedRuns = undefinedRuns
        self.unmetRequirements = unmetRequirements
        self.seedsMeeting = seedsMeeting
        self.seedCount = seedCount
    }

    /// What the search minimises: the objective plus `TuningProblem.requirementPenalty` for each
    /// unmet (scenario, requirement) pair, so any candidate that meets them beats any that does not.
    public var cost: Double { objective + Double(unmetRequirements) * TuningProblem.requirementPenalty }

    /// Every scenario's means meet every requirement.
    public var meetsRequirements: Bool { unmetRequirements == 0 }
}

/// Several scenarios tuned jointly over numeric keys, against an objective, with common random
/// numbers: every candidate is run on the same seeds, so differences come from the keys alone.
public final class TuningProblem: Sendable {
    public let sources: [ScenarioSource]
    public let scenarios: [Scenario]
    public let parameters: [TuningParameter]
    public let objective: ObjectiveExpression
    public let objectiveText: String
    /// Bounds on each scenario's mean over the seeds (`--require`); a candidate that misses one
    /// costs `requirementPenalty` more.
    public let requirements: [SweepConstraint]
    /// Simulated worlds by "scenario index/seed" when no tuned key changes the world (only
    /// selection and fusion keys): those runs are reused for every candidate.
    private let worlds = Mutex<[String: CaptureWorld]>([:])

    /// A run whose objective is undefined (e.g. blur with nothing selected) costs this much.
    public static let undefinedPenalty = 1000.0
    /// What each unmet (scenario, requirement) pair adds to a candidate's cost: more than the
    /// objective of any candidate that meets them, for objectives under 10⁶ (the default's are
    /// tens; an undefined run costs 1000).
    public static let requirementPenalty = 1_000_000.0

    /// The keys `tune` searches when none are given: the four weights of the quality distance
    /// and the threshold.
    public static let defaultKeys = [
        "selection.weights.roll", "selection.weights.pitch", "selection.weights.acceleration", "selection.weights.angle_offset",
        "selection.threshold",
    ]

    public init(sources: [ScenarioSource], keys: [String], objective text: String, requirements: [SweepConstraint] = []) throws {
        guard !sources.isEmpty else { throw ExperimentError("give at least one scenario") }
        guard !keys.isEmpty else { throw ExperimentError("--params: give at least one key") }
        let resolved = try sources.map { try $0.resolve() }
        if let other = resolved.first(where: { $0.kind != resolved[0].kind }) {
            throw ExperimentError("\(other.name) is a \(other.kind.rawValue) scenario and \(resolved[0].name) is not: tune one kind at a time")
        }
        scenarios = resolved
        parameters = try keys.map { key in try TuningParameter(key: key, scenario: resolved[0]) }
        let names = Set(resolved.flatMap(RunMetrics.columns(for:)))
        do { objective = try ObjectiveExpression(parsing: text, isMetric: { names.contains($0) }) } catch {
            throw ExperimentError("--objective: \(error.description)")
        }
        guard !objective.metrics.isEmpty else { throw ExperimentError("--objective: uses no metric") }
        for requirement in requirements where !names.contains(requirement.metric) {
            throw ExperimentError("--require \(requirement): \(resolved[0].name) has no metric \(requirement.metric) (see orbitbench metrics)")
        }
        self.sources = sources
        objectiveText = text
        self.requirements = requirements
    }

    /// "coverage ≥ 0.9, blur_obj_max_px ≤ 3", or nil without requirements.
    public var requirementSummary: String? { requirements.isEmpty ? nil : requirements.map(\.description).joined(separator: ", ") }

    /// The objective's metrics, then the required ones it does not use: what each evaluation
    /// keeps a mean of.
    public var reportedMetrics: [String] {
        objective.metrics
            + requirements.map(\.metric).reduce(into: [String]()) { list, name in
                if !objective.metrics.contains(name) && !list.contains(name) { list.append(name) }
            }
    }

    /// Whether candidate runs can reuse one simulated world per (scenario, seed).
    public var reusesWorlds: Bool {
        scenarios[0].kind == .capture && parameters.allSatisfy { $0.key.hasPrefix("selection.") || $0.key.hasPrefix("fusion.") }
    }

    /// Simulates every (scenario, seed) once, on all cores, when worlds can be reused.
    public func prepare(seeds: [UInt64]) throws {
        guard reusesWorlds else { return }
        let known = worlds.withLock { Set($0.keys) }
        let jobs = scenarios.indices.flatMap { scenario in seeds.map { (scenario, $0) } }.filter { !known.contains("\($0.0)/\($0.1)") }
        let runs = try Parallel.map(jobs.count) { job in
            CaptureWorld(run: try SimulatedRun(world: self.scenarios[jobs[job].0].world, seed: jobs[job].1))
        }
        worlds.withLock { worlds in
            for (job, run) in zip(jobs, runs) { worlds["\(job.0)/\(job.1)"] = run }
        }
    }

    /// The scenarios with the tuned keys set to `values`.
    public func scenarios(with values: [Double]) throws -> [Scenario] {
        let overrides = zip(parameters, values).map { $0.override($1) }
        return try sources.map { source in
            do { return try source.resolve(overrides) } catch {
                throw ExperimentError("\(overrides.map(\.description).joined(separator: ", ")): \(error)")
            }
        }
    }

    /// Runs every scenario with every seed for `values` and scores it.
    public func evaluate(_ values: [Double], seeds: [UInt64]) throws -> TuningEvaluation {
        let candidates = try scenarios(with: values)
        let jobs = candidates.indices.flatMap { scenario in seeds.map { (scenario, $0) } }
        let metrics = try Parallel.map(jobs.count) { job -> RunMetrics in
            let (scenario, seed) = jobs[job]
            if let world = self.worlds.withLock({ $0["\(scenario)/\(seed)"] }) {
                return RunMetrics(try CaptureRunner.run(candidates[scenario], world: world).metrics)
            }
            return try RunMetrics.evaluate(candidates[scenario], seed: seed)
        }
        var total = 0.0, undefined = 0, unmet = 0
        var means = [[String: Double]](repeating: [:], count: candidates.count)
        var meeting: [Int] = []
        for scenario in candidates.indices {
            let runs = zip(jobs, metrics).filter { $0.0.0 == scenario }.map(\.1)
            for name in reportedMetrics {
                let present = runs.compactMap { $0[name] }
                if !present.isEmpty { means[scenario][name] = Statistics.mean(present) }
            }
            guard !requirements.isEmpty else { continue }
            // A bound on a metric some run lacks (blur with nothing selected) is not met: the
            // mean of the others would flatter the candidate.
            unmet +=
                requirements.filter { requirement in
                    !requirement.admits(means[scenario][requirement.metric]) || runs.contains { $0[requirement.metric] == nil }
                }.count
            meeting.append(runs.filter { run in requirements.allSatisfy { $0.admits(run[$0.metric]) } }.count)
        }
        for run in metrics {
            if let value = objective.evaluate({ run[$0] }), value.isFinite {
                total += value
            } else {
                total += Self.undefinedPenalty
                undefined += 1
            }
        }
        return TuningEvaluation(
            values: values, objective: total / Double(max(metrics.count, 1)), metricMeans: means, undefinedRuns: undefined,
            unmetRequirements: unmet, seedsMeeting: meeting, seedCount: seeds.count)
    }
}
