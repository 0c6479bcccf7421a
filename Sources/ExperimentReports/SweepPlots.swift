import Runs
import Experiments
import Foundation
import Plotting
import ReportFormats

/// plots/sweep-<metric>.png: a line chart over one key, a heat map over two.
public enum SweepPlots {
    /// `nil` for three or more keys (no single picture shows them honestly).
    /// `coverage`, when given (capture sweeps of another metric), is quoted beside the best cell:
    /// the lowest blur is worth little if the slots are empty. Cells `feasibility` rules out are
    /// marked, and the best cell is the best one it admits.
    public static func figure(
        _ results: SweepResults, coverage: SweepResults? = nil, feasibility: SweepFeasibility? = nil, output: FigureOutput
    ) throws -> [UInt8]? {
        let plan = results.plan
        let direction = RunMetrics.direction(of: results.metric)
        let admitted = feasibility?.admitted ?? [Bool](repeating: true, count: plan.cells.count)
        let best = results.best(feasibility).map { ($0, results.mean($0)!) }
        let bestCoverage = best.flatMap { coverage?.mean($0.0) }.map { String(format: " at coverage %.2f", $0) } ?? ""
        let meeting = feasibility?.summary.map { " meeting \($0)" } ?? ""
        let bestText =
            best.map {
                "best (\(direction == .higher ? "highest" : "lowest") mean\(meeting)): \(results.label($0.0)) → \(format($0.1))\(bestCoverage)"
            }
            ?? (meeting.isEmpty ? "no cell has a value" : "no cell has a value\(meeting)")
        let panel: Panel
        switch plan.axes.count {
        case 1:
            let axis = plan.axes[0]
            var series: [Series] = []
            for (index, seed) in plan.seeds.enumerated() {
                let x = plan.cells.indices.filter { results.values[$0].count > index }.map { plan.cells[$0][0] }
                let y = plan.cells.indices.filter { results.values[$0].count > index }.map { results.values[$0][index] }
                series.append(
                    Series(index == 0 ? "single seeds" : nil, color: Palette.color(0).withAlpha(0.3), x: x, y: y, style: .markers(radius: 2.2)))
                _ = seed
            }
            series.append(
                Series(
                    "mean ± sd over \(counted(plan.seeds.count, "seed"))", color: Palette.color(0), x: plan.cells.map { $0[0] },
                    y: plan.cells.indices.map { results.mean($0) ?? .nan }, style: .lineAndMarkers(width: 1.8, radius: 3.2),
                    errors: plan.cells.indices.map { results.standardDeviation($0) ?? .nan }))
            let failing = plan.cells.indices.filter { !admitted[$0] && results.mean($0) != nil }
            if let summary = feasibility?.summary, !failing.isEmpty {
                series.append(
                    Series(
                        "fails \(summary)", color: Palette.color(1), x: failing.map { plan.cells[$0][0] }, y: failing.map { results.mean($0)! },
                        style: .markers(radius: 5)))
            }
            var lines: [ReferenceLine] = []
            if let best { lines.append(ReferenceLine(plan.cells[best.0][0], .vertical, color: Palette.color(1), label: "best")) }
            // Pad both axes so the end points and their error bars are not drawn on the frame; a
            // single value gets a span of its own instead of a 1e-9 wide axis.
            let xSpan = axis.values.last! - axis.values.first! > 0 ? axis.values.last! - axis.values.first! : max(abs(axis.values[0]) * 0.2, 1)
            let extremes = plan.cells.indices.flatMap { cell -> [Double] in
                guard let mean = results.mean(cell) else { return results.values[cell] }
                let sd = results.standardDeviation(cell) ?? 0
                return results.values[cell] + [mean - sd, mean + sd]
            }
            let low = extremes.min() ?? 0, high = extremes.max() ?? 1
            let ySpan = high - low > 1e-12 ? high - low : max(abs(high) * 0.1, 1e-3)
            panel = .cartesian(
                CartesianPlot(
                    x: axis.names.map { ChartAxis(axis.key, categories: $0) }
                        ?? ChartAxis(axis.key, limits: (axis.values.first! - 0.03 * xSpan)...(axis.values.last! + 0.03 * xSpan)),
                    y: ChartAxis(RunMetrics.label(of: results.metric), limits: (low - 0.06 * ySpan)...(high + 0.2 * ySpan)), series: series,
                    lines: lines,
                    legend: .automatic))
        case 2:
            let columns = plan.axes[0].values, rows = plan.axes[1].values
            // Cell index = column · rows + row (first axis slowest).
            func cell(_ row: Int, _ column: Int) -> Int { column * rows.count + row }
            let grid = rows.indices.map { row in columns.indices.map { column in results.mean(cell(row, column)) } }
            let notes = rows.indices.map { row in
                columns.indices.map { column in
                    results.standardDeviation(cell(row, column)).map {
                        "±" + AxisTicks.format($0, decimals: decimals(for: grid.flatMap { $0 }.compactMap { $0 }))
                    }
                        ?? ""
                }
            }
            let excluded = feasibility.map { _ in rows.indices.map { row in columns.indices.map { column in !admitted[cell(row, column)] } } }
            let chosen = best.map { (row: $0.0 % rows.count, column: $0.0 / rows.count) }
            panel = .heatMap(
                HeatMapPlot(
                    xLabel: plan.axes[0].key, yLabel: plan.axes[1].key, xValues: columns, yValues: rows, values: grid,
                    valueLabel: "\(RunMetrics.label(of: results.metric)), mean", lowIsBright: direction != .higher,
                    cellDecimals: columns.count <= 14 && rows.count <= 20 ? decimals(for: grid.flatMap { $0 }.compactMap { $0 }) : nil,
                    xNames: plan.axes[0].names, yNames: plan.axes[1].names, cellNotes: plan.seeds.count > 1 ? notes : nil, excluded: excluded,
                    highlighted: chosen))
        default:
            return nil
        }
        let figure = Figure(
            title: "\(plan.base.name): \(RunMetrics.label(of: results.metric))",
            subtitle:
                "over \(plan.axes.map(\.key).joined(separator: " × ")) (\(results.metric)); mean\(plan.seeds.count > 1 ? " ± sd" : "") over seeds \(plan.seeds.map(String.init).joined(separator: ",")); \(direction == .higher ? "higher" : direction == .lower ? "lower" : "neither") is better"
                + (plan.axes.count == 2 && feasibility?.summary != nil ? "; crossed: fails \(feasibility!.summary!)" : "")
                + (plan.axes.count == 2 && best != nil ? "; outlined: best" : ""),
            footnote: bestText, width: 1200, height: 820, rows: [[panel]])
        return try figure.bytes(output)
    }

    static func decimals(for values: [Double]) -> Int {
        let span = (values.max() ?? 0) - (values.min() ?? 0)
        return span >= 100 ? 0 : span >= 10 ? 1 : span >= 0.1 ? 2 : 3
    }

    static func format(_ value: Double) -> String { String(format: "%.4g", value) }
}
