import Runs
import Experiments
import Foundation
import ReportIO
import Scenarios

/// The stdout diff and diff.csv of `orbitbench regress`.
public enum RegressReport {
    static func number(_ value: Double?) -> String {
        guard let value else { return "–" }
        return String(format: abs(value) >= 100 ? "%.1f" : "%.4f", value)
    }

    /// Lines that are not `ok` (all lines with `everything`), then the verdict.
    public static func table(_ comparison: RegressionComparison, everything: Bool) -> String {
        // Failures first, then improvements, each in suite order.
        let shown = comparison.lines.filter { everything || $0.verdict != .ok }
            .enumerated().sorted { ($0.element.fails ? 0 : 1, $0.offset) < ($1.element.fails ? 0 : 1, $1.offset) }.map(\.element)
        var text = ""
        if !shown.isEmpty {
            text += TextTable.render(
                header: ["scenario", "metric", "baseline", "current", "change", "allowed", "better", "verdict"],
                rows: shown.map { line in
                    [
                        line.scenario, line.metric, number(line.baseline), number(line.current),
                        line.change.map { ($0 >= 0 ? "+" : "") + number($0) } ?? "–", "±" + number(line.allowance),
                        line.better.rawValue, line.fails ? line.verdict.rawValue.uppercased() : line.verdict.rawValue,
                    ]
                })
            text += "\n"
        }
        let failing = comparison.regressions
        let improved = comparison.lines.filter { $0.verdict == .improved }.count
        if failing.isEmpty {
            text += "no regressions: \(comparison.lines.count) checks within tolerance"
            if improved > 0 { text += " (\(improved) improved beyond it: keep the gain with --update-baseline)" }
        } else {
            let names = failing.map { "\($0.metric) on \($0.scenario)" }
            text +=
                "\(failing.count) regression\(failing.count == 1 ? "" : "s"): " + names.prefix(6).joined(separator: ", ")
                + (names.count > 6 ? ", …" : "")
        }
        return text
    }

    public static func csv(_ comparison: RegressionComparison) -> CSVWriter {
        var csv = CSVWriter(header: ["scenario", "metric", "baseline", "current", "change", "allowed", "better", "verdict"])
        for line in comparison.lines {
            csv.text(line.scenario)
            csv.text(line.metric)
            csv.number(line.baseline, decimals: 4)
            csv.number(line.current, decimals: 4)
            csv.number(line.change, decimals: 4)
            csv.number(line.allowance, decimals: 4)
            csv.text(line.better.rawValue)
            csv.text(line.verdict.rawValue)
            csv.endRow()
        }
        return csv
    }
}
