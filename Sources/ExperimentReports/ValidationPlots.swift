import Experiments
import Plotting
import ReportFormats

/// plots/validation.png of `orbitbench validate`: per group, per trial and filter, the seeds'
/// 10–90 % interval and median in sample and out of sample beside the real error.
public enum ValidationPlots {
    /// Short filter labels for the x axis: B, C, Mh, Mw for the built-in filters, the first
    /// four letters of a plug-in's name.
    static func abbreviation(_ filter: String) -> String {
        ["bias-estimating": "B", "complementary": "C", "mahony": "Mh", "madgwick": "Mw"][filter] ?? String(filter.prefix(4))
    }

    static let inSampleColor = Palette.color(0), outOfSampleColor = Palette.color(1), realColor = Palette.text

    /// The figure: one panel per group (two per row), total RMSE on a log axis.
    public static func figure(_ metrics: ValidationMetrics, run: ValidationRun) -> Figure {
        let panels = run.groups.map { group in Panel.cartesian(panel(metrics.rows.filter { $0.group == group.name }, group: group)) }
        let rows = stride(from: 0, to: panels.count, by: 2).map { Array(panels[$0..<min($0 + 2, panels.count)]) }
        return Figure(
            title: "Predicted against real attitude error (\(counted(run.fits.count, "trial")), \(counted(run.settings.seeds.count, "seed")))",
            subtitle:
                "Per trial and filter: the seeds' median and 10–90 % interval calibrated on every trial of the group (in sample, left) and on the others only (out of sample, right), and the real error (black)",
            footnote:
                "B bias-estimating, C complementary, Mh Mahony, Mw Madgwick. A real error outside the out-of-sample bar is a miss of the calibration score.",
            width: 1400, height: 160 + 330 * max(1, rows.count),
            legend: [
                ("in sample (median, 10–90 %)", inSampleColor, .markers(radius: 3)),
                ("out of sample (median, 10–90 %)", outOfSampleColor, .markers(radius: 3)), ("real trial", realColor, .markers(radius: 4)),
            ], rows: rows)
    }

    static func panel(_ rows: [ValidationMetrics.Row], group: ValidationGroup) -> CartesianPlot {
        let labels = rows.map { "\(FoldCalibration.short($0.trial)) \(abbreviation($0.filter))" }
        let x = rows.indices.map(Double.init)
        func interval(_ predictions: [ValidationMetrics.Prediction?], offset: Double, color: Color, name: String) -> [Series] {
            let present = predictions.indices.filter { predictions[$0] != nil }
            let values = present.map { predictions[$0]! }
            // The interval as an error bar about its midpoint (exact on the log axis too).
            return [
                Series(
                    name, color: color, x: present.map { x[$0] + offset }, y: values.map { ($0.low + $0.high) / 2 }, style: .markers(radius: 0),
                    errors: values.map { ($0.high - $0.low) / 2 }),
                Series(nil, color: color, x: present.map { x[$0] + offset }, y: values.map(\.median), style: .markers(radius: 3)),
            ]
        }
        var series = interval(rows.map(\.inSample), offset: -0.18, color: inSampleColor, name: "in sample")
        series += interval(rows.map(\.outOfSample), offset: 0.18, color: outOfSampleColor, name: "out of sample")
        series.append(Series("real", color: realColor, x: x, y: rows.map(\.real), style: .markers(radius: 4)))
        let single = group.trials.count == 1 ? " — one trial: in sample only" : ""
        return CartesianPlot(
            title: "\(group.name) (\(group.scenario))\(single)", x: ChartAxis("trial and filter", categories: labels),
            y: ChartAxis("total RMSE (°)", scale: .logarithmic), series: series, legend: .none)
    }
}
