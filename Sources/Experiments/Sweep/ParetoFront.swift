import StatisticsKit

/// The non-dominated points of two objectives: no other point is at least as good in both and
/// better in one. With coverage (higher is better) against blur (lower is better) these are the
/// settings worth considering; every other one gives up something for nothing.
public enum ParetoFront {
    /// Indices of the non-dominated points, ordered by x ascending (ties by y). Points with a
    /// non-finite coordinate take no part. Equal points are all kept (none dominates another).
    /// - Precondition: both directions are `.higher` or `.lower`.
    public static func indices(x: [Double], y: [Double], xBetter: MetricDirection, yBetter: MetricDirection) -> [Int] {
        precondition(x.count == y.count && xBetter != .none && yBetter != .none)
        // Turn both objectives into "smaller is better", then sweep in order of the first: a point
        // survives when its group of equal first values holds the smallest second value and
        // that value beats every point with a smaller first value. O(n log n), so a sweep of
        // many cells does not stall here.
        let xSign = xBetter == .lower ? 1.0 : -1.0, ySign = yBetter == .lower ? 1.0 : -1.0
        let order = x.indices.filter { x[$0].isFinite && y[$0].isFinite }.sorted { a, b in
            xSign * x[a] != xSign * x[b] ? xSign * x[a] < xSign * x[b] : ySign * y[a] < ySign * y[b]
        }
        var front: [Int] = []
        var bestSecond = Double.infinity
        var start = 0
        while start < order.count {
            var end = start
            while end < order.count && x[order[end]] == x[order[start]] { end += 1 }
            let groupBest = ySign * y[order[start]]
            if groupBest < bestSecond {
                front += order[start..<end].filter { ySign * y[$0] == groupBest }
                bestSecond = groupBest
            }
            start = end
        }
        return front.sorted { x[$0] != x[$1] ? x[$0] < x[$1] : y[$0] < y[$1] }
    }
}
