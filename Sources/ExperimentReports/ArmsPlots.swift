import Experiments
import Foundation
import Plotting
import Runs
import StatisticsKit

/// The figures of an N-arm comparison: the critical-difference diagram, every arm's
/// distribution with the blocks as dots, and the paired differences against a reference arm.
public enum ArmsPlots {
    /// Metrics drawn when none are asked for: the headline ones the comparison has.
    public static let defaultMetrics = [
        "coverage", "max_gap_deg", "blur_obj_mean_px", "slot_angle_err_mean_deg", "att_rmse_total_deg", "kp_err_mean",
    ]

    /// The most arms drawn: the critical-difference diagram of six metrics (three rows of
    /// 90 + 34 px per arm) stays within the 16 384 px a canvas may be, and still reads. A
    /// comparison of more arms has no figures (`Bench.writeArmsReport` says so in its notes).
    public static let maximumArms = 100

    /// Metrics whose value is the same in every arm in every block (the attitude error of a
    /// selection comparison, say): a figure of them shows nothing, so they are left out.
    public static func identicalMetrics(_ comparison: ArmsComparison) -> [String] {
        comparison.metrics.map(\.metric).filter { metric in
            (comparison.values[metric] ?? []).allSatisfy { row in row.allSatisfy { $0 == row.first! } }
        }
    }

    /// The note a report of `comparison` carries about metrics left out of its figures.
    public static func identicalNote(_ comparison: ArmsComparison) -> String? {
        let same = identicalMetrics(comparison)
        guard !same.isEmpty, comparison.arms.count <= maximumArms else { return nil }
        return "Left out of the figures, the same in every arm and block: \(same.joined(separator: ", "))."
    }

    /// The note a report of `comparison` carries when it has too many arms for figures.
    public static func omission(_ comparison: ArmsComparison) -> String? {
        guard comparison.arms.count > maximumArms else { return nil }
        return
            "No figures: they are drawn for up to \(maximumArms) arms, and this comparison has \(comparison.arms.count); the tables and CSV files hold every arm."
    }

    /// Every figure and its file name (with a .png extension; `FigureOutput.fileName` gives
    /// the chosen format's). `reference`: the arm the differences are taken against (default:
    /// the first); `metrics`: the metrics drawn (default: `defaultMetrics`).
    public static func figures(_ comparison: ArmsComparison, reference: String?, metrics: [String]?) -> [(name: String, figure: Figure)] {
        guard comparison.arms.count <= maximumArms else { return [] }
        let identical = Set(identicalMetrics(comparison))
        let shown = (metrics ?? defaultMetrics).compactMap { comparison.metric($0) }.filter { !identical.contains($0.metric) }
        let drawn =
            shown.isEmpty ? Array(comparison.metrics.filter { !identical.contains($0.metric) }.prefix(4)) : Array(shown.prefix(6))
        guard !drawn.isEmpty else { return [] }
        let referenceIndex = reference.flatMap { comparison.arms.firstIndex(of: $0) } ?? 0
        return [
            ("critical-difference.png", criticalDifference(comparison, drawn)),
            ("arm-distributions.png", distributions(comparison, drawn)),
            ("arm-differences.png", differences(comparison, drawn, reference: referenceIndex)),
        ]
    }

    /// A short axis label: "value (px)", "difference (°)"; the panel title names the metric.
    static func unitLabel(_ metric: String, _ what: String) -> String {
        let symbol = Metric.named(metric)?.unit.symbol ?? ""
        return symbol.isEmpty ? what : "\(what) (\(symbol))"
    }

    /// A figure of `panels` in rows of at most two, `rowHeight` px each (one panel: a narrower
    /// figure).
    static func gridFigure(title: String, subtitle: String, panels: [Panel], rowHeight: Int) -> Figure {
        let rows = stride(from: 0, to: panels.count, by: 2).map { Array(panels[$0..<min($0 + 2, panels.count)]) }
        return Figure(
            title: title, subtitle: subtitle, width: panels.count == 1 ? 900 : 1400, height: 150 + rowHeight * rows.count, rows: rows)
    }

    /// Sets of arms, adjacent in mean-rank order, no two of which differ significantly (after
    /// Holm): the bars of the diagram. Only maximal sets of two or more are kept.
    public static func cliques(_ metric: ArmComparison) -> [[Int]] {
        let order = metric.arms.indices.filter { metric.arms[$0].meanRank.isFinite }.sorted { metric.arms[$0].meanRank < metric.arms[$1].meanRank }
        func differ(_ a: Int, _ b: Int) -> Bool {
            guard let pair = metric.pair(a, b) else { return false }
            return pair.verdict != .identical && pair.verdict != .noSignificantDifference
        }
        var cliques: [[Int]] = []
        var lastEnd = -1
        for start in order.indices {
            var end = start
            while end + 1 < order.count, (start...end).allSatisfy({ !differ(order[$0], order[end + 1]) }) { end += 1 }
            if end > start && end > lastEnd {
                cliques.append(Array(order[start...end]))
                lastEnd = end
            }
        }
        return cliques
    }

    /// The critical-difference diagram (Demšar 2006), one panel per metric: each arm's mean
    /// rank on one axis (1 = best, on the left), arms joined by a bar where no pair of them
    /// differs significantly (Wilcoxon signed-rank, Holm; Benavoli et al. 2016).
    public static func criticalDifference(_ comparison: ArmsComparison, _ metrics: [ArmComparison]) -> Figure {
        let k = comparison.arms.count, colors = Palette.colors(named: comparison.arms)
        let panels = metrics.map { metric -> Panel in
            let order = metric.arms.indices.sorted { metric.arms[$0].meanRank < metric.arms[$1].meanRank }
            var series: [Series] = []
            var annotations: [Annotation] = []
            for (level, arm) in order.enumerated() {
                let rank = metric.arms[arm].meanRank
                guard rank.isFinite else { continue }
                let height = Double(level + 1)
                let color = colors[arm]
                series.append(Series(nil, color: color, x: [rank, rank], y: [0, height], style: .line(width: 1.2)))
                series.append(Series(nil, color: color, x: [rank], y: [0], style: .markers(radius: 4)))
                annotations.append(
                    Annotation(x: rank, y: height, text: " \(metric.arms[arm].name) (\(String(format: "%.2f", rank)))", color: Palette.text))
            }
            let bars = cliques(metric)
            for (index, clique) in bars.enumerated() {
                let ranks = clique.map { metric.arms[$0].meanRank }
                let y = -0.55 * Double(index + 1)
                series.append(Series(nil, color: Palette.text, x: [ranks.min()! - 0.03, ranks.max()! + 0.03], y: [y, y], style: .line(width: 5)))
            }
            let friedman = metric.friedman.p.map { "Friedman p " + ArmsReport.p($0) } ?? "Friedman test: too few complete blocks"
            return .cartesian(
                CartesianPlot(
                    title: "\(metric.metric): \(friedman)",
                    x: ChartAxis(
                        "mean rank (1 = \(metric.direction == .higher ? "best: highest value" : metric.direction == .lower ? "best: lowest value" : "lowest value"))",
                        // A quarter rank beyond 1 and k: markers at the ends stay whole.
                        limits: 0.75...(Double(max(k, 2)) + 0.25),
                        ticks: (1...max(k, 2)).map(Double.init)),
                    y: ChartAxis("", limits: (-0.55 * Double(bars.count + 1))...(Double(k) + 0.8), ticks: []),
                    series: series, lines: [ReferenceLine(0, .horizontal, color: Palette.frame, dash: [])], legend: .none,
                    annotations: annotations))
        }
        return gridFigure(
            title: "Critical-difference diagram: \(k) arms over \(comparison.blocks.count) blocks",
            subtitle:
                "mean rank of each arm within a block (scenario × seed), 1 = best; a black bar joins arms no pair of which differs (exact Wilcoxon signed-rank, Holm-adjusted, \(Int((comparison.level * 100).rounded())) %)",
            panels: panels, rowHeight: 90 + 34 * k)
    }

    /// Quartiles of `values` (linear interpolation) and the range.
    static func fiveNumbers(_ values: [Double]) -> (low: Double, q1: Double, median: Double, q3: Double, high: Double)? {
        guard !values.isEmpty else { return nil }
        return (
            values.min()!, Statistics.percentile(values, 25), Statistics.percentile(values, 50), Statistics.percentile(values, 75),
            values.max()!
        )
    }

    /// Where `count` block dots sit about category `x`: spread over `width` in a repeating run
    /// of seven, so that equal values of neighbouring blocks stay visible.
    static func blockDots(_ count: Int, at x: Double, width: Double) -> [Double] {
        (0..<count).map { x + width * (Double($0 % 7) / 6 - 0.5) }
    }

    /// Each arm's values over the blocks: a box from the first to the third quartile, the
    /// median across it, whiskers to the extremes, every block as a dot.
    public static func distributions(_ comparison: ArmsComparison, _ metrics: [ArmComparison]) -> Figure {
        let k = comparison.arms.count, colors = Palette.colors(named: comparison.arms)
        let panels = metrics.map { metric -> Panel in
            let table = comparison.values[metric.metric] ?? []
            var series: [Series] = []
            for arm in 0..<k {
                let values = table.compactMap { $0[arm] }.filter(\.isFinite)
                guard let five = fiveNumbers(values) else { continue }
                let x = Double(arm), color = colors[arm]
                series.append(Series(nil, color: Palette.frame, x: [x, x], y: [five.low, five.high], style: .line(width: 1.2)))
                series.append(Series(nil, color: color.withAlpha(0.45), x: [x, x], y: [five.q1, five.q3], style: .line(width: 26)))
                series.append(Series(nil, color: Palette.text, x: [x - 0.17, x + 0.17], y: [five.median, five.median], style: .line(width: 2.2)))
                series.append(Series(nil, color: color, x: blockDots(values.count, at: x, width: 0.28), y: values, style: .markers(radius: 2.6)))
            }
            return .cartesian(
                CartesianPlot(
                    title: "\(metric.metric) (\(metric.direction == .none ? "no better direction" : "\(metric.direction.rawValue) is better"))",
                    x: ChartAxis("arm", categories: comparison.arms), y: ChartAxis(unitLabel(metric.metric, "value")), series: series,
                    legend: .none))
        }
        return gridFigure(
            title: "\(k) arms, every block",
            subtitle:
                "box: first to third quartile, line: median, whiskers: smallest and largest, dots: the \(comparison.blocks.count) blocks (scenario × seed)",
            panels: panels, rowHeight: 330)
    }

    /// Per metric, every other arm minus `reference` in each block (dots), with the
    /// Hodges–Lehmann estimate and the interval of its test, and the Holm-adjusted p in the
    /// category name.
    public static func differences(_ comparison: ArmsComparison, _ metrics: [ArmComparison], reference: Int) -> Figure {
        let others = comparison.arms.indices.filter { $0 != reference }, colors = Palette.colors(named: comparison.arms)
        let panels = metrics.map { metric -> Panel in
            let table = comparison.values[metric.metric] ?? []
            var series: [Series] = []
            var categories: [String] = []
            for (position, arm) in others.enumerated() {
                let differences = table.compactMap { row -> Double? in
                    guard let a = row[reference], let b = row[arm], a.isFinite, b.isFinite else { return nil }
                    return b - a
                }
                let pair = metric.pair(reference, arm)
                let sign = reference < arm ? 1.0 : -1.0  // pairs hold later − earlier
                // The Holm p beside each arm while there is room for it.
                categories.append(
                    others.count > 3 ? comparison.arms[arm] : "\(comparison.arms[arm]) (p \(pair.map { ArmsReport.p($0.holmP) } ?? "–"))")
                let x = Double(position), color = colors[arm]
                series.append(
                    Series(
                        nil, color: color.withAlpha(0.6), x: blockDots(differences.count, at: x, width: 0.24), y: differences,
                        style: .markers(radius: 2.4)))
                if let pair, pair.estimate.isFinite {
                    if let interval = pair.interval {
                        let ends = [sign * interval.lowerBound, sign * interval.upperBound].sorted()
                        series.append(Series(nil, color: Palette.text, x: [x + 0.3, x + 0.3], y: ends, style: .line(width: 2)))
                    }
                    series.append(Series(nil, color: Palette.text, x: [x + 0.3], y: [sign * pair.estimate], style: .markers(radius: 4.5)))
                }
            }
            return .cartesian(
                CartesianPlot(
                    title: "\(metric.metric): arm − \(comparison.arms[reference])",
                    x: ChartAxis(others.count > 3 ? "arm (Holm-adjusted p in pairs.csv)" : "arm (Holm-adjusted Wilcoxon p)", categories: categories),
                    y: ChartAxis(unitLabel(metric.metric, "difference"), includesZero: true), series: series,
                    lines: [ReferenceLine(0, .horizontal, color: Palette.frame, label: "no difference")], legend: .none))
        }
        return gridFigure(
            title: "Paired differences against \(comparison.arms[reference])",
            subtitle:
                "dots: each block's difference (same scenario and seed); black: the Hodges–Lehmann estimate with the interval of its Wilcoxon test at Holm's level",
            panels: panels, rowHeight: 330)
    }
}
