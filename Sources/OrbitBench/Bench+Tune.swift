import Foundation

extension Bench {
    /// What `tune` found: the problem, the search with the tuned values, and the verdict on
    /// the held-out seeds.
    public struct Tuning: Sendable {
        public var problem: TuningProblem
        public var outcome: TuningOutcome
        public var trainSeeds: [UInt64]
        public var testSeeds: [UInt64]
    }

    /// `orbitbench tune`: Nelder–Mead over the numeric `keys` of `scenarios` (tuned jointly),
    /// minimising `objective` averaged over every scenario and training seed, then the
    /// defaults against the tuned values on the held-out `testSeeds`. `progress` gets each
    /// evaluation as it is made. `requirements` bound each scenario's mean over the seeds
    /// (`SweepConstraint(parsing: "coverage>=0.9")`): the search prefers any candidate that
    /// meets them, and the verdict gives the share of held-out seeds that do.
    ///
    ///     let source = ScenarioSource(reference: "shaky-hands", searchDirectories: Bench.scenarioDirectories)
    ///     let tuning = try Bench.tune([source], keys: ["selection.threshold"], trainSeeds: [1, 2], testSeeds: [101, 102], maxEvaluations: 20)
    ///     print(tuning.outcome.tuned, tuning.outcome.improvesHeldOut)
    ///     try Bench.writeTuningReport(tuning, to: "reports/tuning")
    ///
    /// - Throws: `ExperimentError` for a bad key, objective or seed list; `TuningFailure` when a
    ///   plug-in fails on a candidate (with the evaluations made before; `writeTuningReport`
    ///   takes it).
    public static func tune(
        _ scenarios: [ScenarioSource], keys: [String] = TuningProblem.defaultKeys, objective: String = ObjectiveExpression.defaultText,
        requirements: [SweepConstraint] = [], trainSeeds: [UInt64], testSeeds: [UInt64], maxEvaluations: Int = 150,
        progress: ((TuningRecord) -> Void)? = nil
    ) throws -> Tuning {
        let problem = try TuningProblem(sources: scenarios, keys: keys, objective: objective, requirements: requirements)
        let outcome = try Tuner.run(problem, trainSeeds: trainSeeds, testSeeds: testSeeds, maxEvaluations: maxEvaluations, progress: progress)
        return Tuning(problem: problem, outcome: outcome, trainSeeds: trainSeeds, testSeeds: testSeeds)
    }

    /// Writes `tune`'s folder: tuned.yaml (a block to paste into a scenario), tuning.csv (every
    /// evaluation), tuning.md (the verdict and tables), plots/tuning.png, provenance, report.html. Returns the stdout table.
    @discardableResult
    public static func writeTuningReport(
        _ tuning: Tuning, to directory: String, figures: FigureFormat? = .png, origin: ReportOrigin = ReportOrigin(command: "tune"),
        overwrite: Bool = false
    ) throws -> String {
        let (problem, outcome) = (tuning.problem, tuning.outcome)
        let origin = origin.with(scenarios: problem.scenarios.map(\.name), seeds: tuning.trainSeeds + tuning.testSeeds)
        let report = try ReportDirectory(destination: URL(fileURLWithPath: directory), owner: origin.command, overwrite: overwrite)
        try report.record(origin, scenarios: problem.scenarios)
        try report.write(TuningReport.yaml(outcome, problem: problem, trainSeeds: tuning.trainSeeds, testSeeds: tuning.testSeeds), to: "tuned.yaml")
        try report.write(TuningReport.csv(outcome.history, problem: problem).bytes, to: "tuning.csv")
        try report.write(
            TuningReport.markdown(outcome, problem: problem, trainSeeds: tuning.trainSeeds, testSeeds: tuning.testSeeds), to: "tuning.md")
        try report.writeFigure("plots/tuning.png", format: figures, origin: origin) { try TuningPlots.figure(outcome, problem: problem, output: $0) }
        try TuningReport.writePage(outcome, problem: problem, trainSeeds: tuning.trainSeeds, testSeeds: tuning.testSeeds, to: report, origin: origin)
        try report.commit()
        return TuningReport.table(outcome, problem: problem, trainSeeds: tuning.trainSeeds, testSeeds: tuning.testSeeds)
    }

    /// Writes the folder of a search a plug-in stopped: tuning.csv (the evaluations before
    /// the failure), failures.csv and provenance — no tuned values.
    public static func writeTuningReport(
        _ failure: TuningFailure, seeds: [UInt64], to directory: String, origin: ReportOrigin = ReportOrigin(command: "tune"), overwrite: Bool = false
    ) throws {
        let problem = failure.problem
        let origin = origin.with(scenarios: problem.scenarios.map(\.name), seeds: seeds)
        let report = try ReportDirectory(destination: URL(fileURLWithPath: directory), owner: origin.command, overwrite: overwrite)
        try report.record(origin, scenarios: problem.scenarios)
        try report.write(TuningReport.csv(failure.history, problem: problem).bytes, to: "tuning.csv")
        var failed = failure.failure
        failed.location += ", evaluation \(failure.history.count + 1)"
        try report.write(FailureReport.csv([failed]).bytes, to: "failures.csv")
        try report.writeHTMLReport(
            title: "Tuning stopped by a plug-in failure",
            summary: "The search stopped at evaluation \(failure.history.count + 1): no tuned values. tuning.csv holds the evaluations before it.",
            whatRan: HTMLReport.whatRan(origin: origin, scenarios: problem.scenarios), sections: [FailureReport.section([failed])], origin: origin)
        try report.commit()
    }
}
