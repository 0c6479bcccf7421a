import CGSL

/// Any number of arms (settings, selectors, code versions) measured on the same blocks
/// (scenario × seed: common random numbers), compared on one metric as Demšar (2006) and
/// Benavoli et al. (2016) recommend: the Friedman test over blocks with the Iman–Davenport
/// correction, then every pair by the Wilcoxon signed-rank test with Holm's correction over
/// the pairs. Each pair's estimate and interval come from that same test
/// (`SignedRankInference`): the Hodges–Lehmann estimate, and the interval inverted from the
/// test at the level Holm tests the pair at, so a pair's verdict and its interval never
/// disagree. Verdicts know which direction of the metric is better.
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
        /// Of them, the blocks where the arms differ: zero differences carry no direction and
        /// are left out of the test, the estimate and the interval (Wilcoxon's convention).
        public var differing: Int
        /// The Hodges–Lehmann estimate of the difference where the arms differ: the median of
        /// the Walsh averages (0 when they never differ).
        public var estimate: Double
        /// The shifts the signed-rank test does not reject at `intervalLevel`; nil when too few
        /// blocks bound it. Excludes zero exactly when the verdict is a difference.
        public var interval: ClosedRange<Double>?
        /// The interval's confidence: 1 − α·p/p_Holm, the level Holm's procedure tests this pair at.
        public var intervalLevel: Double
        /// Two-sided signed-rank p (`SignedRankInference.p`).
        public var wilcoxonP: Double
        /// `wilcoxonP` adjusted by Holm over every pair of this metric.
        public var holmP: Double
        /// The second arm against the first.
        public var verdict: Verdict

        /// The Hodges–Lehmann estimate, which pairs report since the interval belongs to it.
        @available(*, deprecated, renamed: "estimate", message: "pairs report the Hodges–Lehmann estimate of their interval's test")
        public var medianDifference: Double { estimate }
    }

    /// Names the procedure of every pair, for files and pages.
    public static let pairProcedure =
        "Wilcoxon signed-rank test on the blocks where the arms differ, Holm-adjusted over the pairs; Hodges–Lehmann estimate with the interval inverted from the test at Holm's level"

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
        var inferences: [(first: Int, second: Int, inference: SignedRankInference)] = []
        for first in names.indices {
            for second in names.indices where second > first {
                let differences = values.compactMap { row -> Double? in
                    guard let a = row[first], let b = row[second], a.isFinite, b.isFinite else { return nil }
                    return b - a
                }
                inferences.append((first, second, SignedRankInference(differences)))
            }
        }
        let adjusted = Statistics.holm(inferences.map(\.inference.p))
        let alpha = 1 - level
        pairs = zip(inferences, adjusted).map { pair, holm in
            let inference = pair.inference
            let (interval, intervalLevel) = inference.interval(alpha: alpha, holmP: holm)
            var verdict = ComparisonVerdict.noSignificantDifference
            if inference.isIdentical {
                verdict = .identical
            } else if holm < alpha, let interval {
                let upward = interval.lowerBound > 0
                switch direction {
                case .none: verdict = .changed
                case .higher: verdict = upward ? .better : .worse
                case .lower: verdict = upward ? .worse : .better
                }
            }
            return Pair(
                first: pair.first, second: pair.second, count: inference.count, differing: inference.differing, estimate: inference.estimate,
                interval: interval,
                intervalLevel: intervalLevel, wilcoxonP: inference.p, holmP: holm, verdict: verdict)
        }
    }

    /// The pair of arms `a` and `b` in either order.
    public func pair(_ a: Int, _ b: Int) -> Pair? { pairs.first { ($0.first, $0.second) == (min(a, b), max(a, b)) } }
}
