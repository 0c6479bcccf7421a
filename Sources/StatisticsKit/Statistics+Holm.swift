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
}
