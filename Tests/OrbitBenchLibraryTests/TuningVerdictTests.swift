import Foundation
import OrbitBench
import TestSupport
import Testing

@Suite struct TuningRequirementVerdictTests {
    func evaluation(_ objective: Double, meets: Bool) -> TuningEvaluation {
        TuningEvaluation(
            values: [1], objective: objective, metricMeans: [["coverage": meets ? 0.96 : 0.9]], undefinedRuns: 0,
            unmetRequirements: meets ? 0 : 1, seedsMeeting: [meets ? 4 : 1], seedCount: 4)
    }

    /// Meeting a bound beats any objective; the verdict says which side meets it and in how
    /// many held-out seeds.
    @Test func meetingTheBoundDecides() throws {
        let problem = try TuningProblem(
            sources: [ScenarioSource(reference: "shaky-hands", searchDirectories: [Repository.scenarios])], keys: ["selection.threshold"],
            objective: "blur_obj_mean_px", requirements: [try SweepConstraint(parsing: "coverage>=0.95")])
        func outcome(defaults: Bool, tuned: Bool) -> TuningOutcome {
            TuningOutcome(
                parameters: problem.parameters, history: [], iterations: 0, converged: true, tuned: [8],
                defaultTrain: evaluation(8.3, meets: defaults), tunedTrain: evaluation(8.4, meets: tuned),
                defaultTest: evaluation(8.5, meets: defaults), tunedTest: evaluation(8.6, meets: tuned))
        }
        let rescued = outcome(defaults: false, tuned: true)
        #expect(rescued.improvesHeldOut && !rescued.overfitted)  // worse objective, but it meets the bound
        #expect(
            TuningReport.verdict(rescued, problem: problem)
                == "the tuned values meet coverage ≥ 0.95 on the held-out seeds and the defaults do not (objective 8.5000 -> 8.6000); held-out runs meeting coverage ≥ 0.95 one by one: defaults 1 of 4 seeds, tuned 4 of 4 seeds"
        )
        let broken = outcome(defaults: true, tuned: false)
        #expect(!broken.improvesHeldOut)
        #expect(TuningReport.verdict(broken, problem: problem).hasPrefix("the tuned values miss coverage ≥ 0.95"))
        #expect(TuningReport.verdict(outcome(defaults: false, tuned: false), problem: problem).hasPrefix("neither the defaults nor"))
        #expect(TuningReport.verdict(outcome(defaults: true, tuned: true), problem: problem).hasPrefix("no improvement"))
        // Won on the training seeds by meeting the bound there, lost on the held-out seeds where
        // both meet it: overfitted, and the verdict does not print training objectives that
        // say the opposite (8.4 is worse than 8.3).
        let overfit = TuningOutcome(
            parameters: problem.parameters, history: [], iterations: 0, converged: true, tuned: [8],
            defaultTrain: evaluation(8.3, meets: false), tunedTrain: evaluation(8.4, meets: true),
            defaultTest: evaluation(8.5, meets: true), tunedTest: evaluation(8.6, meets: true))
        #expect(overfit.overfitted)
        #expect(
            TuningReport.verdict(overfit, problem: problem).hasPrefix(
                "OVERFITTED: the tuned values beat the defaults on the training seeds (they meet more of the bounds there) but not on the held-out seeds, where both meet coverage ≥ 0.95 (objective 8.5000 -> 8.6000)"
            ))
    }
}
