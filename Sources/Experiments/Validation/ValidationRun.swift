import Execution
import Fusion
import Recordings
import Runs
import Scenarios
import Simulation
import StatisticsKit

/// `orbitbench validate`: does a hand-held scenario calibrated on some trials of a group
/// predict the filters' errors on a trial it has not seen?
///
/// Per group (`ValidationGroup`): every trial's keys are fitted (`TrialKeyFit`); the group's
/// scenario is calibrated on all its trials (in sample) and, for groups of two or more, on all
/// but one, for each trial in turn (leave-one-trial-out, `FoldCalibration`); each calibration
/// is simulated with every seed (keys drawn per seed) and every filter runs on the simulated
/// and on the real trials with the same settings, errors as `fusion --recording` measures
/// them (total RMSE over the evaluated samples, 9D). The metrics are `ValidationMetrics`.
public struct ValidationRun: Sendable {
    public var settings: ValidationSettings
    public var groups: [ValidationGroup]
    /// Trials no scenario describes, with the reason.
    public var skipped: [(trial: String, reason: String)]
    /// Each trial's fit, in group order.
    public var fits: [TrialKeyFit]
    /// Folds in group order: each group's in-sample fold, then its held-out folds.
    public var folds: [FoldCalibration]
    /// Filter labels, in `settings.filters` order.
    public var filters: [String]
    /// Total RMSE (°) per trial and filter label.
    public var real: [String: [String: Double]]
    /// Per fold (as `folds`), per filter (as `filters`): the total RMSE (°) of every seed.
    public var predicted: [[[Double]]]

    /// Runs the validation on `recordings` (real trials with BROAD groups and a reference).
    ///
    /// - Parameters:
    ///   - scenario: resolves a group's scenario name (with the caller's overrides).
    ///   - progress: called with the number of finished simulations of `total` (stage by stage).
    /// - Throws: `ExperimentError` for a scenario that is not hand-held or a trial without a
    ///   reference or magnetometer; errors of the scenario lookup, the simulation and filters.
    public static func run(
        recordings: [SensorRecording], settings: ValidationSettings, scenario resolve: (String) throws -> Scenario,
        progress: (@Sendable (_ stage: String, _ finished: Int, _ total: Int) -> Void)? = nil
    ) throws -> ValidationRun {
        guard !settings.filters.isEmpty else { throw ExperimentError("no filters to validate") }
        // Folds, files and rows are named by the trial and its number ("05"): both must be unique.
        var seen: [String: String] = [:]
        for recording in recordings {
            for name in Set([recording.name, FoldCalibration.short(recording.name)]) {
                if let other = seen[name] {
                    throw ExperimentError(
                        "\(recording.file): trial '\(name)' is given twice (also \(other)); give each trial once, with a name of its own")
                }
                seen[name] = recording.file
            }
        }
        let (groups, ungrouped) = ValidationGroup.grouping(recordings.map { ($0.name, $0.groups) })
        let groupsOf = Dictionary(recordings.map { ($0.name, $0.groups) }, uniquingKeysWith: { first, _ in first })
        let skipped = ungrouped.map { trial in
            (
                trial: trial,
                reason: groupsOf[trial]?.isEmpty ?? true
                    ? "no BROAD groups (trials.json beside it does not name it)" : "no scenario describes its BROAD groups"
            )
        }
        // Nothing to validate is an error, not an empty report.
        guard !groups.isEmpty else {
            let first =
                skipped.first.map { skip in
                    " (\(recordings.first { $0.name == skip.trial }?.file ?? skip.trial): \(skip.reason))"
                } ?? ""
            throw ExperimentError("no trial belongs to a group a broad-* scenario describes\(first)")
        }
        var resolved: [String: Scenario] = [:]
        for group in groups {
            let scenario = try resolve(group.scenario)
            guard scenario.kind == .handheld else {
                throw ExperimentError("\(group.scenario) is a \(scenario.kind.rawValue) scenario; validate needs hand-held ones")
            }
            resolved[group.name] = scenario
        }
        let scenarios = resolved
        let byName = Dictionary(recordings.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for recording in recordings where !ungrouped.contains(recording.name) {
            guard recording.truth?.contains(where: { $0 != nil }) == true else {
                throw ExperimentError("\(recording.file): no reference attitude, so no error to predict")
            }
            guard FusionInput(recording: recording).hasReference else {
                throw ExperimentError("\(recording.file): no sample is marked as moving (BROAD's movement), so no error to predict")
            }
            guard recording.magnetometer != nil else { throw ExperimentError("\(recording.file): no magnetometer; validate runs the 9D filters") }
        }
        let groupOf = Dictionary(groups.flatMap { group in group.trials.map { ($0, group.name) } }, uniquingKeysWith: { first, _ in first })
        let trials = groups.flatMap(\.trials)

        // Each trial's keys, fitted against its group's scenario.
        let fitList = try Parallel.map(trials.count, progress: stage(progress, "fit", of: trials.count)) { index -> TrialKeyFit in
            let trial = trials[index]
            let statistics = TrialStatistics(TrialSignals(FusionInput(recording: byName[trial]!)))
            return try TrialKeyFit.fit(
                trial: trial, statistics: statistics, base: scenarios[groupOf[trial]!]!, seeds: settings.fitSeeds,
                iterations: settings.fitIterations, kept: settings.kept)
        }
        let fits = Dictionary(fitList.map { ($0.trial, $0) }, uniquingKeysWith: { (first: TrialKeyFit, _: TrialKeyFit) in first })
        let folds = groups.flatMap { group in
            group.folds.map {
                var fold = FoldCalibration(
                    base: scenarios[group.name]!, group: group.name, training: $0.training, heldOut: $0.heldOut, fits: fits, groupOf: groupOf,
                    kept: settings.kept)
                fold.scenario.seeds = settings.seeds  // its file predicts with the seeds the run did
                return fold
            }
        }

        // The real errors.
        let filters = settings.filters
        let realJobs = trials.flatMap { trial in filters.map { (trial, $0) } }
        let realErrors = try Parallel.map(realJobs.count) { index -> Double in
            let (trial, filter) = realJobs[index]
            let input = FusionInput(recording: byName[trial]!)
            return try scenarios[groupOf[trial]!]!.fusion.settings.withFilter(
                filter, FilterRunner(input: input, kind: filter, useMagnetometer: true, run: (trial, nil))
            ).get().rmse.totalDegrees
        }
        var real: [String: [String: Double]] = [:]
        for (job, error) in zip(realJobs, realErrors) { real[job.0, default: [:]][job.1.rawValue] = error }

        // The predictions: every fold, every seed, every filter.
        let seeds = settings.seeds
        let jobs = folds.indices.flatMap { fold in seeds.map { (fold, $0) } }
        let errors = try Parallel.map(jobs.count, progress: stage(progress, "predict", of: jobs.count)) { index -> [Double] in
            let (fold, seed) = jobs[index]
            let scenario = folds[fold].scenario
            let input = try FusionInput(scenario: scenario, seed: seed)
            return try filters.map { filter throws(PluginFailure) in
                try scenario.fusion.settings.withFilter(
                    filter, FilterRunner(input: input, kind: filter, useMagnetometer: true, run: (scenario.name, seed))
                ).get().rmse.totalDegrees
            }
        }
        let predicted = folds.indices.map { fold in
            filters.indices.map { filter in seeds.indices.map { errors[fold * seeds.count + $0][filter] } }
        }
        return ValidationRun(
            settings: settings, groups: groups, skipped: skipped, fits: trials.compactMap { fits[$0] }, folds: folds,
            filters: filters.map(\.rawValue), real: real, predicted: predicted)
    }
}

/// `progress` for one stage of `total` jobs.
private func stage(
    _ progress: (@Sendable (_ stage: String, _ finished: Int, _ total: Int) -> Void)?, _ name: String, of total: Int
) -> (@Sendable (Int) -> Void)? {
    guard let progress else { return nil }
    return { finished in progress(name, finished, total) }
}
