import Runs
import ReportIO
import Scenarios
import StatisticsKit

/// The current suite run against the baseline, seed by seed: for each scenario and checked
/// metric the paired differences (current − baseline on the same seeds), and a verdict that
/// needs both a change beyond the tolerance *and* a significant paired test to call a
/// regression — a real, consistent loss fails; a change that only reshuffles seed-to-seed
/// noise is reported but passes.
public struct RegressionComparison: Sendable {
    public enum Verdict: String, Sendable {
        /// Within tolerance.
        case ok
        /// Better beyond the tolerance, significantly (update the baseline to keep the gain).
        case improved
        /// Worse beyond the tolerance and significantly, or changed for a metric without a
        /// direction.
        case regressed
        /// Beyond the tolerance, but the paired test cannot tell it from seed noise.
        case withinNoise = "within noise"
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
        /// Current − baseline per seed; nil when one side lacks the metric.
        public var paired: PairedComparison?
        /// The p-value the verdict used: one-sided in the direction of the change for metrics
        /// with a direction, two-sided for the others.
        public var p: Double? {
            guard let paired else { return nil }
            guard better != .none else { return paired.tTestP }
            return paired.oneSidedP(positive: paired.meanDifference >= 0)
        }
        /// The smallest change these seeds would call significant if a change re-drew the
        /// seed-to-seed noise (paired sd √2 × the baseline's spread over seeds).
        public var detectableNoiseChange: Double?

        public var change: Double? { current.flatMap { now in baseline.map { now - $0 } } }
        public var fails: Bool { verdict == .regressed || verdict == .appeared || verdict == .vanished }
    }

    public var lines: [Line]
    /// The confidence level of the paired tests.
    public var level: Double
    public var regressions: [Line] { lines.filter(\.fails) }

    /// Checks that the baseline holds the same runs, then compares every tolerance's metric.
    public init(suite: RegressionSuite, baseline: RegressionRun, current: RegressionRun, level: Double = 0.95) throws {
        for (index, tolerance) in suite.tolerances.enumerated() where !RunMetrics.isKnown(tolerance.metric) {
            throw ExperimentError("tolerances[\(index)].metric: \(tolerance.metric) is not a metric (\(Metric.nameList))")
        }
        var lines: [Line] = []
        for entry in suite.entries {
            let before = baseline.rows.filter { $0.scenario == entry.name }
            let now = current.rows.filter { $0.scenario == entry.name }
            guard !before.isEmpty else {
                throw ExperimentError(
                    "the baseline has no rows for \(entry.name): the suite changed; review and run orbitbench regress --update-baseline")
            }
            guard before.map(\.seed) == now.map(\.seed) else {
                throw ExperimentError(
                    "the baseline ran \(entry.name) with seeds \(before.map { String($0.seed) }.joined(separator: ",")), the suite with \(now.map { String($0.seed) }.joined(separator: ",")); run orbitbench regress --update-baseline"
                )
            }
            for tolerance in suite.tolerances {
                let metric = tolerance.metric
                let baselineMean = Self.mean(before, metric), currentMean = Self.mean(now, metric)
                if baselineMean == nil && currentMean == nil { continue }  // does not apply to this scenario
                let allowance = tolerance.allowance(around: baselineMean ?? 0)
                let better = RunMetrics.direction(of: metric)
                var paired: PairedComparison?
                var detectable: Double?
                if baselineMean != nil && currentMean != nil {
                    paired = PairedComparison(a: before.map { $0.metrics[metric] }, b: now.map { $0.metrics[metric] }, level: level)
                    let spread = before.compactMap { $0.metrics[metric] }
                    if spread.count >= 2 {
                        // One-sided at 1 − level: the two-sided formula at level 2·level − 1.
                        detectable = PairedComparison.detectableDifference(
                            sd: 2.0.squareRoot() * Statistics.standardDeviation(spread), seeds: spread.count,
                            level: better == .none ? level : 2 * level - 1)
                    }
                }
                lines.append(
                    Line(
                        scenario: entry.name, metric: metric, baseline: baselineMean, current: currentMean, allowance: allowance, better: better,
                        verdict: Self.verdict(baselineMean, currentMean, allowance, better, paired: paired, level: level),
                        paired: paired, detectableNoiseChange: detectable))
            }
        }
        self.lines = lines
        self.level = level
    }

    /// Mean over the rows that have the metric; `nil` if none has it.
    static func mean(_ rows: [RegressionRun.Row], _ metric: String) -> Double? {
        let values = rows.compactMap { $0.metrics[metric] }
        return values.isEmpty ? nil : Statistics.mean(values)
    }

    /// Beyond the allowance in the worse direction and significant by a one-sided paired t-test
    /// at 1 − `level` ⇒ regressed (a regression check asks only "did it get worse?"); beyond it
    /// but not significant ⇒ within noise. Metrics without a direction use the two-sided test.
    static func verdict(
        _ baseline: Double?, _ current: Double?, _ allowance: Double, _ better: MetricDirection, paired: PairedComparison?, level: Double
    ) -> Verdict {
        guard let baseline else { return .appeared }
        guard let current else { return .vanished }
        // Means are compared after the rounding metrics.csv applies (4 decimals), so a baseline
        // read back from its file compares equal to the run that wrote it.
        let change = current - baseline
        let slack = allowance + 1e-9
        let worse: Bool, improved: Bool
        switch better {
        case .higher: (worse, improved) = (change < -slack, change > slack)
        case .lower: (worse, improved) = (change > slack, change < -slack)
        case .none: (worse, improved) = (abs(change) > slack, false)
        }
        let alpha = 1 - level
        func significant(upward: Bool?) -> Bool {
            guard let paired else { return false }
            guard let upward else { return (paired.tTestP ?? 1) < alpha }
            return (paired.oneSidedP(positive: upward) ?? 1) < alpha
        }
        let worseIsUp: Bool? = better == .none ? nil : better == .lower
        if worse { return significant(upward: worseIsUp) ? .regressed : .withinNoise }
        if improved { return significant(upward: worseIsUp.map { !$0 }) ? .improved : .withinNoise }
        return .ok
    }
}

extension RegressionRun {
    /// The run as its metrics.csv stores it (values rounded to the file's decimals), so it
    /// compares exactly with a baseline read from such a file.
    public func asWritten() throws -> RegressionRun {
        try RegressionRun(table: CSVTable(text: String(decoding: csv.bytes, as: UTF8.self), file: "current run"))
    }
}
