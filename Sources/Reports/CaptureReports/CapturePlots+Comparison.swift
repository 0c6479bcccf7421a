import Plotting
import Runs
import Scenarios
import StatisticsKit
import ReportFormats

extension CapturePlots {
    /// The metrics `comparison` draws, one panel each: coverage, blur (over the object), slot
    /// angle error, angle estimate error.
    static let comparisonMetrics = ["coverage", "blur_obj_mean_px", "slot_angle_err_mean_deg", "angle_est_err_mean_deg"]

    /// Several capture scenarios side by side: the headline metrics, mean ± sd over each
    /// scenario's seeds, in the metric table's words and units (`run A B C` writes it as
    /// <out>/comparison.png).
    public static func comparison(_ runs: [(scenario: Scenario, results: [CaptureRunResult])], output: FigureOutput) throws -> [UInt8] {
        let names = runs.map(\.scenario.name)
        let x = names.indices.map(Double.init)
        let metrics = runs.map { $0.results.map { RunMetrics($0.metrics) } }
        func bars(_ name: String, color: Color) -> Panel {
            guard let metric = Metric.named(name) else { return .empty }
            let groups = metrics.map { $0.compactMap { $0[name] }.filter(\.isFinite) }
            let means = groups.map { $0.isEmpty ? .nan : Statistics.mean($0) }
            let sds = groups.map { $0.count > 1 ? Statistics.standardDeviation($0) : 0 }
            let top = zip(means, sds).map { $0 + $1 }.filter(\.isFinite).max() ?? 1
            return .cartesian(
                CartesianPlot(
                    title: metric.summary, x: ChartAxis("scenario", categories: names),
                    y: ChartAxis(metric.unit.axisLabel, limits: 0...max(top * 1.15, 1e-9)),
                    series: [Series(nil, color: color, x: x, y: means, style: .bars(width: 0.6), errors: sds)], legend: .none))
        }
        let panels = comparisonMetrics.enumerated().map { bars($0.element, color: Palette.color([2, 0, 1, 3][$0.offset])) }
        let figure = Figure(
            title: "\(counted(runs.count, "scenario")) compared",
            subtitle: "mean ± sd over each scenario's seeds ("
                + runs.map { "\($0.scenario.name): \(counted($0.results.count, "seed"))" }.joined(separator: ", ") + ")",
            width: max(1200, 180 * runs.count * 2 + 200), height: 820,
            rows: [Array(panels[0..<2]), Array(panels[2..<4])])
        return try figure.bytes(output)
    }
}
