import Experiments
import Foundation
import ReportIO
import Scenarios
import ReportFormats

/// The files and stdout summary of `orbitbench tune`.
public enum TuningReport {
    static func f(_ value: Double) -> String { String(format: "%.4f", value) }

    static func seedList(_ seeds: [UInt64]) -> String { seeds.map(String.init).joined(separator: ",") }

    /// tuned.yaml: the tuned keys as a block to paste into a scenario, with the evidence.
    public static func yaml(_ outcome: TuningOutcome, problem: TuningProblem, trainSeeds: [UInt64], testSeeds: [UInt64]) -> String {
        let overrides = zip(outcome.parameters, outcome.tuned).map { $0.override($1) }
        let fragment = ScenarioLoader.fragment(overrides)
        var text = """
            # Tuned by `orbitbench tune` (\(ToolVersion.current)) on \(problem.scenarios.map { $0.name }.joined(separator: ", ")).
            # Objective (minimised): \(problem.objectiveText)
            # Training seeds \(seedList(trainSeeds)): default \(f(outcome.defaultTrain.objective)) -> tuned \(f(outcome.tunedTrain.objective))
            # Held-out seeds \(seedList(testSeeds)): default \(f(outcome.defaultTest.objective)) -> tuned \(f(outcome.tunedTest.objective))\(verdictSuffix(outcome))\(requirementComment(outcome, problem: problem))
            # Paste the block below into a scenario file (or the defaults in the code).

            """
        for skipped in fragment.notWritten { text += "# list item, set it in its list: \(skipped.description)\n" }
        return text + fragment.yaml
    }

    /// "\n# Required (each scenario's mean): coverage ≥ 0.9; on the held-out seeds the defaults
    /// miss it (…), the tuned values meet it (…)", or "" without requirements.
    static func requirementComment(_ outcome: TuningOutcome, problem: TuningProblem) -> String {
        guard let summary = problem.requirementSummary else { return "" }
        let them = pronoun(problem)
        return
            "\n# Required (each scenario's mean): \(summary); on the held-out seeds the defaults \(meeting(outcome.defaultTest, them)), the tuned values \(meeting(outcome.tunedTest, them))"
    }

    /// "it" for one bound, "them" for several.
    static func pronoun(_ problem: TuningProblem) -> String { problem.requirements.count == 1 ? "it" : "them" }

    /// "meet it (4 of 4 seeds do one by one)" or "miss it (2 of 4 seeds do one by one)": the
    /// means, then the runs one by one.
    static func meeting(_ evaluation: TuningEvaluation, _ pronoun: String) -> String {
        "\(evaluation.meetsRequirements ? "meet" : "miss") \(pronoun) (\(seedShare(evaluation)) meet \(pronoun) one by one)"
    }

    /// "3 of 4 seeds" for one scenario, "5 of 8 runs (scenario × seed)" for several: the runs
    /// that meet every bound.
    static func seedShare(_ evaluation: TuningEvaluation) -> String {
        let meeting = evaluation.seedsMeeting.reduce(0, +), total = evaluation.seedCount * evaluation.seedsMeeting.count
        return evaluation.seedsMeeting.count == 1 ? "\(meeting) of \(counted(total, "seed"))" : "\(meeting) of \(total) runs (scenario × seed)"
    }

    static func verdictSuffix(_ outcome: TuningOutcome) -> String {
        outcome.overfitted
            ? " — OVERFITTED: better on the training seeds only" : outcome.improvesHeldOut ? " — improves on held-out seeds" : " — no improvement"
    }

    /// tuning.csv: every evaluation of the search (of a search stopped by a plug-in failure:
    /// those made before it).
    public static func csv(_ history: [TuningRecord], problem: TuningProblem) -> CSVWriter {
        let metrics = problem.reportedMetrics
        let required = !problem.requirements.isEmpty
        var header = ["evaluation"] + problem.parameters.map(\.key) + ["objective", "undefined_runs"]
        if required { header.append("unmet_requirements") }
        for scenario in problem.scenarios {
            header += metrics.map { "\(scenario.name):\($0)" }
            if required { header.append("\(scenario.name):seeds_meeting_requirements") }
        }
        return CSVWriter(header: header, rows: history) { csv, record in
            csv.integer(record.index)
            for value in record.result.values { csv.number(value, decimals: 6) }
            csv.number(record.result.objective, decimals: 6)
            csv.integer(record.result.undefinedRuns)
            if required { csv.integer(record.result.unmetRequirements) }
            for (scenario, means) in record.result.metricMeans.enumerated() {
                for metric in metrics { csv.number(means[metric], decimals: 4) }
                if required { csv.integer(record.result.seedsMeeting[scenario]) }
            }
        }
    }

    /// The tuned keys: key, default, tuned — in 4 decimals (tuned.yaml keeps 4 significant
    /// digits; whole-number keys whole).
    static func parameterRows(_ outcome: TuningOutcome) -> [[String]] {
        zip(outcome.parameters, outcome.tuned).map { parameter, tuned in
            let format = { (value: Double) in parameter.isInteger ? String(Int(value.rounded())) : f(value) }
            return [parameter.key, format(parameter.start), format(tuned)]
        }
    }

    static let comparisonHeader = ["scenario", "metric", "default (train)", "tuned (train)", "default (held-out)", "tuned (held-out)"]

    /// Default vs tuned per scenario and metric (means and objectives in 4 decimals), then the objective.
    static func comparisonRows(_ outcome: TuningOutcome, problem: TuningProblem) -> [[String]] {
        var rows: [[String]] = []
        let evaluations = [outcome.defaultTrain, outcome.tunedTrain, outcome.defaultTest, outcome.tunedTest]
        for (index, scenario) in problem.scenarios.enumerated() {
            for metric in problem.reportedMetrics {
                rows.append([scenario.name, metric] + evaluations.map { $0.metricMeans[index][metric].map(f) ?? "–" })
            }
            if let summary = problem.requirementSummary {
                rows.append(
                    [scenario.name, "meets \(summary)"]
                        + evaluations.map { evaluation in
                            let meets = problem.requirements.allSatisfy { $0.admits(evaluation.metricMeans[index][$0.metric]) }
                            return "\(meets ? "yes" : "no") (\(evaluation.seedsMeeting[index]) of \(counted(evaluation.seedCount, "seed")))"
                        })
            }
        }
        rows.append(
            ["all", "objective"] + [outcome.defaultTrain, outcome.tunedTrain, outcome.defaultTest, outcome.tunedTest].map { f($0.objective) })
        return rows
    }

    /// What the held-out seeds say about the tuned values, in one or two sentences; with
    /// requirements, which side meets them on the held-out seeds and in how many runs.
    public static func verdict(_ outcome: TuningOutcome, problem: TuningProblem) -> String {
        guard let summary = problem.requirementSummary else { return verdict(outcome) }
        let them = pronoun(problem)
        let objectives = "objective \(f(outcome.defaultTest.objective)) -> \(f(outcome.tunedTest.objective))"
        let base: String
        switch (outcome.defaultTest.meetsRequirements, outcome.tunedTest.meetsRequirements) {
        case (true, true) where outcome.overfitted:
            // On the training seeds the tuned values may have won by meeting more bounds.
            let training =
                outcome.tunedTrain.unmetRequirements < outcome.defaultTrain.unmetRequirements
                ? "they meet more of the bounds there"
                : "\(f(outcome.tunedTrain.objective)) vs \(f(outcome.defaultTrain.objective))"
            base =
                "OVERFITTED: the tuned values beat the defaults on the training seeds (\(training)) but not on the held-out seeds, where both meet \(summary) (\(objectives)); do not adopt them"
        case (true, true): base = verdict(outcome)
        case (false, true): base = "the tuned values meet \(summary) on the held-out seeds and the defaults do not (\(objectives))"
        case (true, false):
            base = "the tuned values miss \(summary) on the held-out seeds and the defaults meet \(them) (\(objectives)); do not adopt them"
        case (false, false):
            base =
                "neither the defaults nor the tuned values meet \(summary) on the held-out seeds (\(objectives)); loosen \(them) or tune other keys"
        }
        return base
            + "; held-out runs meeting \(summary) one by one: defaults \(seedShare(outcome.defaultTest)), tuned \(seedShare(outcome.tunedTest))"
    }

    /// What the held-out seeds say about the tuned values' objective, in one or two sentences.
    public static func verdict(_ outcome: TuningOutcome) -> String {
        if outcome.overfitted {
            return
                "OVERFITTED: the tuned values beat the defaults on the training seeds (\(f(outcome.tunedTrain.objective)) vs \(f(outcome.defaultTrain.objective))) but not on the held-out seeds (\(f(outcome.tunedTest.objective)) vs \(f(outcome.defaultTest.objective))); do not adopt them"
        } else if outcome.improvesHeldOut {
            let gain = (outcome.defaultTest.objective - outcome.tunedTest.objective) / outcome.defaultTest.objective * 100
            return
                "held-out objective \(f(outcome.defaultTest.objective)) -> \(f(outcome.tunedTest.objective)) (\(String(format: "%.1f", gain)) % better)"
        }
        return "no improvement over the defaults on the training seeds"
    }

    static func searchLine(_ outcome: TuningOutcome, trainSeeds: [UInt64], testSeeds: [UInt64]) -> String {
        "training seeds \(seedList(trainSeeds)), held-out seeds \(seedList(testSeeds)); \(outcome.history.count) evaluations, \(outcome.iterations) simplex iterations\(outcome.converged ? " (converged)" : " (evaluation budget reached)")"
    }

    /// Default vs tuned, on training and held-out seeds, per scenario and metric.
    public static func table(_ outcome: TuningOutcome, problem: TuningProblem, trainSeeds: [UInt64], testSeeds: [UInt64]) -> String {
        var text = "parameters (start -> tuned):\n"
        text += TextTable.render(header: ["key", "default", "tuned"], rows: parameterRows(outcome))
        text += "\n" + TextTable.render(header: comparisonHeader, rows: comparisonRows(outcome, problem: problem))
        text += "\n" + searchLine(outcome, trainSeeds: trainSeeds, testSeeds: testSeeds) + "\n"
        return text + verdict(outcome, problem: problem)
    }

    /// tuning.md: the verdict on the held-out seeds and the search, the tuned keys, and default
    /// against tuned per scenario and metric.
    public static func markdown(_ outcome: TuningOutcome, problem: TuningProblem, trainSeeds: [UInt64], testSeeds: [UInt64]) -> String {
        "Verdict on the held-out seeds: \(verdict(outcome, problem: problem)). \(searchLine(outcome, trainSeeds: trainSeeds, testSeeds: testSeeds).capitalizedFirst).\n\n"
            + MarkdownTable.render(header: ["key", "default", "tuned"], rows: parameterRows(outcome).map { ["`\($0[0])`"] + $0.dropFirst() }) + "\n"
            + MarkdownTable.render(header: comparisonHeader, rows: comparisonRows(outcome, problem: problem))
    }

    /// report.html of `tune`: the verdict, the tuned keys, default vs tuned per metric, the
    /// block to paste, then the search figure. Call last, before `commit`.
    public static func writePage(
        _ outcome: TuningOutcome, problem: TuningProblem, trainSeeds: [UInt64], testSeeds: [UInt64], to report: ReportDirectory, origin: ReportOrigin
    ) throws {
        let yaml = yaml(outcome, problem: problem, trainSeeds: trainSeeds, testSeeds: testSeeds)
        try report.writeHTMLReport(
            title: "Tuning \(outcome.parameters.map(\.key).joined(separator: ", "))",
            summary: "Verdict on the held-out seeds: " + verdict(outcome, problem: problem) + ". "
                + searchLine(outcome, trainSeeds: trainSeeds, testSeeds: testSeeds)
                .capitalizedFirst + ".",
            whatRan: HTMLReport.whatRan(
                origin: origin.with(scenarios: origin.scenarios, seeds: []), scenarios: problem.scenarios,
                extra: [
                    HTMLReport.Fact("tuned keys", outcome.parameters.map(\.key).joined(separator: ", ")),
                    HTMLReport.Fact("objective (minimised)", problem.objectiveText),
                ] + (problem.requirementSummary.map { [HTMLReport.Fact("required (each scenario's mean)", $0)] } ?? []) + [
                    HTMLReport.Fact("training seeds", HTMLReport.seedRanges(trainSeeds)),
                    HTMLReport.Fact("held-out seeds", HTMLReport.seedRanges(testSeeds)),
                ]),
            sections: [
                HTMLReport.Section(heading: "Tuned keys", html: HTMLReport.table(header: ["key", "default", "tuned"], rows: parameterRows(outcome))),
                HTMLReport.Section(
                    heading: "Default against tuned",
                    html: HTMLReport.table(header: comparisonHeader, rows: comparisonRows(outcome, problem: problem))),
                HTMLReport.Section(heading: "tuned.yaml: the block to paste into a scenario", html: HTMLReport.preformatted(yaml)),
            ], origin: origin)
    }
}

extension String {
    /// The text with its first letter upper-case (a clause that starts a sentence).
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
