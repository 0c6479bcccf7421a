import Runs
import Experiments
import Foundation
import ReportIO
import Scenarios
import Reports

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
            # Held-out seeds \(seedList(testSeeds)): default \(f(outcome.defaultTest.objective)) -> tuned \(f(outcome.tunedTest.objective))\(verdictSuffix(outcome))
            # Paste the block below into a scenario file (or the defaults in the code).

            """
        for skipped in fragment.notWritten { text += "# list item, set it in its list: \(skipped.description)\n" }
        return text + fragment.yaml
    }

    static func verdictSuffix(_ outcome: TuningOutcome) -> String {
        outcome.overfitted
            ? " — OVERFITTED: better on the training seeds only" : outcome.improvesHeldOut ? " — improves on held-out seeds" : " — no improvement"
    }

    /// tuning.csv: every evaluation of the search (of a search stopped by a plug-in failure:
    /// those made before it).
    public static func csv(_ history: [TuningRecord], problem: TuningProblem) -> CSVWriter {
        let metrics = problem.objective.metrics
        var header = ["evaluation"] + problem.parameters.map(\.key) + ["objective", "undefined_runs"]
        for scenario in problem.scenarios { header += metrics.map { "\(scenario.name):\($0)" } }
        var csv = CSVWriter(header: header)
        for record in history {
            csv.integer(record.index)
            for value in record.result.values { csv.number(value, decimals: 6) }
            csv.number(record.result.objective, decimals: 6)
            csv.integer(record.result.undefinedRuns)
            for means in record.result.metricMeans { for metric in metrics { csv.number(means[metric], decimals: 4) } }
            csv.endRow()
        }
        return csv
    }

    /// Default vs tuned, on training and held-out seeds, per scenario and metric. Parameters
    /// in 4 decimals (tuned.yaml keeps 4 significant digits; whole-number keys whole), metric
    /// means and objectives in 4.
    public static func table(_ outcome: TuningOutcome, problem: TuningProblem, trainSeeds: [UInt64], testSeeds: [UInt64]) -> String {
        var text = "parameters (start -> tuned):\n"
        text += TextTable.render(
            header: ["key", "default", "tuned"],
            rows: zip(outcome.parameters, outcome.tuned).map { parameter, tuned in
                let format = { (value: Double) in parameter.isInteger ? String(Int(value.rounded())) : f(value) }
                return [parameter.key, format(parameter.start), format(tuned)]
            })
        var rows: [[String]] = []
        for (index, scenario) in problem.scenarios.enumerated() {
            for metric in problem.objective.metrics {
                let cells = [outcome.defaultTrain, outcome.tunedTrain, outcome.defaultTest, outcome.tunedTest].map { evaluation in
                    evaluation.metricMeans[index][metric].map(f) ?? "–"
                }
                rows.append([scenario.name, metric] + cells)
            }
        }
        rows.append(
            ["all", "objective"] + [outcome.defaultTrain, outcome.tunedTrain, outcome.defaultTest, outcome.tunedTest].map { f($0.objective) })
        text +=
            "\n"
            + TextTable.render(
                header: ["scenario", "metric", "default (train)", "tuned (train)", "default (held-out)", "tuned (held-out)"], rows: rows)
        text +=
            "\ntraining seeds \(seedList(trainSeeds)), held-out seeds \(seedList(testSeeds)); \(outcome.history.count) evaluations, \(outcome.iterations) simplex iterations\(outcome.converged ? " (converged)" : " (evaluation budget reached)")\n"
        if outcome.overfitted {
            text +=
                "OVERFITTED: the tuned values beat the defaults on the training seeds (\(f(outcome.tunedTrain.objective)) vs \(f(outcome.defaultTrain.objective))) but not on the held-out seeds (\(f(outcome.tunedTest.objective)) vs \(f(outcome.defaultTest.objective))); do not adopt them"
        } else if outcome.improvesHeldOut {
            let gain = (outcome.defaultTest.objective - outcome.tunedTest.objective) / outcome.defaultTest.objective * 100
            text +=
                "held-out objective \(f(outcome.defaultTest.objective)) -> \(f(outcome.tunedTest.objective)) (\(String(format: "%.1f", gain)) % better)"
        } else {
            text += "no improvement over the defaults on the training seeds"
        }
        return text
    }
}
