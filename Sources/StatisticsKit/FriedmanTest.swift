import CGSL

/// The Friedman test of k treatments over n blocks (Demšar 2006, §3.2.2): within each block
/// the treatments are ranked (1 = smallest, ties at mid-ranks), and the test asks whether the
/// mean ranks differ more than chance would make them.
///
/// With ties the statistic is the tie-corrected form (Conover, *Practical Nonparametric
/// Statistics*, 3rd ed., §5.8):
///
///     Q = (k − 1) · Σ_j (R_j − n(k + 1)/2)² / (Σ_ij r_ij² − n·k·(k + 1)²/4)
///
/// with R_j the rank sum of treatment j; without ties it equals the textbook
/// 12/(n·k·(k + 1)) · Σ R_j² − 3n(k + 1). Its p-value is from χ² with k − 1 degrees of freedom.
/// Iman and Davenport's correction F = (n − 1)·Q / (n(k − 1) − Q), compared with F(k − 1,
/// (k − 1)(n − 1)), is less conservative and is what Demšar recommends.
public struct FriedmanTest: Sendable, Equatable {
    /// Blocks (rows of `values` without a missing or non-finite value).
    public let blocks: Int
    public let treatments: Int
    /// Mean rank of each treatment over the blocks (1 = smallest value).
    public let meanRanks: [Double]
    /// Q; nil when fewer than two blocks or treatments, or when every block ranks every
    /// treatment alike (all values tied within each block: nothing to test).
    public let statistic: Double?
    /// P(χ²_{k−1} ≥ Q); 1 when every block is all ties.
    public let p: Double?
    /// Iman–Davenport F; +∞ when the blocks agree perfectly.
    public let imanDavenport: Double?
    public let imanDavenportP: Double?

    /// `values[block][treatment]`; blocks with a missing or non-finite value are left out.
    public init(_ values: [[Double?]]) {
        let k = values.first?.count ?? 0
        precondition(values.allSatisfy { $0.count == k }, "FriedmanTest: every block needs a value slot per treatment")
        let complete = values.compactMap { row -> [Double]? in
            let known = row.compactMap { $0 }.filter(\.isFinite)
            return known.count == k ? known : nil
        }
        let n = complete.count
        blocks = n
        treatments = k
        let ranks = complete.map(Statistics.ranks)
        meanRanks = (0..<k).map { column in n == 0 ? .nan : ranks.map { $0[column] }.reduce(0, +) / Double(n) }
        guard n >= 2, k >= 2 else {
            (statistic, p, imanDavenport, imanDavenportP) = (nil, nil, nil, nil)
            return
        }
        let (nn, kk) = (Double(n), Double(k))
        let rankSums = (0..<k).map { column in ranks.map { $0[column] }.reduce(0, +) }
        let expected = nn * (kk + 1) / 2
        let numerator = (kk - 1) * rankSums.map { ($0 - expected) * ($0 - expected) }.reduce(0, +)
        let denominator = ranks.flatMap { $0 }.map { $0 * $0 }.reduce(0, +) - nn * kk * (kk + 1) * (kk + 1) / 4
        guard denominator > 1e-12 else {
            // Every block is all ties: the treatments cannot be told apart.
            (statistic, p, imanDavenport, imanDavenportP) = (0, 1, 0, 1)
            return
        }
        let q = numerator / denominator
        statistic = q
        p = gsl_cdf_chisq_Q(q, kk - 1)
        let room = nn * (kk - 1) - q
        if room <= 1e-12 * nn * kk {
            (imanDavenport, imanDavenportP) = (.infinity, 0)
        } else {
            let f = (nn - 1) * q / room
            imanDavenport = f
            imanDavenportP = gsl_cdf_fdist_Q(f, kk - 1, (kk - 1) * (nn - 1))
        }
    }
}
