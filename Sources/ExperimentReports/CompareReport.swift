import Experiments
import Foundation
import Plotting
import ReportIO
import Runs
import StatisticsKit
import Reports

/// `orbitbench compare`'s console table, compare.csv and plots/paired-differences.png.
public enum CompareReport {
    static func format(_ value: Double?, _ metric: String) -> String {
        guard let value, value.isFinite else { return "–" }
        let decimals = max(Metric.named(metric)?.decimals ?? 3, 2)
        return String(format: "%+.\(decimals)f", value)
    }

    static func p(_ value: Double?) -> String { value.map { $0 < 0.001 ? "<0.001" : String(format: "%.3f", $0) } ?? "–" }

    /// A mean in the metric's own decimals, so A and B of one metric read alike ("1.000" beside
    /// "0.861", not "1" beside "0.8611").
    static func mean(_ value: Double, _ metric: String) -> String {
        guard value.isFinite else { return "–" }
        return String(format: "%.\(Metric.named(metric)?.decimals ?? 3)f", value)
    }

    /// The console table, one block per scenario (heading: the scenario and its paired seeds),
    /// one row per metric: means, the paired difference with its interval, the t test's p (the
    /// verdict's test), the verdict and the seeds a difference of the observed size needs.
    /// Within 120 columns; the Wilcoxon and sign tests' p are in compare.csv.
    public static func table(_ comparison: ABComparison, metrics: Set<String>? = nil) -> String {
        let percent = Int((comparison.level * 100).rounded())
        let shown = comparison.lines.filter { metrics?.contains($0.metric) ?? true }
        var scenarios: [String] = []
        for line in shown where !scenarios.contains(line.scenario) { scenarios.append(line.scenario) }
        return scenarios.map { scenario in
            let lines = shown.filter { $0.scenario == scenario }
            let counts = Set(lines.map(\.paired.differences.count))
            let seeds = counts.count == 1 ? counted(counts.first!, "paired seed") : "paired seeds per metric in compare.csv"
            let rows = lines.map { line -> [String] in
                let paired = line.paired
                let interval = paired.interval.map { "[\(format($0.lowerBound, line.metric)), \(format($0.upperBound, line.metric))]" } ?? "–"
                let needed =
                    line.verdict == .identical
                    ? "–"
                    : PairedComparison.seedsNeeded(difference: paired.meanDifference, sd: paired.differenceSD, level: comparison.level)
                        .map(String.init) ?? ">100000"
                return [
                    line.metric, mean(paired.meanA, line.metric), mean(paired.meanB, line.metric), format(paired.meanDifference, line.metric),
                    interval, p(paired.tTestP), line.verdict.rawValue, needed,
                ]
            }
            return "\(scenario): \(seeds)\n"
                + TextTable.render(header: ["metric", "A", "B", "B − A", "\(percent) % interval", "t p", "verdict", "seeds needed"], rows: rows)
        }.joined(separator: "\n")
    }

    /// The page's first line: how many metrics B is better, worse or not told apart on, and
    /// by which test ("B is better on 2 metrics, worse on 1, …; paired t test at 95 % over 8 seeds").
    public static func verdictSentence(_ comparison: ABComparison) -> String {
        let counts = Dictionary(grouping: comparison.lines, by: \.verdict).mapValues(\.count)
        let order: [ABComparison.Verdict] = [.better, .worse, .changed, .noSignificantDifference, .identical]
        let parts = order.compactMap { verdict -> String? in
            guard let count = counts[verdict] else { return nil }
            let what = count == 1 ? "1 metric" : "\(count) metrics"
            switch verdict {
            case .better: return "better on \(what)"
            case .worse: return "worse on \(what)"
            case .changed: return "changed on \(what) without a better direction"
            case .noSignificantDifference: return "not told apart from A on \(what)"
            case .identical: return "identical on \(what)"
            }
        }
        let seeds = Set(comparison.lines.map(\.paired.differences.count)).sorted().map(String.init).joined(separator: "–")
        let percent = Int((comparison.level * 100).rounded())
        return "B is " + parts.joined(separator: ", ") + " (paired t test at \(percent) % over \(seeds) seeds; the table lists each metric)."
    }

    /// The comparison table for report.html: means, B − A with its interval, the t test's p,
    /// the verdict.
    public static func htmlSection(_ comparison: ABComparison) -> HTMLReport.Section {
        let percent = Int((comparison.level * 100).rounded())
        let rows = comparison.lines.map { line -> [String] in
            let paired = line.paired
            let interval = paired.interval.map { "[\(format($0.lowerBound, line.metric)), \(format($0.upperBound, line.metric))]" } ?? "–"
            return [
                line.scenario, line.metric, String(paired.differences.count), mean(paired.meanA, line.metric), mean(paired.meanB, line.metric),
                format(paired.meanDifference, line.metric), interval, p(paired.tTestP), line.verdict.rawValue,
            ]
        }
        return HTMLReport.Section(
            heading: "Paired differences",
            html: HTMLReport.table(
                header: ["scenario", "metric", "seeds", "A", "B", "B − A", "\(percent) % interval", "t p", "verdict"], rows: rows))
    }

    public static func csv(_ comparison: ABComparison) -> CSVWriter {
        var csv = CSVWriter(header: [
            "scenario", "metric", "seeds", "mean_a", "mean_b", "mean_diff", "sd_diff", "ci_low", "ci_high", "t_p", "wilcoxon_p", "sign_p",
            "verdict", "detectable_diff", "seeds_needed",
        ])
        for line in comparison.lines {
            let paired = line.paired
            csv.text(line.scenario)
            csv.text(line.metric)
            csv.integer(paired.differences.count)
            csv.number(paired.meanA, decimals: 6)
            csv.number(paired.meanB, decimals: 6)
            csv.number(paired.meanDifference, decimals: 6)
            csv.number(paired.differenceSD, decimals: 6)
            csv.number(paired.interval?.lowerBound, decimals: 6)
            csv.number(paired.interval?.upperBound, decimals: 6)
            csv.number(paired.tTestP, decimals: 6)
            csv.number(paired.wilcoxonP, decimals: 6)
            csv.number(paired.signTestP, decimals: 6)
            csv.text(line.verdict.rawValue)
            csv.number(paired.detectableDifference(), decimals: 6)
            if let needed = PairedComparison.seedsNeeded(difference: paired.meanDifference, sd: paired.differenceSD, level: comparison.level) {
                csv.integer(needed)
            } else {
                csv.empty()
            }
            csv.endRow()
        }
        return csv
    }

    /// One panel per metric that differs on some seed (first scenario), in the comparison's
    /// order: each seed's B − A, the mean and its interval shaded, zero dashed; the verdict in
    /// the panel title ("changed" for a metric without a better direction, such as
    /// frames_selected). The metrics identical on every seed are named in the footnote.
    public static func figure(_ comparison: ABComparison, title: String, output: FigureOutput) throws -> [UInt8]? {
        try pairedFigure(comparison, title: title).map { try $0.bytes(output) }
    }

    /// plots/paired-differences.png as a figure; nil when every metric is identical.
    public static func pairedFigure(_ comparison: ABComparison, title: String) -> Figure? {
        let scenario = comparison.lines.first?.scenario
        let ofScenario = comparison.lines.filter { $0.scenario == scenario }
        let shown = ofScenario.filter { $0.verdict != .identical }
        let identical = ofScenario.filter { $0.verdict == .identical }.map(\.metric)
        guard !shown.isEmpty else { return nil }
        let panels = shown.map { line -> Panel in
            let paired = line.paired
            let seeds = paired.differences.indices.map(Double.init)
            let seedNames = line.seeds.map(String.init)
            var bands: [Band] = []
            if let interval = paired.interval, interval.upperBound > interval.lowerBound {
                bands.append(Band(interval, color: Palette.color(0).withAlpha(0.18), axis: .y))
            }
            let unit = Metric.named(line.metric)?.unit.symbol ?? ""
            let values = paired.differences + [0] + (paired.interval.map { [$0.lowerBound, $0.upperBound] } ?? [])
            let low = values.min() ?? -1, high = values.max() ?? 1
            let span = high > low ? high - low : max(abs(high), 1e-3)
            return .cartesian(
                CartesianPlot(
                    title: "\(line.metric): \(line.verdict.rawValue)",
                    x: ChartAxis("seed", categories: seedNames),
                    y: ChartAxis("B − A\(unit.isEmpty ? "" : " (\(unit))")", limits: (low - 0.15 * span)...(high + 0.15 * span)),
                    series: [Series(nil, color: Palette.color(1), x: seeds, y: paired.differences, style: .markers(radius: 3.5))],
                    bands: bands,
                    lines: [
                        ReferenceLine(0, .horizontal, color: Palette.frame, label: nil),
                        ReferenceLine(paired.meanDifference, .horizontal, color: Palette.color(0), label: "mean", dash: []),
                    ], legend: .none))
        }
        let columns = 3
        var rows: [[Panel]] = stride(from: 0, to: panels.count, by: columns).map { Array(panels[$0..<min($0 + columns, panels.count)]) }
        while rows[rows.count - 1].count < columns { rows[rows.count - 1].append(.empty) }
        let percent = Int((comparison.level * 100).rounded())
        let figure = Figure(
            title: title,
            subtitle:
                "\(scenario ?? ""): B − A per seed (orange), mean (blue line) and its \(percent) % Student-t interval (shaded); zero dashed. Verdicts at the \(percent) % level.",
            footnote: identical.isEmpty ? nil : "identical on every seed (not drawn): \(identical.joined(separator: ", "))",
            width: 1500, height: 330 * rows.count + 160, rows: rows)
        return figure
    }
}
