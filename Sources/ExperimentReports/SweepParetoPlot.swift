import Experiments
import Foundation
import Plotting
import Runs
import ReportFormats

/// plots/sweep-pareto.png: every cell of a sweep as its mean of two metrics (± sd over seeds),
/// the cells no other cell beats in both joined as the Pareto front, the region a `--require`
/// rules out shaded, and the best admitted cell by the sweep's metric ringed.
public enum SweepParetoPlot {
    /// - Parameters:
    ///   - x, y: the two metrics of the same sweep; both must have a direction (higher or lower
    ///     is better).
    ///   - ranked: the sweep's `--metric`, whose best admitted cell is marked.
    public static func figure(
        x: SweepResults, y: SweepResults, ranked: SweepResults, feasibility: SweepFeasibility?, output: FigureOutput
    ) throws -> [UInt8] {
        let plan = x.plan
        let cells = plan.cells.indices
        let xMeans = cells.map { x.mean($0) ?? .nan }, yMeans = cells.map { y.mean($0) ?? .nan }
        let xSd = cells.map { x.standardDeviation($0) ?? 0 }, ySd = cells.map { y.standardDeviation($0) ?? 0 }
        let xBetter = RunMetrics.direction(of: x.metric), yBetter = RunMetrics.direction(of: y.metric)
        let front = ParetoFront.indices(x: xMeans, y: yMeans, xBetter: xBetter, yBetter: yBetter)
        let admitted = feasibility?.admitted ?? [Bool](repeating: true, count: plan.cells.count)
        let onAxes = Set([x.metric, y.metric])
        func passesAxisConstraints(_ cell: Int) -> Bool {
            (feasibility?.constraints ?? []).allSatisfy { constraint in
                constraint.metric == x.metric
                    ? constraint.admits(xMeans[cell]) : constraint.metric == y.metric ? constraint.admits(yMeans[cell]) : true
            }
        }
        // Cells failing a constraint on a third metric cannot be shown by a shaded region.
        let otherConstraints = feasibility?.constraints.filter { !onAxes.contains($0.metric) } ?? []
        let failsOther = otherConstraints.isEmpty ? [] : cells.filter { !admitted[$0] && !xMeans[$0].isNaN && passesAxisConstraints($0) }
        let seedsText = counted(plan.seeds.count, "seed")
        var series = [
            Series(
                "cell, mean ± sd over \(seedsText)", color: Palette.color(8).withAlpha(0.7), x: xMeans, y: yMeans, style: .markers(radius: 3),
                errors: ySd, xErrors: xSd),
            Series(
                "Pareto front (\(counted(front.count, "cell")))", color: Palette.color(0), x: front.map { xMeans[$0] }, y: front.map { yMeans[$0] },
                style: .lineAndMarkers(width: 1.8, radius: 4.5)),
        ]
        if !failsOther.isEmpty {
            series.append(
                Series(
                    "fails \(otherConstraints.map(\.description).joined(separator: ", "))", color: Palette.color(1),
                    x: failsOther.map { xMeans[$0] }, y: failsOther.map { yMeans[$0] }, style: .markers(radius: 4)))
        }
        let best = ranked.best(feasibility)
        if let best {
            series.append(
                Series(
                    "best by \(ranked.metric)\(feasibility?.summary.map { " meeting \($0)" } ?? "")", color: Palette.color(2),
                    x: [xMeans[best]], y: [yMeans[best]], style: .markers(radius: 7)))
        }
        var bands: [Band] = [], lines: [ReferenceLine] = []
        let huge = 1e12
        for constraint in feasibility?.constraints ?? [] where onAxes.contains(constraint.metric) {
            let isY = constraint.metric == y.metric
            let outside = constraint.relation == .atLeast ? (-huge...constraint.bound) : (constraint.bound...huge)
            bands.append(Band(outside, color: Palette.color(1).withAlpha(0.10), label: "fails \(constraint)", axis: isY ? .y : .x))
            lines.append(ReferenceLine(constraint.bound, isY ? .horizontal : .vertical, color: Palette.color(1)))
        }
        // Name the front's cells by their varied values; cells at the same point share one
        // label, and a long front gets every k-th.
        var groups: [(cell: Int, count: Int)] = []
        for cell in front {
            if let last = groups.last, xMeans[last.cell] == xMeans[cell] && yMeans[last.cell] == yMeans[cell] {
                groups[groups.count - 1].count += 1
            } else {
                groups.append((cell, 1))
            }
        }
        let every = max(1, Int((Double(groups.count) / 12).rounded(.up)))
        let annotations = groups.enumerated().filter { $0.offset % every == 0 }.map { _, group in
            Annotation(
                x: xMeans[group.cell], y: yMeans[group.cell],
                text: shortLabel(plan, group.cell) + (group.count > 1 ? " (+\(group.count - 1) equal)" : ""), color: Palette.color(0),
                placement: .clearOfData)
        }
        let plot = CartesianPlot(
            x: ChartAxis(RunMetrics.label(of: x.metric), limits: padded(xMeans, xSd, lines.filter { $0.orientation == .vertical }.map(\.value))),
            y: ChartAxis(RunMetrics.label(of: y.metric), limits: padded(yMeans, ySd, lines.filter { $0.orientation == .horizontal }.map(\.value))),
            series: series, bands: bands,
            lines: lines, legend: .automatic, annotations: annotations)
        let bestText =
            best.map { "best by \(ranked.metric): \(ranked.label($0)) → \(String(format: "%.4g", ranked.mean($0)!))" }
            ?? "no cell meets \(feasibility?.summary ?? "the constraints")"
        let figure = Figure(
            title: "\(plan.base.name): \(y.metric) against \(x.metric)",
            subtitle:
                "\(counted(plan.cells.count, "cell")) over \(plan.axes.map(\.key).joined(separator: " × ")); \(yBetter == .higher ? "higher" : "lower") \(y.metric) and \(xBetter == .higher ? "higher" : "lower") \(x.metric) are better; no cell beats a front cell in both",
            footnote: bestText, width: 1200, height: 820, rows: [[.cartesian(plot)]])
        return try figure.bytes(output)
    }

    /// The span of means ± sd and bounds, widened by 6 % on each side so that points on the
    /// extremes (coverage 1.0) and their labels stay off the frame.
    static func padded(_ means: [Double], _ deviations: [Double], _ bounds: [Double]) -> ClosedRange<Double>? {
        let values: [Double] =
            zip(means, deviations).flatMap { (mean: Double, deviation: Double) -> [Double] in [mean - deviation, mean + deviation] }
            .filter(\.isFinite) + bounds
        guard let low = values.min(), let high = values.max() else { return nil }
        let span = high > low ? high - low : max(abs(high) * 0.1, 1e-3)
        return (low - 0.06 * span)...(high + 0.06 * span)
    }

    /// "threshold=4, acceleration=20": the last part of each varied key and its value.
    static func shortLabel(_ plan: SweepPlan, _ cell: Int) -> String {
        zip(plan.axes, plan.cells[cell]).map { axis, value in "\(axis.key.split(separator: ".").last ?? "")=\(axis.text(value))" }
            .joined(separator: ", ")
    }
}
