import Experiments
import Foundation
import ReportIO
import Scenarios
import StatisticsKit
import ReportFormats

/// `orbitbench regress` output: the console diff, diff.csv, JUnit XML and a Markdown summary.
public enum RegressReport {
    static func number(_ value: Double?) -> String {
        guard let value else { return "–" }
        return String(format: abs(value) >= 100 ? "%.1f" : "%.4f", value)
    }

    static func signed(_ value: Double?) -> String { value.map { ($0 >= 0 ? "+" : "") + number($0) } ?? "–" }

    static func p(_ line: RegressionComparison.Line) -> String { ArmsReport.p(line.p) }

    static let header = ["scenario", "metric", "baseline", "current", "change", "allowed", "p", "noise-detectable", "verdict"]

    static func row(_ line: RegressionComparison.Line) -> [String] {
        [
            line.scenario, line.metric, number(line.baseline), number(line.current), signed(line.change), "±" + number(line.allowance), p(line),
            line.detectableNoiseChange.map { "±" + number($0) } ?? "–", line.fails ? line.verdict.rawValue.uppercased() : line.verdict.rawValue,
        ]
    }

    /// Lines that are not `ok` (all lines with `everything`), failures first, then the verdict.
    public static func table(_ comparison: RegressionComparison, everything: Bool) -> String {
        let shown = comparison.lines.filter { everything || $0.verdict != .ok }
            .enumerated().sorted { ($0.element.fails ? 0 : 1, $0.offset) < ($1.element.fails ? 0 : 1, $1.offset) }.map(\.element)
        var text = ""
        if !shown.isEmpty { text += TextTable.render(header: header, rows: shown.map(row)) + "\n" }
        return text + verdict(comparison)
    }

    /// One line: no regressions (with improvements and changes within noise counted), or the
    /// failing checks.
    public static func verdict(_ comparison: RegressionComparison) -> String {
        let failing = comparison.regressions
        let improved = comparison.lines.filter { $0.verdict == .improved }.count
        let noise = comparison.lines.filter { $0.verdict == .withinNoise }.count
        guard failing.isEmpty else {
            let names = failing.map { "\($0.metric) on \($0.scenario)" }
            return "\(failing.count) regression\(failing.count == 1 ? "" : "s"): " + names.prefix(6).joined(separator: ", ")
                + (names.count > 6 ? ", …" : "")
        }
        let ok = comparison.lines.filter { $0.verdict == .ok }.count
        var text = "no regressions: \(ok) of \(comparison.lines.count) checks within tolerance"
        if improved > 0 { text += "; \(improved) improved beyond it: keep the gain with --update-baseline" }
        if noise > 0 { text += "; \(noise) moved beyond the tolerance but not significantly (seed noise at the \(percent(comparison)) level)" }
        return text
    }

    static func percent(_ comparison: RegressionComparison) -> String { "\(Int((comparison.level * 100).rounded())) %" }

    /// Per metric, the smallest change the suite's seeds detect when a change re-draws the seed
    /// noise: the largest over the scenarios (a deterministic shift is detected at any size
    /// beyond the tolerance).
    public static func detectability(_ comparison: RegressionComparison) -> String {
        detectabilityTitle(comparison) + ":\n" + TextTable.render(header: detectabilityHeader, rows: detectabilityRows(comparison))
    }

    static func detectabilityTitle(_ comparison: RegressionComparison) -> String {
        "Smallest change detected at the \(percent(comparison)) level with 80 % power when a change re-draws the seed noise"
    }

    static let detectabilityHeader = ["metric", "seeds", "detectable", "on (hardest scenario)"]

    static func detectabilityRows(_ comparison: RegressionComparison) -> [[String]] {
        var metrics: [String] = []
        for line in comparison.lines where !metrics.contains(line.metric) { metrics.append(line.metric) }
        return metrics.map { metric -> [String] in
            let lines = comparison.lines.filter { $0.metric == metric }
            let worst = lines.compactMap { line in line.detectableNoiseChange.map { (line.scenario, $0) } }.max { $0.1 < $1.1 }
            let seeds = Set(lines.compactMap { $0.paired?.differences.count }).sorted().map(String.init).joined(separator: "/")
            return [metric, seeds, worst.map { "±" + number($0.1) } ?? "–", worst?.0 ?? "–"]
        }
    }

    /// regress.md, the report's own summary: under "Verdict" the markdown summary (its title as a
    /// bold line), under "Detectable changes" how small a change the suite's seeds detect per metric.
    public static func report(_ comparison: RegressionComparison) -> String {
        var summary = markdown(comparison)
        if summary.hasPrefix("## ") {
            let title = summary.prefix { $0 != "\n" }.dropFirst(3)
            summary = "**\(title)**" + summary.drop { $0 != "\n" }
        }
        return "## Verdict\n\n" + summary + "\n## Detectable changes\n\n" + detectabilityTitle(comparison) + ":\n\n"
            + MarkdownTable.render(header: detectabilityHeader, rows: detectabilityRows(comparison).map { ["`\($0[0])`"] + $0.dropFirst() })
    }

    public static func csv(_ comparison: RegressionComparison) -> CSVWriter {
        let header = [
            "scenario", "metric", "baseline", "current", "change", "allowed", "better", "ci_low", "ci_high", "p", "wilcoxon_p",
            "noise_detectable", "verdict",
        ]
        return CSVWriter(header: header, rows: comparison.lines) { csv, line in
            csv.texts([line.scenario, line.metric])
            csv.numbers([line.baseline, line.current, line.change, line.allowance], decimals: 4)
            csv.text(line.better.rawValue)
            // The project's one signed-rank test (as compare's pairs), descriptive here: the verdict is the one-sided t test's.
            let wilcoxonP = line.paired.flatMap { $0.differences.isEmpty ? nil : SignedRankInference($0.differences).p }
            csv.numbers(
                [line.paired?.interval?.lowerBound, line.paired?.interval?.upperBound, line.p, wilcoxonP, line.detectableNoiseChange], decimals: 6)
            csv.text(line.verdict.rawValue)
        }
    }

    /// JUnit XML: one test suite per scenario, one test case per checked metric, a failure
    /// element (baseline, current, allowance, paired test) for each regression.
    public static func junit(_ comparison: RegressionComparison) -> String {
        var scenarios: [String] = []
        for line in comparison.lines where !scenarios.contains(line.scenario) { scenarios.append(line.scenario) }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<testsuites name=\"orbitbench regress\" tests=\"\(comparison.lines.count)\" failures=\"\(comparison.regressions.count)\" errors=\"0\">\n"
        for scenario in scenarios {
            let lines = comparison.lines.filter { $0.scenario == scenario }
            xml +=
                "  <testsuite name=\"\(escape(scenario))\" tests=\"\(lines.count)\" failures=\"\(lines.filter(\.fails).count)\" errors=\"0\" skipped=\"0\">\n"
            for line in lines {
                let open = "    <testcase classname=\"regress.\(escape(scenario))\" name=\"\(escape(line.metric))\""
                guard line.fails else {
                    xml += open + "/>\n"
                    continue
                }
                let message =
                    "\(line.metric) on \(scenario): \(line.verdict.rawValue), baseline \(number(line.baseline)), current \(number(line.current)), change \(signed(line.change)), allowed ±\(number(line.allowance))"
                let detail =
                    "better: \(line.better.rawValue); paired t-test p = \(p(line)) (one-sided for metrics with a direction); interval \(line.paired?.interval.map { "[\(number($0.lowerBound)), \(number($0.upperBound))]" } ?? "–")"
                xml += open + ">\n"
                xml += "      <failure message=\"\(escape(message))\" type=\"\(line.verdict.rawValue)\">\(escape(detail))</failure>\n"
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// A Markdown summary for a CI job page: the verdict, then the failing and noteworthy checks.
    public static func markdown(_ comparison: RegressionComparison) -> String {
        let failing = !comparison.regressions.isEmpty
        let text = "## orbitbench regress: \(failing ? "❌" : "✅") \(verdict(comparison))\n\n"
        let shown = comparison.lines.filter { $0.verdict != .ok }
        guard !shown.isEmpty else { return text + "All \(comparison.lines.count) checks within tolerance.\n" }
        return text + MarkdownTable.render(header: header, rows: shown.sorted(by: { ($0.fails ? 0 : 1) < ($1.fails ? 0 : 1) }).map(row))
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }
}

extension RegressReport {
    /// report.html of `regress`: the verdict, the checks that are not ok (failures first), then
    /// every check. `comparison` nil: a new baseline was written, nothing was compared.
    public static func writePage(
        _ comparison: RegressionComparison?, suite: String, baseline: String, scenarios: [Scenario], runs: Int, to report: ReportDirectory,
        origin: ReportOrigin
    ) throws {
        let facts = [
            HTMLReport.Fact("suite", suite), HTMLReport.Fact("baseline", baseline), HTMLReport.Fact("runs", String(runs)),
        ]
        var sections: [HTMLReport.Section] = []
        let summary: String
        if let comparison {
            summary = (comparison.regressions.isEmpty ? "PASS — " : "FAIL — ") + verdict(comparison) + "."
            let flagged = comparison.lines.filter { $0.verdict != .ok }
                .enumerated().sorted { ($0.element.fails ? 0 : 1, $0.offset) < ($1.element.fails ? 0 : 1, $1.offset) }.map(\.element)
            if !flagged.isEmpty {
                sections.append(HTMLReport.Section(heading: "Checks that are not ok", html: HTMLReport.table(header: header, rows: flagged.map(row))))
            }
            sections.append(
                HTMLReport.Section(
                    heading: "Every check (\(comparison.lines.count))", html: HTMLReport.table(header: header, rows: comparison.lines.map(row))))
        } else {
            summary = "A new baseline was written (\(baseline)); nothing was compared. Commit it with the change that caused it."
        }
        try report.writeHTMLReport(
            title: "Regression benchmark", summary: summary, whatRan: HTMLReport.whatRan(origin: origin, scenarios: scenarios, extra: facts),
            sections: sections, origin: origin)
    }
}
