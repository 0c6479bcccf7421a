import CGSL
import Foundation

/// Any number of arms (settings, selectors, code versions) measured on the same blocks
/// (scenario × seed: common random numbers), compared on one metric as Demšar (2006) and
/// Benavoli et al. (2016) recommend: the Friedman test over blocks with the Iman–Davenport
/// correction, then every pair by the exact Wilcoxon signed-rank test with Holm's correction
/// over the pairs, each pair's median difference with its sign-test interval, and a verdict
/// that knows which direction of the metric is better.
///
/// Blocks where an arm has no value are left out of the Friedman test and mean ranks (which
/// need every arm) but a pair uses every block where both of its arms have one.
public struct ArmComparison: Sendable {
    /// What a pair's Wilcoxon test, after Holm's correction, says about its second arm.
    public typealias Verdict = ComparisonVerdict

    /// One arm over its blocks.
    public struct Arm: Sendable, Equatable {
        public var name: String
        /// Blocks with a value.
        public var count: Int
        public var mean: Double
        /// Student-t interval of the mean at the comparison's level; nil under two values.
        public var interval: ClosedRange<Double>?
        /// Mean rank over the complete blocks, 1 = best (lowest for `.lower` and `.none`,
        /// highest for `.higher`).
        public var meanRank: Double
    }

    /// Arms `first` and `second` (indices into `arms`, first < second), on the blocks where
    /// both have a value; differences are second − first.
    public struct Pair: Sendable, Equatable {
        public var first: Int
        public var second: Int
        public var count: Int
        public var medianDifference: Double
        /// The sign test's interval of the median difference; nil when too few blocks.
        public var interval: ClosedRange<Double>?
        /// Exact two-sided Wilcoxon signed-rank p (zero differences dropped, ties at mid-ranks).
        public var wilcoxonP: Double
        /// `wilcoxonP` adjusted by Holm over every pair of this metric.
        public var holmP: Double
        /// The second arm against the first.
        public var verdict: Verdict
        /// Share of the signed-rank sum on positive differences (second above first), 0…1;
        /// 0.5 when none differ.
        public var positiveRankShare: Double
    }

    public let metric: String
    public let direction: MetricDirection
    public let level: Double
    public let arms: [Arm]
    /// Over the blocks where every arm has a value, ranked so that 1 is best.
    public let friedman: FriedmanTest
    public let pairs: [Pair]

    /// `values[block][arm]`, nil where an arm has no value for a block.
    public init(metric: String, arms names: [String], values: [[Double?]], direction: MetricDirection, level: Double = 0.95) {
        precondition(names.count >= 2 && level > 0 && level < 1)
        precondition(values.allSatisfy { $0.count == names.count }, "ArmComparison: a value slot per arm in every block")
        self.metric = metric
        self.direction = direction
        self.level = level
        // Ranked so that rank 1 is the best arm of a block.
        let oriented = values.map { row in row.map { value in value.map { direction == .higher ? -$0 : $0 } } }
        let friedman = FriedmanTest(oriented)
        self.friedman = friedman
        arms = names.indices.map { arm in
            let known = values.compactMap { $0[arm] }.filter(\.isFinite)
            let mean = known.isEmpty ? Double.nan : Statistics.mean(known)
            var interval: ClosedRange<Double>?
            if known.count >= 2 {
                let half =
                    gsl_cdf_tdist_Pinv(1 - (1 - level) / 2, Double(known.count - 1)) * Statistics.standardDeviation(known)
                    / Double(known.count).squareRoot()
                interval = (mean - half)...(mean + half)
            }
            return Arm(name: names[arm], count: known.count, mean: mean, interval: interval, meanRank: friedman.meanRanks[arm])
        }
        var raw: [Pair] = []
        for first in names.indices {
            for second in names.indices where second > first {
                let differences = values.compactMap { row -> Double? in
                    guard let a = row[first], let b = row[second], a.isFinite, b.isFinite else { return nil }
                    return b - a
                }
                let (median, interval) = Statistics.medianWithInterval(differences, level: level)
                raw.append(
                    Pair(
                        first: first, second: second, count: differences.count, medianDifference: median, interval: interval,
                        wilcoxonP: differences.isEmpty ? 1 : PairedComparison.wilcoxon(differences), holmP: 1,
                        verdict: differences.allSatisfy { abs($0) <= 1e-12 } ? .identical : .noSignificantDifference,
                        positiveRankShare: Self.positiveRankShare(differences)))
            }
        }
        let adjusted = Statistics.holm(raw.map(\.wilcoxonP))
        pairs = zip(raw, adjusted).map { pair, holm in
            var pair = pair
            pair.holmP = holm
            if pair.verdict != .identical && holm < 1 - level {
                // The side the signed ranks lean to (the median can be 0 when they lean).
                let upward = pair.positiveRankShare > 0.5
                switch direction {
                case .none: pair.verdict = .changed
                case .higher: pair.verdict = upward ? .better : .worse
                case .lower: pair.verdict = upward ? .worse : .better
                }
            }
            return pair
        }
    }

    static func positiveRankShare(_ differences: [Double]) -> Double {
        let nonZero = differences.filter { abs($0) > 1e-12 }
        guard !nonZero.isEmpty else { return 0.5 }
        let ranks = Statistics.ranks(nonZero.map(abs))
        return zip(nonZero, ranks).filter { $0.0 > 0 }.map(\.1).reduce(0, +) / ranks.reduce(0, +)
    }

    /// The pair of arms `a` and `b` in either order.
    public func pair(_ a: Int, _ b: Int) -> Pair? { pairs.first { ($0.first, $0.second) == (min(a, b), max(a, b)) } }
}
