import ReportFormats
import Runs

/// The metric table for people: `orbitbench metrics` and docs/reference/metrics.md.
public enum MetricTableReport {
    static func rows() -> [[String]] {
        Metric.table.map { metric in
            [
                metric.isPerKeypoint ? metric.name + "<keypoint>" : metric.name, metric.unit.rawValue, metric.better.rawValue,
                Metric.Kind.allCases.filter(metric.kinds.contains).map(\.rawValue).joined(separator: ", "), metric.summary,
            ]
        }
    }

    static let header = ["metric", "unit", "better", "runs", "meaning"]

    /// A fixed-width table for the console.
    public static func text() -> String { TextTable.render(header: header, rows: rows()) }

    /// A Markdown table (docs/reference/metrics.md).
    public static func markdown() -> String {
        MarkdownTable.render(header: header, rows: rows().map { row in ["`\(row[0])`"] + row.dropFirst() })
    }
}
