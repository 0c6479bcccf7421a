import Foundation
import Runs

/// One objective evaluation during the search.
public struct TuningRecord: Sendable {
    /// 1-based.
    public var index: Int
    public var result: TuningEvaluation
}

/// The search, the tuned values and the verdict on held-out seeds.
public struct TuningOutcome: Sendable {
    public var parameters: [TuningParameter]
    public var history: [TuningRecord]
    public var iterations: Int
    public var converged: Bool
    /// The best point, rounded to 4 significant digits (what tuned.yaml says).
    public var tuned: [Double]
    public var defaultTrain: TuningEvaluation
    public var tunedTrain: TuningEvaluation
    public var defaultTest: TuningEvaluation
    public var tunedTest: TuningEvaluation

    public init(
        parameters: [TuningParameter], history: [TuningRecord], iterations: Int, converged: Bool, tuned: [Double],
        defaultTrain: TuningEvaluation, tunedTrain: TuningEvaluation, defaultTest: TuningEvaluation, tunedTest: TuningEvaluation
    ) {
        self.parameters = parameters
        self.history = history
        self.iterations = iterations
        self.converged = converged
        self.tuned = tuned
        self.defaultTrain = defaultTrain
        self.tunedTrain = tunedTrain
        self.defaultTest = defaultTest
        self.tunedTest = tunedTest
    }

    /// Better than the defaults on the training seeds but not on the held-out ones (by cost:
    /// the objective, with unmet requirements worse than any objective).
    public var overfitted: Bool { tunedTrain.cost < defaultTrain.cost && tunedTest.cost >= defaultTest.cost }
    /// Better than the defaults on the held-out seeds (by cost).
    public var improvesHeldOut: Bool { tunedTest.cost < defaultTest.cost }
}

public enum Tuner {
    /// Nelder–Mead on the training seeds from the scenarios' current values, then the defaults
    /// and the tuned values on both seed sets. `progress` gets each evaluation as it is made.
    ///
    /// - Throws: `TuningFailure` when a plug-in fails on a candidate (the search stops there,
    ///   keeping the evaluations made before); other errors as they are.
    public static func run(
        _ problem: TuningProblem, trainSeeds: [UInt64], testSeeds: [UInt64], maxEvaluations: Int,
        progress: ((TuningRecord) -> Void)? = nil
    ) throws -> TuningOutcome {
        guard Set(trainSeeds).isDisjoint(with: testSeeds) else {
            throw ExperimentError(
                "training and held-out seeds overlap (\(Set(trainSeeds).intersection(testSeeds).sorted().map(String.init).joined(separator: ","))): held-out seeds must be new"
            )
        }
        try problem.prepare(seeds: trainSeeds + testSeeds)
        let parameters = problem.parameters
        var history: [TuningRecord] = []
        func evaluate(_ values: [Double], seeds: [UInt64]) throws -> TuningEvaluation {
            do { return try problem.evaluate(values, seeds: seeds) } catch let failure as PluginFailure {
                throw TuningFailure(failure: failure, candidate: values, problem: problem, history: history)
            }
        }
        let search = try NelderMead.minimize(
            start: parameters.map(\.startCoordinate), steps: parameters.map(\.step), sizeTolerance: 1e-3, maxEvaluations: maxEvaluations
        ) { coordinates in
            let values = zip(parameters, coordinates).map { $0.value($1) }
            let result = try evaluate(values, seeds: trainSeeds)
            let record = TuningRecord(index: history.count + 1, result: result)
            history.append(record)
            progress?(record)
            return result.cost
        }
        let best =
            history.min { $0.result.cost < $1.result.cost }?.result.values
            ?? zip(parameters, search.x).map { $0.value($1) }
        let tuned = zip(parameters, best).map { parameter, value in
            parameter.isInteger ? value : Double(String(format: "%.4g", value))!
        }
        let start = parameters.map(\.start)
        return TuningOutcome(
            parameters: parameters, history: history, iterations: search.iterations, converged: search.converged, tuned: tuned,
            defaultTrain: try evaluate(start, seeds: trainSeeds), tunedTrain: try evaluate(tuned, seeds: trainSeeds),
            defaultTest: try evaluate(start, seeds: testSeeds), tunedTest: try evaluate(tuned, seeds: testSeeds))
    }
}
