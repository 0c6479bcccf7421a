import Runs
import Experiments
import Foundation
import Plotting
import Reports

/// plots/tuning.png: the search and its result.
public enum TuningPlots {
    public static func figure(_ outcome: TuningOutcome, problem: TuningProblem, provenance: [PNGText]) throws -> [UInt8] {
        let evaluations = outcome.history.map { Double($0.index) }
        var best = Double.infinity
        var bestValues = outcome.parameters.map(\.start)
        var bestSoFar: [Double] = []
        var parameterTracks = [[Double]](repeating: [], count: outcome.parameters.count)
        for record in outcome.history {
            if record.result.objective < best {
                best = record.result.objective
                bestValues = record.result.values
            }
            bestSoFar.append(best)
            for index in bestValues.indices { parameterTracks[index].append(bestValues[index]) }
        }
        let objectives = outcome.history.map(\.result.objective)
        // Penalised evaluations (undefined metrics) would flatten the picture: clip the axis.
        let finite = objectives.filter { $0 < TuningProblem.undefinedPenalty / 2 }
        let high = max(finite.max() ?? 1, outcome.defaultTrain.objective)
        let low = min(finite.min() ?? 0, bestSoFar.last ?? 0)
        let top = high + 0.08 * max(high - low, 1e-6)
        let search = CartesianPlot(
            title: "objective on the training seeds", x: ChartAxis("evaluation", includesZero: true),
            y: ChartAxis("objective (lower is better)", limits: (low - 0.05 * (top - low))...top),
            series: [
                Series(
                    "each evaluation", color: Palette.color(0).withAlpha(0.45), x: evaluations, y: objectives.map { min($0, top) },
                    style: .markers(radius: 2.4)),
                Series("best so far", color: Palette.color(0), x: evaluations, y: bestSoFar, style: .steps(width: 2)),
            ],
            lines: [
                ReferenceLine(
                    outcome.defaultTrain.objective, .horizontal, color: Palette.color(1),
                    label: "defaults \(String(format: "%.3f", outcome.defaultTrain.objective))")
            ],
            legend: .topRight)

        let positive = parameterTracks.allSatisfy { $0.allSatisfy { $0 > 0 } }
        let traceValues = parameterTracks.joined().filter(\.isFinite)
        var traceLimits: ClosedRange<Double>?
        if let low = traceValues.min(), let high = traceValues.max() {
            traceLimits = positive ? (low / 2)...(high * 30) : (low - 0.1 * (high - low + 1))...(high + 0.8 * (high - low + 1))
        }
        let parameters = CartesianPlot(
            title: "parameters of the best point so far", x: ChartAxis("evaluation", includesZero: true),
            // Headroom above the traces for the legend (log scale: a factor of 30).
            y: ChartAxis("value", scale: positive ? .logarithmic : .linear, limits: traceLimits),
            series: outcome.parameters.indices.map { index in
                Series(
                    outcome.parameters[index].key, color: Palette.color(index + 2), x: evaluations, y: parameterTracks[index],
                    style: .steps(width: 1.8))
            }, legend: .topLeft)

        let verdict = CartesianPlot(
            title: outcome.overfitted ? "defaults vs tuned: OVERFITTED" : "defaults vs tuned",
            x: ChartAxis("seeds", categories: ["training", "held-out"]),
            y: ChartAxis(
                "objective",
                limits: 0...(1.35 * [outcome.defaultTrain, outcome.tunedTrain, outcome.defaultTest, outcome.tunedTest].map(\.objective).max()!)),
            series: [
                Series(
                    "defaults", color: Palette.color(1), x: [0, 1], y: [outcome.defaultTrain.objective, outcome.defaultTest.objective],
                    style: .bars(width: 0.36, offset: -0.19)),
                Series(
                    "tuned", color: Palette.color(0), x: [0, 1], y: [outcome.tunedTrain.objective, outcome.tunedTest.objective],
                    style: .bars(width: 0.36, offset: 0.19)),
            ],
            legend: .topRight,
            annotations: [
                Annotation(x: -0.31, y: outcome.defaultTrain.objective, text: String(format: "%.2f", outcome.defaultTrain.objective)),
                Annotation(x: 0.07, y: outcome.tunedTrain.objective, text: String(format: "%.2f", outcome.tunedTrain.objective)),
                Annotation(x: 0.69, y: outcome.defaultTest.objective, text: String(format: "%.2f", outcome.defaultTest.objective)),
                Annotation(x: 1.07, y: outcome.tunedTest.objective, text: String(format: "%.2f", outcome.tunedTest.objective)),
            ])
        let figure = Figure(
            title: "Tuning \(problem.parameters.count) keys on \(problem.scenarios.map(\.name).joined(separator: ", "))",
            subtitle: "Nelder–Mead (GSL nmsimplex2), objective: \(problem.objectiveText)",
            footnote:
                "Every candidate runs on the same training seeds (common random numbers); held-out seeds are only used for the final comparison.",
            width: 1300, height: 1000, rows: [[.cartesian(search)], [.cartesian(parameters), .cartesian(verdict)]])
        return try figure.pngBytes(provenance: provenance)
    }
}
