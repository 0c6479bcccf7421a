import Foundation
import Runs
import ReportIO
import Scenarios

/// The current suite run against the baseline: for each scenario and checked metric, the mean
/// over the scenario's seeds before and now, and whether the change stays within tolerance.
public struct RegressionComparison: Sendable {
    public enum Verdict: String, Sendable {
        /// Within tolerance.
        case ok
        /// Better by more than the tolerance (update the baseline to keep the gain).
        case improved
        /// Worse by more than the tolerance, or changed for a metric without a direction.
        case regressed
        /// The metric exists on one side only.
        case appeared, vanished
    }

    public struct Line: Sendable {
        public var scenario: String
        public var metric: String
        public var baseline: Double?
        public var current: Double?
        public var allowance: Double
        public var better: MetricDirection
        public var verdict: Verdict

        public var change: Double? { current.flatMap { now in baseline.map { now - $0 } } }
        public var fails: Bool { verdict == .regressed || verdict == .appeared || verdict == .vanished }
    }

    public var lines: [Line]
    public var regressions: [Line] { lines.filter(\.fails) }

    /// Checks that the baseline holds the same runs, then compares every tolerance's metric.
    public init(suite: RegressionSuite, baseline: RegressionRun, current: RegressionRun) throws {
        for (index, tolerance) in suite.tolerances.enumerated() where !RunMetrics.isKnown(tolerance.metric) {
            throw RegressionError(
                "tolerances[\(index)].metric: \(tolerance.metric) is not a metric (\(Metric.nameList))"
            )
        }
        var lines: [Line] = []
        for entry in suite.entries {
            let before = baseline.rows.filter { $0.scenario == entry.name }
            let now = current.rows.filter { $0.scenario == entry.name }
            guard !before.isEmpty else {
                throw RegressionError(
                    "the baseline has no rows for \(entry.name): the suite changed; review and run orbitbench regress --update-baseline")
            }
            guard before.map(\.seed) == now.map(\.seed) else {
                throw RegressionError(
                    "the baseline ran \(entry.name) with seeds \(before.map { String($0.seed) }.joined(separator: ",")), the suite with \(now.map { String($0.seed) }.joined(separator: ",")); run orbitbench regress --update-baseline"
                )
            }
            for tolerance in suite.tolerances {
                let baselineMean = Self.mean(before, tolerance.metric), currentMean = Self.mean(now, tolerance.metric)
                if baselineMean == nil && currentMean == nil { continue }  // does not apply to this scenario
                let allowance = tolerance.allowance(around: baselineMean ?? 0)
                lines.append(
                    Line(
                        scenario: entry.name, metric: tolerance.metric, baseline: baselineMean, current: currentMean, allowance: allowance,
                        better: RunMetrics.direction(of: tolerance.metric),
                        verdict: Self.verdict(baselineMean, currentMean, allowance, RunMetrics.direction(of: tolerance.metric))))
            }
        }
        self.lines = lines
    }

    /// Mean over the rows that have the metric; `nil` if none has it.
    static func mean(_ rows: [RegressionRun.Row], _ metric: String) -> Double? {
        let values = rows.compactMap { $0.metrics[metric] }
        return values.isEmpty ? nil : Statistics.mean(values)
    }

    static func verdict(_ baseline: Double?, _ current: Double?, _ allowance: Double, _ better: MetricDirection) -> Verdict {
        guard let baseline else { return .appeared }
        guard let current else { return .vanished }
        // Means are compared after the rounding metrics.csv applies (4 decimals), so a baseline
        // read back from its file compares equal to the run that wrote it.
        let change = current - baseline
        let slack = allowance + 1e-9
        switch better {
        case .higher: return change < -slack ? .regressed : change > slack ? .improved : .ok
        case .lower: return change > slack ? .regressed : change < -slack ? .improved : .ok
        case .none: return abs(change) > slack ? .regressed : .ok
        }
    }
}

extension RegressionRun {
    /// The run as its metrics.csv stores it (values rounded to the file's decimals), so it
    /// compares exactly with a baseline read from such a file.
    public func asWritten() throws -> RegressionRun {
        try RegressionRun(table: CSVTable(text: String(decoding: csv.bytes, as: UTF8.self), file: "current run"))
    }
}
