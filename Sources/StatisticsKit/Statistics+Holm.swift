import Foundation

extension Statistics {
    /// Holm's step-down adjustment of p-values for m simultaneous tests (Holm 1979): sorted
    /// ascending, the i-th (from 1) becomes max over j ≤ i of min(1, (m − j + 1)·p_(j)), so
    /// the adjusted values keep the order of the raw ones. Returned in the order given.
    /// Rejecting where the adjusted value is below α keeps the family-wise error at α.
    public static func holm(_ p: [Double]) -> [Double] {
        let m = p.count
        let order = p.indices.sorted { (p[$0], $0) < (p[$1], $1) }
        var adjusted = [Double](repeating: 1, count: m)
        var running = 0.0
        for (position, index) in order.enumerated() {
            running = max(running, min(1, Double(m - position) * p[index]))
            adjusted[index] = running
        }
        return adjusted
    }

    /// The median of `values` with a distribution-free interval from order statistics: the
    /// sign test's interval [x_(d), x_(n+1−d)] with d the largest count such that
    /// P(Binomial(n, ½) < d) ≤ (1 − level)/2 (Conover §3.2). Nil interval when n is too small
    /// for the level (n < 6 at 95 %).
    public static func medianWithInterval(_ values: [Double], level: Double) -> (median: Double, interval: ClosedRange<Double>?) {
        let sorted = values.sorted()
        let n = sorted.count
        guard n > 0 else { return (.nan, nil) }
        let median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
        let tail = (1 - level) / 2
        // d: order statistic index (1-based) whose lower tail stays within `tail`.
        var d = 0
        var cumulative = 0.0
        var probability = pow(0.5, Double(n))  // P(X = 0)
        for count in 0..<n {
            cumulative += probability
            if cumulative > tail { break }
            d = count + 1
            probability *= Double(n - count) / Double(count + 1)
        }
        guard d >= 1 else { return (median, nil) }
        return (median, sorted[d - 1]...sorted[n - d])
    }
}
