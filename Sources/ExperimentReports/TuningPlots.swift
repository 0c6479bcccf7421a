import Experiments
import Foundation
import Plotting

/// plots/tuning.png: the search and its result.
public enum TuningPlots {
    public static func figure(_ outcome: TuningOutcome, problem: TuningProblem, output: FigureOutput) throws -> [UInt8] {
        let evaluations = outcome.history.map { Double($0.index) }
        var best = Double.infinity
        var bestValues = outcome.parameters.map(\.start)
        var bestSoFar: [Double] = []
        var parameterTracks = [[Double]](repeating: [], count: outcome.parameters.count)
        var bestObjective = Double.nan
        for record in outcome.history {
            if record.result.cost < best {
                best = record.result.cost
                bestObjective = record.result.objective
                bestValues = record.result.values
            }
            bestSoFar.append(bestObjective)
            for index in bestValues.indices { parameterTracks[index].append(bestValues[index]) }
        }
        let objectives = outcome.history.map(\.result.objective)
        // Penalised evaluations (undefined metrics) would flatten the picture: clip the axis.
        let finite = objectives.filter { $0 < TuningProblem.undefinedPenalty / 2 }
        let high = max(finite.max() ?? 1, outcome.defaultTrain.objective)
        let low = min(finite.min() ?? 0, bestSoFar.last(where: \.isFinite) ?? 0)
        let top = high + 0.08 * max(high - low, 1e-6)
        let meets = outcome.history.map(\.result.meetsRequirements)
        func evaluationsWhere(_ wanted: Bool) -> (x: [Double], y: [Double]) {
            let picked = outcome.history.indices.filter { meets[$0] == wanted }
            return (picked.map { evaluations[$0] }, picked.map { min(objectives[$0], top) })
        }
        var series: [Series] = []
        if meets.contains(true) {
            series.append(
                Series(
                    "each evaluation", color: Palette.color(0).withAlpha(0.45), x: evaluationsWhere(true).x, y: evaluationsWhere(true).y,
                    style: .markers(radius: 2.4)))
        }
        if let requirements = problem.requirementSummary, meets.contains(false) {
            let missing = evaluationsWhere(false)
            series.append(
                Series("misses \(requirements)", color: Palette.mutedText.withAlpha(0.5), x: missing.x, y: missing.y, style: .markers(radius: 2.4)))
        }
        // With bounds, the best is the best that meets them: its objective can step up.
        let bestLabel = problem.requirements.isEmpty ? "best so far" : "best so far (meeting the bounds first)"
        series.append(Series(bestLabel, color: Palette.color(0), x: evaluations, y: bestSoFar, style: .steps(width: 2)))
        let search = CartesianPlot(
            title: "objective on the training seeds", x: ChartAxis("evaluation", includesZero: true),
            y: ChartAxis("objective (lower is better)", limits: (low - 0.05 * (top - low))...top),
            series: series,
            lines: [
                ReferenceLine(
                    outcome.defaultTrain.objective, .horizontal, color: Palette.color(1),
                    label: "defaults \(String(format: "%.3f", outcome.defaultTrain.objective))")
            ],
            legend: .automatic)

        let parameters = parameterPanel(outcome, evaluations: evaluations, tracks: parameterTracks)

        let verdict = CartesianPlot(
            title: outcome.overfitted ? "defaults vs tuned: OVERFITTED" : "defaults vs tuned",
            x: ChartAxis("seeds", categories: ["training", "held-out"]),
            y: ChartAxis("objective", limits: barLimits([outcome.defaultTrain, outcome.tunedTrain, outcome.defaultTest, outcome.tunedTest])),
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
                (-0.19, outcome.defaultTrain), (0.19, outcome.tunedTrain), (0.81, outcome.defaultTest), (1.19, outcome.tunedTest),
            ].map { x, evaluation in
                // With requirements, each bar says whether its means meet them.
                let state = problem.requirements.isEmpty ? "" : evaluation.meetsRequirements ? " meets" : " misses"
                return Annotation(x: x, y: evaluation.objective, text: String(format: "%.2f", evaluation.objective) + state, placement: .above)
            })
        let figure = Figure(
            title:
                "Tuning \(problem.parameters.count == 1 ? problem.parameters[0].key : "\(problem.parameters.count) keys") on \(problem.scenarios.map(\.name).joined(separator: ", "))",
            subtitle: "Nelder–Mead (GSL nmsimplex2), objective: \(problem.objectiveText)"
                + (problem.requirementSummary.map { ", required (each scenario's mean): \($0)" } ?? ""),
            footnote:
                "Every candidate runs on the same training seeds (common random numbers); held-out seeds are only used for the final comparison.",
            width: 1300, height: 1000, rows: [[.cartesian(search)], [.cartesian(parameters), .cartesian(verdict)]])
        return try figure.bytes(output)
    }

    /// The bars' axis: from 0 to a third beyond the largest objective, reaching below 0 for a
    /// negative one (an objective may be any expression); never empty.
    static func barLimits(_ evaluations: [TuningEvaluation]) -> ClosedRange<Double> {
        let values = evaluations.map(\.objective).filter(\.isFinite)
        let low = min(0, 1.35 * (values.min() ?? 0)), high = max(0, 1.35 * (values.max() ?? 0))
        return high > low ? low...high : 0...1
    }

    /// Each parameter of the best point so far as a multiple of its start value, on a log axis
    /// fitted to the tracks (a weight halved and a threshold quadrupled read alike; every track
    /// starts at 1). A parameter that starts at or reaches zero or below cannot be a ratio:
    /// then the values themselves on a linear axis fitted to them. Each track is labelled near
    /// its end with its key (the last part) and its start and tuned value, in its colour.
    static func parameterPanel(_ outcome: TuningOutcome, evaluations: [Double], tracks: [[Double]]) -> CartesianPlot {
        let starts = outcome.parameters.map(\.start)
        let asRatio = zip(starts, tracks).allSatisfy { start, track in start > 0 && track.allSatisfy { $0 > 0 } }
        let shown = asRatio ? zip(starts, tracks).map { start, track in track.map { $0 / start } } : tracks
        let values = shown.joined().filter(\.isFinite)
        let low = values.min() ?? 1, high = values.max() ?? 1
        let limits: ClosedRange<Double> =
            asRatio
            ? min(low, 1) / 1.2...max(high, 1) * 1.2
            : (low - 0.08 * max(high - low, 1e-9))...(high + 0.08 * max(high - low, 1e-9))
        let series = outcome.parameters.indices.map { index in
            Series(outcome.parameters[index].key, color: Palette.color(index + 2), x: evaluations, y: shown[index], style: .steps(width: 1.8))
        }
        let labels = outcome.parameters.indices.compactMap { index -> Annotation? in
            guard let x = evaluations.last, let y = shown[index].last else { return nil }
            let key = outcome.parameters[index].key.split(separator: ".").last.map(String.init) ?? outcome.parameters[index].key
            let tuned = tracks[index].last ?? starts[index]
            return Annotation(
                x: x, y: y, text: "\(key) \(String(format: "%.3g", starts[index])) → \(String(format: "%.3g", tuned))",
                color: Palette.color(index + 2), placement: .clearOfData)
        }
        return CartesianPlot(
            title: asRatio ? "parameters of the best point so far, ÷ their start" : "parameters of the best point so far",
            x: ChartAxis("evaluation", includesZero: true),
            y: ChartAxis(asRatio ? "value ÷ start (log scale)" : "value", scale: asRatio ? .logarithmic : .linear, limits: limits),
            series: series, lines: asRatio ? [ReferenceLine(1, .horizontal)] : [], legend: .none, annotations: labels)
    }
}
