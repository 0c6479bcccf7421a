import Foundation
import OrbitMath
import Plotting
import Runs
import ReportFormats

/// plots/fusion-error.png of `orbitbench fusion`: the attitude error of every filter over time.
public enum FusionPlots {
    /// What to shade in a scenario's panels besides the samples the RMSE skips.
    public struct Windows: Sendable {
        /// Magnetic disturbances (full strength), s.
        public var disturbances: [ClosedRange<Double>]
        public init(disturbances: [ClosedRange<Double>]) {
            self.disturbances = disturbances
        }
    }

    /// The most points one curve is drawn with.
    static let pointsPerCurve = 1500

    /// Total, heading and inclination error over time, one row per scenario (or trial), one
    /// curve per filter. A curve is the RMS of the error over a sliding window
    /// (`smoothingWindow`), the measure the RMSE takes over the whole run, so filters that
    /// oscillate sample by sample (a tapped phone) stay apart. The panels of a row share their y
    /// scale. Grey: samples the RMSE skips (`FilterRunResult.evaluated`: the lead-in and
    /// lead-out of a walk, a recording's rest periods and samples without a reference); red:
    /// magnetic disturbances. For real recordings (`recordings` true) rows are trials: no seed
    /// in the titles; with more than two trials only the total error is drawn, two trials a row.
    public static func errorOverTime(
        _ rows: [FusionReport.Row], windows: [String: Windows] = [:], recordings: Bool = false, output: FigureOutput
    ) throws -> [UInt8] {
        let scenarios = rows.map(\.scenario).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let compact = recordings && scenarios.count > 2
        let parts: [(title: String, value: KeyPath<AttitudeError, Double>)] =
            compact ? [("total", \.total)] : [("total", \.total), ("heading", \.heading), ("inclination", \.inclination)]
        let duration = rows.compactMap { row in row.result.times.last.map { $0 - (row.result.times.first ?? 0) } }.max() ?? 0
        let window = smoothingWindow(duration: duration)
        let filters = rows.map(\.result.label).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let colors = Dictionary(uniqueKeysWithValues: zip(filters, Palette.colors(named: filters)))
        var panels: [[Panel]] = []
        for scenario in scenarios {
            let results = rows.filter { $0.scenario == scenario }
            let seed = results.first?.seed ?? 0
            let curves = parts.map { part in results.map { smoothed($0.result, part.value, window: window) } }
            let top = curves.joined().flatMap(\.values).filter(\.isFinite).max() ?? 1
            var bands = skippedSpans(results.first?.result).map { Band($0, color: Palette.grid.withAlpha(0.9)) }
            bands += (windows[scenario]?.disturbances ?? []).map { Band($0, color: Color(hex: 0xF4CCCC, alpha: 0.7), label: "disturbed") }
            let row = zip(parts, curves).map { part, curves -> Panel in
                let series = zip(results.indices, curves).map { index, curve in
                    Series(
                        results[index].result.label, color: colors[results[index].result.label] ?? Palette.text, x: curve.times, y: curve.values,
                        style: .line(width: 1.5))
                }
                let heading = recordings ? (part.title == "total" ? "\(scenario): total" : part.title) : "\(scenario), seed \(seed): \(part.title)"
                return .cartesian(
                    CartesianPlot(
                        title: heading, x: ChartAxis("time (s)"), y: ChartAxis("RMS error over \(seconds(window)) (°)", limits: 0...top * 1.08),
                        series: series, bands: bands, legend: .none))
            }
            if compact, panels.last?.count == 1 {
                panels[panels.count - 1] += row
            } else {
                panels.append(row)
            }
        }
        if compact, panels.last?.count == 1 { panels[panels.count - 1].append(.empty) }
        let sixD = rows.contains { !$0.result.usesMagnetometer }
        let frameNote =
            recordings
            ? (sixD
                ? "6D filters: heading offset of the first second of evaluated samples removed."
                : "9D filters: estimates turned into the reference's earth frame (BROAD: ENU).")
            : (sixD
                ? "6D filters: heading offset of the first second of the walk removed before comparison."
                : "9D filters: magnetic north turned by the declination, compared with true north.")
        let skipped =
            recordings
            ? "Grey: samples the RMSE skips (rest, or no reference attitude)."
            : "Grey: samples the RMSE skips (standing still before and after the walk); red: magnetic disturbance."
        let figure = Figure(
            title: compact
                ? "Total attitude error over time, \(counted(scenarios.count, "recording")) (BROAD definitions)"
                : "Attitude error over time (BROAD definitions)",
            subtitle:
                "q_err = q_est ⊗ q_true⁻¹; total 2·acos|w|, heading 2·atan|z/w|, inclination 2·acos√(w²+z²); each curve the RMS of the error over a sliding \(seconds(window)) window; the panels of a row share their y scale",
            footnote: "\(frameNote) \(skipped)",
            width: 1500, height: 150 + (compact ? 280 : 330) * panels.count,
            legend: filters.map { ($0, colors[$0] ?? Palette.text) },
            rows: panels)
        return try figure.bytes(output)
    }

    /// The sliding window of the curves, s: a fortieth of the run, between 0.5 s and 5 s (a
    /// minute's walk: 1.5 s; a BROAD trial of 200 s: 5 s, over a tap of the tapping trials and
    /// the next, which come about every 4 s).
    static func smoothingWindow(duration: Double) -> Double { min(5, max(0.5, duration / 40)) }

    /// "2 s", "1.5 s".
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(format: "%.0f s", value) : String(format: "%.1f s", value)
    }

    /// One error component of `result` as the RMS over a centred window of `window` seconds,
    /// degrees, at up to `pointsPerCurve` times. Samples without a reference (NaN) are left out
    /// of every window; a point whose own sample has none is NaN, a gap in the curve.
    static func smoothed(_ result: FilterRunResult, _ value: KeyPath<AttitudeError, Double>, window: Double) -> (times: [Double], values: [Double]) {
        let times = result.times, count = times.count
        guard count > 0 else { return ([], []) }
        // Prefix sums of the squared error and of the samples that have one.
        var squares = [Double](repeating: 0, count: count + 1), present = [Int](repeating: 0, count: count + 1)
        for index in 0..<count {
            let error = result.errors[index][keyPath: value]
            squares[index + 1] = squares[index] + (error.isFinite ? error * error : 0)
            present[index + 1] = present[index] + (error.isFinite ? 1 : 0)
        }
        let step = max(1, count / pointsPerCurve)
        var low = 0, high = 0
        var x: [Double] = [], y: [Double] = []
        for index in stride(from: 0, to: count, by: step) {
            let time = times[index]
            while low < count && times[low] < time - window / 2 { low += 1 }
            while high < count && times[high] <= time + window / 2 { high += 1 }
            let n = present[high] - present[low]
            x.append(time)
            y.append(
                result.errors[index][keyPath: value].isFinite && n > 0
                    ? Angles.degrees(((squares[high] - squares[low]) / Double(n)).squareRoot()) : .nan)
        }
        return (x, y)
    }

    /// The spans of samples the RMSE skips (`evaluated` false), s; spans less than 0.5 s apart
    /// are joined, so a few counted samples inside a rest do not split its band.
    static func skippedSpans(_ result: FilterRunResult?) -> [ClosedRange<Double>] {
        guard let result, result.evaluated.count == result.times.count else { return [] }
        var spans: [ClosedRange<Double>] = []
        /// Adds `from...to`, joined to the last span when it starts less than 0.5 s after that one ends.
        func add(_ from: Double, _ to: Double) {
            if let last = spans.last, from - last.upperBound < 0.5 {
                spans[spans.count - 1] = last.lowerBound...to
            } else {
                spans.append(from...to)
            }
        }
        var start: Double?
        for (index, isCounted) in result.evaluated.enumerated() {
            let time = result.times[index]
            if !isCounted, start == nil { start = index > 0 ? result.times[index - 1] : time }
            if isCounted, let from = start {
                add(from, time)
                start = nil
            }
        }
        if let from = start, let end = result.times.last { add(from, end) }
        return spans
    }
}
