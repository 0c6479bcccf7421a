import Experiments
import Foundation
import ReportIO
import Runs
import Scenarios
import StatisticsKit
import ReportFormats

/// The tables of an N-arm comparison (`compare --arm`, `--reports A B C…`, `--sweep`):
/// blocks.csv (the raw per-block values), comparison.csv (Friedman per metric), arms.csv (per
/// metric × arm), pairs.csv (per metric × pair, Holm-adjusted), and the same as a console
/// table, Markdown and LaTeX.
public enum ArmsReport {
    /// Mean in the metric's decimals.
    static func mean(_ value: Double, _ metric: String) -> String {
        value.isFinite ? String(format: "%.\(Metric.named(metric)?.decimals ?? 3)f", value) : "–"
    }

    /// The comparison's level in whole percent, as every text states it.
    static func percent(_ comparison: ArmsComparison) -> Int { Int((comparison.level * 100).rounded()) }

    static func p(_ value: Double?) -> String { value.map { $0 < 0.001 ? "<0.001" : String(format: "%.3f", $0) } ?? "–" }

    /// blocks.csv: scenario, seed, arm, then one column per metric — the values compared,
    /// formatted as metrics.csv formats them, so anyone can recompute the statistics.
    public static func blocksCSV(_ comparison: ArmsComparison) -> CSVWriter {
        let metrics = comparison.metrics.map(\.metric)
        let cells = comparison.blocks.indices.flatMap { index in comparison.arms.indices.map { (index, $0) } }
        return CSVWriter(header: ["scenario", "seed", "arm"] + metrics, rows: cells) { csv, cell in
            let (index, arm) = cell
            csv.text(comparison.blocks[index].scenario)
            csv.integer(comparison.blocks[index].seed)
            csv.text(comparison.arms[arm])
            csv.metrics(RunMetrics(names: metrics, values: metrics.map { comparison.values[$0]?[index][arm] ?? nil }), columns: metrics)
        }
    }

    /// comparison.csv: one row per metric — the Friedman test over the complete blocks with the
    /// Iman–Davenport correction, and the arm with the best mean rank.
    public static func comparisonCSV(_ comparison: ArmsComparison) -> CSVWriter {
        let header = [
            "metric", "better", "arms", "blocks", "friedman_statistic", "friedman_p", "iman_davenport_statistic", "iman_davenport_p",
            "best_mean_rank_arm",
        ]
        return CSVWriter(header: header, rows: comparison.metrics) { csv, metric in
            csv.texts([metric.metric, metric.direction.rawValue])
            csv.integer(metric.arms.count)
            csv.integer(metric.friedman.blocks)
            let imanDavenport = metric.friedman.imanDavenport.flatMap { $0.isFinite ? $0 : nil }
            csv.numbers([metric.friedman.statistic, metric.friedman.p, imanDavenport, metric.friedman.imanDavenportP], decimals: 6)
            csv.text(bestByRank(metric).map { metric.arms[$0].name } ?? "")
        }
    }

    /// arms.csv: per metric and arm, the blocks with a value, the mean with its t interval and
    /// the mean rank (1 = best).
    public static func armsCSV(_ comparison: ArmsComparison) -> CSVWriter {
        let rows = comparison.metrics.flatMap { metric in metric.arms.map { (metric.metric, $0) } }
        return CSVWriter(header: ["metric", "arm", "blocks", "mean", "ci_low", "ci_high", "mean_rank"], rows: rows) { csv, row in
            let (metric, arm) = row
            csv.texts([metric, arm.name])
            csv.integer(arm.count)
            csv.numbers([arm.mean.isFinite ? arm.mean : nil, arm.interval?.lowerBound, arm.interval?.upperBound], decimals: 6)
            csv.number(arm.meanRank.isFinite ? arm.meanRank : nil, decimals: 4)
        }
    }

    /// pairs.csv: per metric and pair, the blocks and those where the arms differ, the
    /// Hodges–Lehmann estimate of arm_b − arm_a there with the interval of its test (at
    /// `ci_level`, Holm's level for the pair), the signed-rank p, the Holm-adjusted p, the
    /// verdict for arm_b against arm_a and the procedure's name.
    public static func pairsCSV(_ comparison: ArmsComparison) -> CSVWriter {
        let header = [
            "metric", "arm_a", "arm_b", "blocks", "blocks_differing", "hl_diff", "ci_low", "ci_high", "ci_level", "wilcoxon_p", "holm_p",
            "verdict", "procedure",
        ]
        let rows = comparison.metrics.flatMap { metric in metric.pairs.map { (metric, $0) } }
        return CSVWriter(header: header, rows: rows) { csv, row in
            let (metric, pair) = row
            csv.texts([metric.metric, metric.arms[pair.first].name, metric.arms[pair.second].name])
            csv.integer(pair.count)
            csv.integer(pair.differing)
            let estimate = pair.estimate.isFinite ? pair.estimate : nil
            csv.numbers(
                [estimate, pair.interval?.lowerBound, pair.interval?.upperBound, pair.intervalLevel, pair.wilcoxonP, pair.holmP], decimals: 6)
            csv.texts([pair.verdict.rawValue, procedureName])
        }
    }

    /// The procedure's name in pairs.csv and compare.csv.
    public static let procedureName = "wilcoxon-signed-rank+hodges-lehmann+holm"

    /// compare.csv, for two arms: per metric the verdict's columns (as pairs.csv) beside the
    /// paired t columns people read for a mean difference — the means, the mean of B − A with
    /// its Student-t interval and p (descriptive: the verdict is the signed-rank test's), the
    /// smallest difference these blocks detect with 80 % power and the blocks a difference of
    /// the observed size needs.
    public static func pairedCSV(_ comparison: ArmsComparison) -> CSVWriter {
        let header = [
            "metric", "blocks", "blocks_differing", "mean_a", "mean_b", "hl_diff", "ci_low", "ci_high", "ci_level", "wilcoxon_p", "verdict",
            "procedure",
            "mean_diff", "sd_diff", "t_ci_low", "t_ci_high", "t_p", "detectable_diff", "seeds_needed",
        ]
        let rows = comparison.metrics.compactMap { metric in metric.pair(0, 1).map { (metric.metric, $0) } }
        return CSVWriter(header: header, rows: rows) { csv, row in
            let (metric, pair) = row
            let table = comparison.values[metric] ?? []
            let paired = PairedComparison(a: table.map { $0[0] }, b: table.map { $0[1] }, level: comparison.level)
            csv.text(metric)
            csv.integer(pair.count)
            csv.integer(pair.differing)
            let estimate = pair.estimate.isFinite ? pair.estimate : nil
            let hodgesLehmann: [Double?] = [estimate, pair.interval?.lowerBound, pair.interval?.upperBound, pair.intervalLevel, pair.wilcoxonP]
            csv.numbers([paired.meanA, paired.meanB] + hodgesLehmann, decimals: 6)
            csv.texts([pair.verdict.rawValue, procedureName])
            let t: [Double?] = [paired.meanDifference, paired.differenceSD, paired.interval?.lowerBound, paired.interval?.upperBound, paired.tTestP]
            csv.numbers(t + [paired.detectableDifference()], decimals: 6)
            if pair.verdict != .identical,
                let needed = PairedComparison.seedsNeeded(difference: paired.meanDifference, sd: paired.differenceSD, level: comparison.level)
            {
                csv.integer(needed)
            } else {
                csv.empty()
            }
        }
    }

    /// The arm with the lowest mean rank (1 = best); nil for a metric without a better
    /// direction, when no block is complete, or when two arms share the lowest mean rank.
    static func bestByRank(_ metric: ArmComparison) -> Int? {
        guard metric.direction != .none else { return nil }
        let ranked = metric.arms.indices.filter { metric.arms[$0].meanRank.isFinite }.sorted { metric.arms[$0].meanRank < metric.arms[$1].meanRank }
        guard let best = ranked.first else { return nil }
        if ranked.count > 1 && metric.arms[ranked[1]].meanRank - metric.arms[best].meanRank < 1e-9 { return nil }
        return best
    }

    /// The arms that differ significantly (Holm) from the best-ranked arm of `metric`.
    static func differingFromBest(_ metric: ArmComparison) -> Set<Int> {
        guard let best = bestByRank(metric) else { return [] }
        return Set(
            metric.arms.indices.filter { arm in
                guard arm != best, let pair = metric.pair(best, arm) else { return false }
                return pair.verdict != .identical && pair.verdict != .noSignificantDifference
            })
    }

    /// One row per metric. Two arms: both means, B − A (Hodges–Lehmann) with its interval, p and
    /// the verdict. More: each arm's mean (mean rank), the Friedman p and how many pairs differ
    /// after Holm's correction. `shown` limits the metrics.
    static func rows(_ comparison: ArmsComparison, shown: Set<String>?) -> [[String]] {
        comparison.metrics.filter { shown?.contains($0.metric) ?? true }.map { metric in
            if comparison.arms.count == 2, let pair = metric.pair(0, 1) {
                return [
                    metric.metric, mean(metric.arms[0].mean, metric.metric), mean(metric.arms[1].mean, metric.metric),
                    signed(pair.estimate, metric.metric), interval(pair, metric.metric), p(pair.holmP), pair.verdict.rawValue,
                ]
            }
            let marked = differingFromBest(metric)
            let best = bestByRank(metric)
            return [metric.metric]
                + metric.arms.indices.map { index in
                    let arm = metric.arms[index]
                    let rank = arm.meanRank.isFinite ? String(format: " (%.1f)", arm.meanRank) : ""
                    return mean(arm.mean, metric.metric) + rank + (index == best ? " best" : marked.contains(index) ? " *" : "")
                } + [
                    p(metric.friedman.p),
                    "\(metric.pairs.filter { $0.verdict != .identical && $0.verdict != .noSignificantDifference }.count) of \(metric.pairs.count)",
                ]
        }
    }

    /// A difference with its sign, in the metric's decimals (at least two).
    static func signed(_ value: Double, _ metric: String) -> String {
        value.isFinite ? String(format: "%+.\(max(Metric.named(metric)?.decimals ?? 3, 2))f", value) : "–"
    }

    /// "[low, high]" of a pair's interval, or "–" when too few blocks bound it.
    static func interval(_ pair: ArmComparison.Pair, _ metric: String) -> String {
        pair.interval.map { "[\(signed($0.lowerBound, metric)), \(signed($0.upperBound, metric))]" } ?? "–"
    }

    static func header(_ comparison: ArmsComparison) -> [String] {
        if comparison.arms.count == 2 {
            let (a, b) = (comparison.arms[0], comparison.arms[1])
            return ["metric", a, b, "\(b) − \(a)", "interval", "p", "verdict"]
        }
        return ["metric"] + comparison.arms + ["Friedman p", "pairs differing"]
    }

    static func legend(_ comparison: ArmsComparison) -> String {
        if comparison.arms.count == 2 {
            return """
                Means over \(comparison.blocks.count) blocks (scenario × seed, paired). The difference is the Hodges–Lehmann estimate; its \(percent(comparison)) %
                interval is inverted from the exact Wilcoxon signed-rank test, whose p decides the verdict: zero lies outside the
                interval exactly when the verdict is a difference. compare.csv adds the paired t columns (mean difference).
                """
        }
        return """
            Mean (mean rank; 1 = best, or lowest for metrics without a better direction) over \(comparison.blocks.count) blocks
            (scenario × seed). best: the lowest mean rank; *: differs from the best arm (exact Wilcoxon
            signed-rank, Holm-adjusted, \(percent(comparison)) %). Friedman p: χ² test over the blocks; pairs.csv has every pair
            with its Hodges–Lehmann estimate and the interval of its test.
            """
    }

    /// The console table (within 120 columns for up to four arms with short names).
    public static func table(_ comparison: ArmsComparison, metrics: Set<String>? = nil) -> String {
        TextTable.render(header: header(comparison), rows: rows(comparison, shown: metrics)) + "\n" + legend(comparison)
    }

    /// comparison.md, for a CI comment, a job summary or a page: the verdict, the table of every
    /// metric (or of `shown`) with its legend, and the pairs that differ (as report.html shows them).
    public static func markdown(_ comparison: ArmsComparison, metrics shown: Set<String>? = nil) -> String {
        var text = "\(MarkdownTable.cell(verdictSentence(comparison)))\n\n"
        for note in comparison.notes { text += "**Note:** \(MarkdownTable.cell(note))\n\n" }
        text += MarkdownTable.render(header: header(comparison), rows: rows(comparison, shown: shown), literal: true)
        text += "\n" + MarkdownTable.cell(legend(comparison).split(separator: "\n").joined(separator: " ")) + "\n"
        let pairs = differingPairs(comparison).filter { shown?.contains($0[0]) ?? true }
        guard comparison.arms.count > 2 else { return text }
        text += "\nPairs that differ (Holm-adjusted Wilcoxon, \(percent(comparison)) %; \(ArmComparison.pairProcedure)):\n\n"
        return text
            + (pairs.isEmpty
                ? "none.\n"
                : MarkdownTable.render(
                    header: ["metric", "arm", "against", "difference (Hodges–Lehmann)", "interval", "its level", "Holm p", "verdict"], rows: pairs,
                    literal: true))
    }

    /// Every pair that differs on some metric: metric, arm, the arm it is against, the
    /// estimate, its interval and level, the Holm p and the verdict.
    static func differingPairs(_ comparison: ArmsComparison) -> [[String]] {
        comparison.metrics.flatMap { metric in
            metric.pairs.filter { $0.verdict != .identical && $0.verdict != .noSignificantDifference }.map { pair in
                [
                    metric.metric, metric.arms[pair.second].name, metric.arms[pair.first].name, signed(pair.estimate, metric.metric),
                    interval(pair, metric.metric), String(format: "%.1f %%", 100 * pair.intervalLevel), p(pair.holmP), pair.verdict.rawValue,
                ]
            }
        }
    }

    /// A LaTeX table (booktabs): one row per metric, one column per arm with its mean, the best
    /// mean rank in bold, a dagger on arms that differ from the best after Holm's correction,
    /// the Friedman p last; the caption names the tests and the number of blocks.
    public static func latex(_ comparison: ArmsComparison, label: String = "tab:comparison") -> String {
        let rows = comparison.metrics.map { metric in
            let best = bestByRank(metric), marked = differingFromBest(metric)
            let cells = metric.arms.indices.map { index -> String in
                let value = mean(metric.arms[index].mean, metric.metric).replacingOccurrences(of: "–", with: "--")
                if index == best { return "\\textbf{\(value)}" }
                return marked.contains(index) ? "\(value)$^\\dagger$" : value
            }
            let friedman = metric.friedman.p.map { $0 < 0.001 ? "$<$0.001" : String(format: "%.3f", $0) } ?? "--"
            return [LaTeXText.escaped(metric.metric)] + cells + [friedman]
        }
        return "% Written by orbitbench compare; needs \\usepackage{booktabs}.\n"
            + LaTeXText.table(
                caption: "Mean per arm over \(comparison.blocks.count) blocks (scenario $\\times$ seed, common random numbers). "
                    + "Bold: the best mean rank; $^\\dagger$: differs from it (exact Wilcoxon signed-rank test, Holm-adjusted, \(percent(comparison))\\,\\%). "
                    + "Last column: Friedman test over the blocks.",
                label: LaTeXText.escaped(label), columns: "l" + String(repeating: "r", count: comparison.arms.count) + "r",
                header: ["Metric"] + comparison.arms.map(LaTeXText.escaped) + ["Friedman $p$"], rows: rows)
    }
}

extension ArmsReport {
    /// The page's first line: on how many metrics the Friedman test finds the arms differ, and
    /// the best arm by mean rank on each of those.
    public static func verdictSentence(_ comparison: ArmsComparison) -> String {
        let alpha = 1 - comparison.level
        let differing = comparison.metrics.filter { ($0.friedman.p ?? 1) < alpha }
        var text = comparison.arms.count == 2 ? twoArmVerdict(comparison) : ""
        if comparison.arms.count > 2 {
            text +=
                "\(comparison.arms.count) arms over \(comparison.blocks.count) blocks (scenario × seed): the Friedman test finds them different on \(differing.count) of \(comparison.metrics.count) metrics at \(percent(comparison)) %"
            let best = differing.compactMap { metric in bestByRank(metric).map { "\(metric.metric): \(metric.arms[$0].name)" } }
            if !best.isEmpty { text += "; best mean rank — " + best.prefix(6).joined(separator: ", ") + (best.count > 6 ? ", …" : "") }
            text += "."
        }
        // The smallest exact two-sided Wilcoxon p of n blocks is 2/2ⁿ; Holm multiplies it by the pairs.
        let pairs = comparison.arms.count * (comparison.arms.count - 1) / 2
        let needed = (1...64).first { (n: Int) -> Bool in Double(pairs) * 2 / pow(2, Double(n)) < alpha } ?? 64
        if comparison.blocks.count < needed {
            text +=
                " With \(comparison.blocks.count) blocks no pair can differ significantly after Holm's correction over \(pairs) pairs (that takes at least \(needed)): run more seeds."
        }
        if let recommendation = comparison.recommendation { text += " " + recommendation.sentence(comparison) }
        return text
    }

    /// "B is better on 2 metrics, worse on 1, … (Wilcoxon signed-rank test at 95 % over 8 blocks)."
    static func twoArmVerdict(_ comparison: ArmsComparison) -> String {
        let verdicts = comparison.metrics.compactMap { $0.pair(0, 1)?.verdict }
        let counts = Dictionary(grouping: verdicts, by: { $0 }).mapValues(\.count)
        let order: [ComparisonVerdict] = [.better, .worse, .changed, .noSignificantDifference, .identical]
        let parts = order.compactMap { verdict -> String? in
            guard let count = counts[verdict] else { return nil }
            let what = count == 1 ? "1 metric" : "\(count) metrics"
            switch verdict {
            case .better: return "better on \(what)"
            case .worse: return "worse on \(what)"
            case .changed: return "changed on \(what) without a better direction"
            case .noSignificantDifference: return "not told apart on \(what)"
            case .identical: return "identical on \(what)"
            }
        }
        return "\(comparison.arms[1]) against \(comparison.arms[0]): " + parts.joined(separator: ", ")
            + " (Wilcoxon signed-rank test at \(percent(comparison)) % over \(comparison.blocks.count) blocks; the table lists each metric)."
    }

    /// report.html: the verdict, the table of every metric, the pairs that differ, then the
    /// figures. Call after the files, before `commit`.
    public static func writePage(_ comparison: ArmsComparison, scenarios: [Scenario], to report: ReportDirectory, origin: ReportOrigin) throws {
        let pairRows = differingPairs(comparison)
        var sections =
            comparison.notes.isEmpty
            ? []
            : [
                HTMLReport.Section(heading: "Note", html: comparison.notes.map { "<p>\(HTMLText.escaped($0))</p>" }.joined())
            ]
        sections += [
            HTMLReport.Section(
                heading: "Every metric",
                html: HTMLReport.table(header: header(comparison), rows: rows(comparison, shown: nil))
                    + "<p class=\"muted\">\(HTMLText.escaped(legend(comparison)))</p>")
        ]
        sections.append(
            HTMLReport.Section(
                heading: "Pairs that differ (Holm-adjusted exact Wilcoxon, \(percent(comparison)) %)",
                html: "<p class=\"muted\">Procedure: \(HTMLText.escaped(ArmComparison.pairProcedure)).</p>"
                    + (pairRows.isEmpty
                        ? "<p>No pair of arms differs on any metric after Holm's correction.</p>"
                        : HTMLReport.table(
                            header: ["metric", "arm", "against", "difference (Hodges–Lehmann)", "interval", "its level", "Holm p", "verdict"],
                            rows: pairRows))
            ))
        let arms = HTMLReport.Fact("arms", comparison.arms.joined(separator: ", "))
        try report.writeHTMLReport(
            title: "\(comparison.arms.count) arms compared", summary: verdictSentence(comparison),
            whatRan: HTMLReport.whatRan(origin: origin, scenarios: scenarios, extra: [arms]), sections: sections, origin: origin)
    }
}

extension ArmsReport {
    /// One line per metric for a page of prose (the PDF document): the Friedman p, the best arm
    /// and the arms that differ from it.
    public static func metricLines(_ comparison: ArmsComparison) -> [String] {
        comparison.metrics.map { metric in
            var line = "\(metric.metric): Friedman p \(p(metric.friedman.p)); "
            line += metric.arms.map { "\($0.name) \(mean($0.mean, metric.metric))" }.joined(separator: ", ")
            if let best = bestByRank(metric) {
                let differing = differingFromBest(metric).sorted().map { metric.arms[$0].name }
                line += "; best mean rank \(metric.arms[best].name)"
                if !differing.isEmpty { line += ", differing from it: " + differing.joined(separator: ", ") }
            }
            return line
        }
    }
}
