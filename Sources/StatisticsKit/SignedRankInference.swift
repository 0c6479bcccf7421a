import Foundation
import OrbitMath
import Synchronization

/// The Wilcoxon signed-rank test of paired differences and the Hodges–Lehmann estimate with the
/// interval inverted from that same test, so that a verdict and its interval cannot disagree:
/// the test at level α rejects "no shift" exactly when zero lies outside the interval at 1 − α.
///
/// Zero differences — blocks where both sides gave the same value, common in values written
/// with four decimals — carry no direction and are left out, as in Wilcoxon's own test; the
/// estimate and interval are those of the shift where the sides differ (`differing` blocks).
/// On the rest the statistic is written on the Walsh averages (dᵢ + dⱼ)/2, i ≤ j:
/// T⁺(δ) = #{w > δ} + ½ #{w = δ}, the signed-rank sum of d − δ with ties at mid-ranks (Tukey).
/// Its two-sided p at a shift δ comes from the exact null distribution of the untied statistic
/// (normal with continuity correction above `exactLimit` differences). T⁺ falls as δ grows and
/// that distribution is unimodal, so the shifts a level accepts form one interval with Walsh
/// averages for ends: the Hodges–Lehmann interval, reported closed.
///
/// So that "p < α" and "zero outside the closed interval" are one statement even where a Walsh
/// average is exactly zero (dᵢ = −dⱼ), `p` is the largest p just below, at and just above zero.
public struct SignedRankInference: Sendable, Equatable {
    /// Above this many differences the null distribution is the normal approximation.
    public static let exactLimit = 1000

    /// How many differences (zeros included).
    public let count: Int
    /// How many are not zero: the blocks the test, estimate and interval rest on.
    public let differing: Int
    /// The Hodges–Lehmann estimate of the shift where the sides differ: the median of the Walsh
    /// averages of the non-zero differences; 0 when every difference is zero, NaN without any.
    public let estimate: Double
    /// Two-sided p of "no shift" (1 without differences or when every difference is zero).
    public let p: Double
    /// Whether every difference is zero (within rounding of the largest).
    public let isIdentical: Bool

    /// The sorted Walsh averages of the non-zero differences, near-zeros set to zero.
    private let walsh: [Double]

    /// `differences`: finite paired differences (second − first).
    public init(_ differences: [Double]) {
        precondition(differences.allSatisfy(\.isFinite), "SignedRankInference: finite differences only")
        count = differences.count
        // Within rounding of zero is zero: values read from 4-decimal files give b − a that differ
        // from an exact tie by an ulp, which must not decide a verdict.
        let scale = differences.map(abs).max() ?? 0
        let tolerance = max(1e-12, 1e-9 * scale)
        let changed = differences.filter { abs($0) > tolerance }
        differing = changed.count
        isIdentical = changed.isEmpty
        var walsh: [Double] = []
        walsh.reserveCapacity(changed.count * (changed.count + 1) / 2)
        for i in changed.indices {
            for j in i..<changed.count {
                let average = (changed[i] + changed[j]) / 2
                walsh.append(abs(average) <= tolerance ? 0 : average)
            }
        }
        walsh.sort()
        self.walsh = walsh
        if changed.isEmpty {
            estimate = differences.isEmpty ? .nan : 0
            p = 1
        } else {
            estimate = Statistics.percentile(sorted: walsh, fraction: 0.5) ?? .nan
            let null = SignedRankNull(changed.count)
            let above = walsh.count - Self.upperIndex(walsh, 0), atZero = Self.upperIndex(walsh, 0) - Self.lowerIndex(walsh, 0)
            // Just below zero, at zero, just above: the statistic is #above + atZero, + atZero/2, + 0.
            p = max(null.p(Double(above + atZero)), null.p(Double(above) + Double(atZero) / 2), null.p(Double(above)))
        }
    }

    /// The shifts the test does not reject at `alpha` (two-sided): the closed interval between
    /// the Walsh averages that end them. Nil when it is unbounded — too few differences for any
    /// p below `alpha` — or without differences. Contains zero exactly when `p >= alpha`.
    public func interval(alpha: Double) -> ClosedRange<Double>? {
        if isIdentical { return count > 0 ? 0...0 : nil }
        let null = SignedRankNull(differing)
        let total = walsh.count
        // Each distinct Walsh average v, and the open gap after it, in ascending order; the gap
        // before the first has every average above it.
        guard null.p(Double(total)) < alpha else { return nil }
        var lower: Double?, upper: Double?
        var index = 0
        while index < total {
            let value = walsh[index]
            var end = index
            while end + 1 < total && walsh[end + 1] == value { end += 1 }
            let above = total - end - 1, tied = end - index + 1
            let atPoint = null.p(Double(above) + Double(tied) / 2) >= alpha
            let inGap = end + 1 < total && null.p(Double(above)) >= alpha
            if atPoint || inGap {
                if lower == nil { lower = value }
                // The gap's far end is the next Walsh average.
                upper = inGap ? walsh[end + 1] : value
            } else if lower != nil {
                break
            }
            index = end + 1
        }
        guard let lower, let upper else { return nil }
        return lower...upper
    }

    /// The interval at the level Holm's procedure tests this p at: α · p / p_Holm, so that
    /// `holmP < alpha` exactly when zero is outside it.
    public func interval(alpha: Double, holmP: Double) -> (interval: ClosedRange<Double>?, level: Double) {
        guard holmP > 0, p > 0 else { return (interval(alpha: alpha), 1 - alpha) }
        var adjusted = alpha * p / holmP
        // The same decision as the verdict's even where the division rounds (an ulp's worth).
        if holmP < alpha { adjusted = max(adjusted, p.nextUp) } else { adjusted = min(adjusted, p) }
        return (interval(alpha: adjusted), 1 - adjusted)
    }

    /// The first index of a value ≥ `value` in sorted `values`.
    static func lowerIndex(_ values: [Double], _ value: Double) -> Int {
        values.indices.partitionPoint { values[$0] < value }
    }

    /// The first index of a value > `value` in sorted `values`.
    static func upperIndex(_ values: [Double], _ value: Double) -> Int {
        values.indices.partitionPoint { values[$0] <= value }
    }
}

/// The null distribution of the untied signed-rank sum of n differences: every one of the 2ⁿ
/// sign patterns of the ranks 1…n equally likely. Exact (counted) up to
/// `SignedRankInference.exactLimit`, normal with continuity correction above. Distributions
/// are kept once computed: a comparison asks for the same n for every pair and metric.
struct SignedRankNull {
    let n: Int
    /// P(T ≤ t) for t = 0…n(n+1)/2; empty when normal.
    private let cumulative: [Double]

    private static let cache = Mutex<[Int: [Double]]>([:])

    init(_ n: Int) {
        self.n = n
        guard n <= SignedRankInference.exactLimit else {
            cumulative = []
            return
        }
        if let known = Self.cache.withLock({ $0[n] }) {
            cumulative = known
            return
        }
        let total = n * (n + 1) / 2
        // probabilities[s]: the patterns of ranks 1…k whose positive sum is s, halved per rank.
        var probabilities = [Double](repeating: 0, count: total + 1)
        probabilities[0] = 1
        var reach = 0
        for rank in 1...max(1, n) where n > 0 {
            for sum in stride(from: reach, through: 0, by: -1) { probabilities[sum + rank] += probabilities[sum] }
            reach += rank
            for sum in 0...reach { probabilities[sum] *= 0.5 }
        }
        var running = 0.0
        cumulative = probabilities.map { value in
            running += value
            return min(1, running)
        }
        let computed = cumulative
        Self.cache.withLock { $0[n] = computed }
    }

    /// Two-sided p of a signed-rank sum `t` (a whole or half number): twice the smaller tail.
    func p(_ t: Double) -> Double {
        let total = Double(n * (n + 1) / 2)
        guard cumulative.isEmpty else {
            // P(T ≤ t) and, by symmetry, P(T ≥ t) = P(T ≤ total − t).
            let low = cumulative[Int(t.rounded(.down))], high = cumulative[Int((total - t).rounded(.down))]
            return min(1, 2 * min(low, high))
        }
        let mean = total / 2, sd = (Double(n) * Double(n + 1) * Double(2 * n + 1) / 24).squareRoot()
        let z = max(0, abs(t - mean) - 0.5) / sd
        return min(1, erfc(z / 2.0.squareRoot()))
    }
}
