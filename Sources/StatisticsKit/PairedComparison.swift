import CGSL

/// Two settings run on the same seeds (common random numbers), compared seed by seed: the
/// paired differences B − A, their mean with a Student-t confidence interval, the paired t test
/// and how many seeds a difference needs. `regress` decides with its one-sided test; `compare`
/// shows these columns beside its verdict, which is the signed-rank test's (`ArmComparison`).
///
/// Pairing removes what the seeds share (the same walk, the same sensor noise), so a change is
/// told apart from seed-to-seed spread with far fewer seeds than comparing two means would
/// need.
public struct PairedComparison: Sendable, Equatable {
    /// B − A for every seed where both have a value.
    public let differences: [Double]
    public let meanA: Double
    public let meanB: Double
    /// Mean of `differences`.
    public let meanDifference: Double
    /// Sample standard deviation of `differences` (0 for fewer than two).
    public let differenceSD: Double
    /// The confidence level of `interval`, e.g. 0.95.
    public let level: Double
    /// Two-sided Student-t interval for the mean difference; nil for fewer than two pairs.
    /// When every difference is the same the interval is that value (a deterministic shift).
    public let interval: ClosedRange<Double>?
    /// Two-sided paired t-test p-value (0 for a constant non-zero shift, 1 for no change).
    public let tTestP: Double?
    /// The paired t statistic (±∞ for a constant non-zero shift, 0 for none); nil for fewer
    /// than two pairs.
    public let tStatistic: Double?

    /// Pairs `a[i]` with `b[i]`; pairs with a missing or non-finite side are left out.
    public init(a: [Double?], b: [Double?], level: Double = 0.95) {
        precondition(a.count == b.count && level > 0 && level < 1)
        var pairs: [(Double, Double)] = []
        for (x, y) in zip(a, b) {
            if let x, let y, x.isFinite, y.isFinite { pairs.append((x, y)) }
        }
        differences = pairs.map { $0.1 - $0.0 }
        meanA = pairs.isEmpty ? .nan : pairs.map(\.0).reduce(0, +) / Double(pairs.count)
        meanB = pairs.isEmpty ? .nan : pairs.map(\.1).reduce(0, +) / Double(pairs.count)
        let n = differences.count
        meanDifference = n == 0 ? .nan : differences.reduce(0, +) / Double(n)
        let mean = meanDifference
        differenceSD = n < 2 ? 0 : (differences.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(n - 1)).squareRoot()
        self.level = level
        // Differences within rounding of each other count as one value: a metric read from a
        // 4-decimal file does not turn a constant shift into noise.
        let spread = differenceSD <= 1e-12 * max(1, abs(mean))
        if n >= 2 {
            let halfWidth = spread ? 0 : gsl_cdf_tdist_Pinv(1 - (1 - level) / 2, Double(n - 1)) * differenceSD / Double(n).squareRoot()
            interval = (mean - halfWidth)...(mean + halfWidth)
            if spread {
                tTestP = abs(mean) <= 1e-12 ? 1 : 0
                tStatistic = abs(mean) <= 1e-12 ? 0 : (mean > 0 ? .infinity : -.infinity)
            } else {
                let t = mean / (differenceSD / Double(n).squareRoot())
                tTestP = min(1, 2 * gsl_cdf_tdist_Q(abs(t), Double(n - 1)))
                tStatistic = t
            }
        } else {
            interval = nil
            tTestP = nil
            tStatistic = nil
        }
    }

    /// One-sided paired t-test p-value for "the mean difference is above zero" (`positive`)
    /// or below it; nil for fewer than two pairs. A regression check asks only whether things
    /// got worse, so it uses this rather than the two-sided test.
    public func oneSidedP(positive: Bool) -> Double? {
        guard let t = tStatistic else { return nil }
        let directed = positive ? t : -t
        if directed.isInfinite { return directed > 0 ? 0 : 1 }
        if t == 0 { return differences.allSatisfy { abs($0) <= 1e-12 } ? 1 : 0.5 }
        return gsl_cdf_tdist_Q(directed, Double(differences.count - 1))
    }

    /// Whether the interval excludes zero.
    public var isSignificant: Bool {
        guard let interval else { return false }
        return interval.lowerBound > 0 || interval.upperBound < 0
    }

    /// The smallest true difference these seeds detect with `power` (two-sided test at this
    /// comparison's level), for differences spread like these:
    /// (t_{1−α/2, n−1} + t_{power, n−1}) · sd / √n. Nil for fewer than two pairs.
    public func detectableDifference(power: Double = 0.8) -> Double? {
        Self.detectableDifference(sd: differenceSD, seeds: differences.count, level: level, power: power)
    }

    public static func detectableDifference(sd: Double, seeds n: Int, level: Double, power: Double = 0.8) -> Double? {
        guard n >= 2, sd.isFinite else { return nil }
        let degrees = Double(n - 1)
        return (gsl_cdf_tdist_Pinv(1 - (1 - level) / 2, degrees) + gsl_cdf_tdist_Pinv(power, degrees)) * sd / Double(n).squareRoot()
    }

    /// How many seeds a true difference `difference` needs to be detected with `power` when
    /// paired differences spread with `sd`; nil when more than `limit` would be needed or
    /// nothing is to be detected. A constant shift (sd 0) needs two.
    public static func seedsNeeded(difference: Double, sd: Double, level: Double, power: Double = 0.8, limit: Int = 100_000) -> Int? {
        guard difference != 0, difference.isFinite, sd.isFinite else { return nil }
        if sd == 0 { return 2 }
        var n = 2
        while n <= limit {
            if let detectable = detectableDifference(sd: sd, seeds: n, level: level, power: power), detectable <= abs(difference) { return n }
            n = n < 64 ? n + 1 : n * 5 / 4
        }
        return nil
    }
}
