import Foundation
import ReportIO
import StatisticsKit
import ReportFormats

/// `orbitbench motion`: motion statistics of real and simulated data side by side.
public enum MotionReport {
    static let header = [
        "source", "seed", "duration_s", "rate_hz", "rest_fraction", "rate_p50_dps", "rate_p90_dps", "rate_p99_dps", "acc_excess_p50_m_s2",
        "acc_excess_p90_m_s2", "acc_excess_p99_m_s2", "field_p5_ut", "field_p50_ut", "field_p95_ut", "group",
    ]

    /// One row per recording or simulated seed; byte-identical for the same input.
    public static func csv(_ rows: [MotionRow]) -> CSVWriter {
        CSVWriter(header: header, rows: rows) { csv, row in
            let s = row.statistics
            csv.text(row.source)
            if let seed = row.seed { csv.integer(seed) } else { csv.empty() }
            csv.number(s.duration, decimals: 2)
            csv.number(s.rate, decimals: 3)
            csv.number(s.restFraction, decimals: 4)
            csv.numbers([s.rotationRate.p50, s.rotationRate.p90, s.rotationRate.p99], decimals: 2)
            csv.numbers([s.accelerationExcess.p50, s.accelerationExcess.p90, s.accelerationExcess.p99], decimals: 3)
            csv.numbers([s.fieldMagnitude?.p5, s.fieldMagnitude?.p50, s.fieldMagnitude?.p95], decimals: 2)
            csv.text(row.group)
        }
    }

    /// The terminal table: recordings as they are, a scenario's seeds as their mean.
    public static func table(_ rows: [MotionRow]) -> String { document(rows).text }

    /// The terminal table and motion.md.
    public static func document(_ rows: [MotionRow]) -> ConsoleDocument {
        var lines: [[String]] = []
        var seen: [String] = []
        for row in rows where !seen.contains(row.source) {
            seen.append(row.source)
            let mine = rows.filter { $0.source == row.source }.map(\.statistics)
            func mean(_ value: (MotionStatistics) -> Double) -> String {
                let values = mine.map(value).filter(\.isFinite)
                return values.isEmpty ? "–" : String(format: "%.2f", values.reduce(0, +) / Double(values.count))
            }
            let label = row.seed == nil ? row.source : "\(row.source) (\(mine.count) seed\(mine.count == 1 ? "" : "s"))"
            lines.append([
                label, mean(\.duration), mean { 100 * $0.restFraction }, mean(\.rotationRate.p50), mean(\.rotationRate.p90),
                mean(\.rotationRate.p99), mean(\.accelerationExcess.p50), mean(\.accelerationExcess.p90), mean(\.accelerationExcess.p99),
                mean { $0.fieldMagnitude.map { $0.p95 - $0.p5 } ?? .nan },
            ])
        }
        var document = ConsoleDocument()
        document.table(
            header: [
                "source", "length s", "rest %", "|ω| p50 °/s", "|ω| p90 °/s", "|ω| p99 °/s", "|f|−g p50 m/s²", "|f|−g p90 m/s²", "|f|−g p99 m/s²",
                "field p5–p95 µT",
            ], rows: lines)
        document.line("|ω| and ||f| − g| over the moving samples (rest: VQF's detector, 2 °/s and 0.5 m/s² for 1.5 s).")
        return document
    }
}
