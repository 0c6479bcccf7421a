import Capture
import Experiments
import Foundation
import Fusion
import Runs
import Scenarios
import TestSupport
import Testing

@Suite struct NelderMeadTests {
    /// Rosenbrock's valley: minimum 0 at (1, 1), a classic test of simplex methods.
    @Test func findsTheRosenbrockMinimum() throws {
        let outcome = try NelderMead.minimize(start: [-1.2, 1], steps: [0.5, 0.5], sizeTolerance: 1e-8, maxEvaluations: 2000) { x in
            (1 - x[0]) * (1 - x[0]) + 100 * (x[1] - x[0] * x[0]) * (x[1] - x[0] * x[0])
        }
        #expect(outcome.converged)
        #expect(abs(outcome.x[0] - 1) < 1e-4 && abs(outcome.x[1] - 1) < 1e-4)
        #expect(outcome.value < 1e-8)
        #expect(outcome.evaluations <= 2000)
    }

    @Test func stopsAtTheEvaluationBudgetAndRethrowsErrors() throws {
        var calls = 0
        let limited = try NelderMead.minimize(start: [3, 3, 3], steps: [1, 1, 1], sizeTolerance: 1e-12, maxEvaluations: 20) { x in
            calls += 1
            return x.map { $0 * $0 }.reduce(0, +)
        }
        #expect(!limited.converged && limited.evaluations == calls && calls < 30)
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            _ = try NelderMead.minimize(start: [1], steps: [1], sizeTolerance: 1e-6, maxEvaluations: 100) { x in
                if x[0] < 0.5 { throw Boom() }
                return x[0]
            }
        }
    }
}

@Suite struct ObjectiveExpressionTests {
    let known: Set<String> = ["coverage", "blur_obj_mean_px", "slot_angle_err_mean_deg"]
    func parse(_ text: String) throws -> ObjectiveExpression {
        let names = known
        return try ObjectiveExpression(parsing: text, isMetric: { names.contains($0) })
    }

    @Test func precedenceFunctionsAndMetrics() throws {
        let metrics: [String: Double] = ["coverage": 0.95, "blur_obj_mean_px": 0.8, "slot_angle_err_mean_deg": 1.5]
        let expression = try parse(ObjectiveExpression.defaultText)
        // 100·0.05 + 10·0.8 + 2·1.5 = 5 + 8 + 3
        #expect(abs(expression.evaluate { metrics[$0] }! - 16) < 1e-12)
        #expect(expression.metrics == ["coverage", "blur_obj_mean_px", "slot_angle_err_mean_deg"])
        #expect(try parse("2 + 3 * 4 - -1").evaluate { _ in nil } == 15)
        #expect(try parse("(2 + 3) * 4 / 8").evaluate { _ in nil } == 2.5)
        #expect(try parse("max(1, sqrt(16)) + abs(-2) + min(1e-1, 3)").evaluate { _ in nil } == 6.1)
        #expect(try parse("coverage * 2").evaluate { _ in nil } == nil)  // undefined metric
    }

    /// 25 000 nested parentheses or 100 000 minus signs overflowed the parser's stack (SIGSEGV);
    /// now the length and the nesting are bounded, with a one-line error.
    @Test func deepOrLongExpressionsAreErrorsNotCrashes() throws {
        func message(_ text: String) -> String {
            do { _ = try parse(text); return "" } catch { return "\(error)" }
        }
        let depth = ObjectiveExpression.maximumDepth
        #expect(
            message(String(repeating: "(", count: 25_000) + "coverage" + String(repeating: ")", count: 25_000))
                == "50008 characters, more than the 1000 an expression may have")
        #expect(message(String(repeating: "-", count: 100_000) + "coverage") == "100008 characters, more than the 1000 an expression may have")
        #expect(
            message(String(repeating: "(", count: depth + 1) + "coverage" + String(repeating: ")", count: depth + 1))
                == "nested more than 64 deep at 65 (parentheses, minus signs and function calls)")
        #expect(message(String(repeating: "-", count: depth + 1) + "coverage").hasPrefix("nested more than 64 deep"))
        #expect(
            message(String(repeating: "abs(", count: depth + 1) + "coverage" + String(repeating: ")", count: depth + 1)).hasPrefix(
                "nested more than 64 deep"))
        // As deep as allowed, and as long as allowed, still parse and evaluate.
        let deepest = String(repeating: "(", count: depth) + "coverage" + String(repeating: ")", count: depth)
        #expect(try parse(deepest).evaluate { _ in 0.5 } == 0.5)
        #expect(try parse(String(repeating: "-", count: depth) + "coverage").evaluate { _ in 0.5 } == 0.5)
        let longest = "coverage" + String(repeating: "+coverage", count: (ObjectiveExpression.maximumLength - 8) / 9)
        #expect(try parse(longest).evaluate { _ in 1 } == Double(1 + (ObjectiveExpression.maximumLength - 8) / 9))
    }

    @Test func errorsNameThePosition() {
        func message(_ text: String) -> String {
            do { _ = try parse(text); return "" } catch { return "\(error)" }
        }
        #expect(message("coverage +") == "expression ends where a value is expected")
        #expect(message("(coverage") == "missing ')' for the '(' at 1")
        #expect(message("sharpness * 2") == "'sharpness' at 1 is not a metric")
        #expect(message("coverage coverage") == "unexpected 'c' at 10")
        #expect(message("max(1)") == "max takes 2 arguments, found 1")
    }
}

@Suite struct TuningParameterTests {
    /// Weights move in log space (a step doubles them) and stay in their allowed range.
    @Test func coordinatesAndClamping() throws {
        let scenario = try ScenarioLoader.builtInDefault()
        let weight = try TuningParameter(key: "selection.weights.acceleration", scenario: scenario)
        #expect(weight.logarithmic && weight.start == 1 && weight.startCoordinate == 0)
        #expect(abs(weight.value(weight.startCoordinate + weight.step) - 2) < 1e-12)
        #expect(weight.value(1000) == weight.range.upperBound)
        let slots = try TuningParameter(key: "selection.slots", scenario: scenario)
        #expect(slots.isInteger && slots.value(log(72.4)) == 72)
        #expect(throws: ExperimentError.self) { try TuningParameter(key: "fusion.filter", scenario: scenario) }
    }

    /// A plug-in parameter is tuned from its default within the range its plug-in declared.
    @Test func pluginParametersAreTunable() throws {
        let name = "tuning-parameter-test"
        try SelectorRegistry.register(
            name,
            parameters: [
                PluginParameter("offset_weight", default: 2, range: 0...10, help: "weight"),
                PluginParameter("bias", default: 0, range: -5...5, help: "shift"),
            ]
        ) { OuterCircleSelector(settings: $0) }
        defer { SelectorRegistry.unregister(name) }
        let scenario = try ScenarioLoader.builtInDefault(overrides: [try ConfigOverride(parsing: "selection.selector=\(name)")])
        let weight = try TuningParameter(key: "selection.parameters.offset_weight", scenario: scenario)
        #expect(weight.range == 0...10 && weight.start == 2 && weight.logarithmic)
        #expect(abs(weight.value(weight.startCoordinate + weight.step) - 4) < 1e-12)
        #expect(weight.value(log(1000)) == 10)
        let bias = try TuningParameter(key: "selection.parameters.bias", scenario: scenario)
        // A tenth of the range from 0; never beyond it.
        #expect(!bias.logarithmic && bias.step == 1 && bias.value(-30) == -5)
        #expect(throws: ExperimentError.self) { try TuningParameter(key: "selection.parameters.missing", scenario: scenario) }
        #expect(throws: ExperimentError.self) {
            try TuningParameter(key: "selection.parameters.offset_weight", scenario: try ScenarioLoader.builtInDefault())
        }
        #expect(throws: ExperimentError.self) { try TuningParameter(key: "selection.weights.missing", scenario: scenario) }
    }
}

@Suite struct TuningVerdictTests {
    func evaluation(_ objective: Double) -> TuningEvaluation {
        TuningEvaluation(values: [1], objective: objective, metricMeans: [], undefinedRuns: 0)
    }

    func outcome(train: (Double, Double), test: (Double, Double)) throws -> TuningOutcome {
        let parameter = try TuningParameter(key: "selection.threshold", scenario: try ScenarioLoader.builtInDefault())
        return TuningOutcome(
            parameters: [parameter], history: [], iterations: 0, converged: true, tuned: [7],
            defaultTrain: evaluation(train.0), tunedTrain: evaluation(train.1), defaultTest: evaluation(test.0), tunedTest: evaluation(test.1))
    }

    /// Winning on training seeds only is overfitting; winning on held-out seeds is not.
    @Test func overfittingIsTrainingOnlyGain() throws {
        let overfit = try outcome(train: (10, 9), test: (10, 10.2))
        #expect(overfit.overfitted && !overfit.improvesHeldOut)
        let general = try outcome(train: (10, 9), test: (10, 9.5))
        #expect(!general.overfitted && general.improvesHeldOut)
        let nothing = try outcome(train: (10, 10), test: (10, 10.1))
        #expect(!nothing.overfitted && !nothing.improvesHeldOut)
    }
}

@Suite struct TuningRequirementTests {
    let source = ScenarioSource(reference: "shaky-hands", searchDirectories: [Repository.scenarios])

    /// A candidate's share of seeds and its unmet bounds agree with the runs computed one by
    /// one, and an unmet bound costs more than any objective.
    @Test func requirementsAreCountedPerSeedAndOnTheMean() throws {
        let requirement = try SweepConstraint(parsing: "coverage>=0.95")
        let problem = try TuningProblem(
            sources: [source], keys: ["selection.threshold"], objective: "blur_obj_mean_px", requirements: [requirement])
        #expect(problem.reportedMetrics == ["blur_obj_mean_px", "coverage"])
        let seeds: [UInt64] = [1, 2, 3]
        for threshold in [2.0, 6.0, 12.0] {
            let evaluation = try problem.evaluate([threshold], seeds: seeds)
            let scenario = try source.resolve([try ConfigOverride(parsing: "selection.threshold=\(threshold)")])
            let coverages = try seeds.map { try #require(RunMetrics.evaluate(scenario, seed: $0)["coverage"]) }
            let mean = coverages.reduce(0, +) / Double(coverages.count)
            #expect(abs(evaluation.metricMeans[0]["coverage"]! - mean) < 1e-12)
            #expect(evaluation.seedsMeeting == [coverages.filter { $0 >= 0.95 }.count])
            #expect(evaluation.seedCount == 3)
            #expect(evaluation.unmetRequirements == (mean >= 0.95 ? 0 : 1))
            #expect(evaluation.cost == evaluation.objective + (mean >= 0.95 ? 0 : TuningProblem.requirementPenalty))
        }
        // A metric the scenario kind does not have is an error naming it.
        let rephoto = ScenarioSource(reference: "rephoto-fountain", searchDirectories: [Repository.scenarios])
        #expect(throws: ExperimentError.self) {
            try TuningProblem(
                sources: [rephoto], keys: ["rephoto.user.overlay_tolerance_pct"], objective: "kp_err_mean", requirements: [requirement])
        }
    }
}
