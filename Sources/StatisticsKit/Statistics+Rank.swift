extension Statistics {
    /// Ranks 1…n of `values`, ties given the mean of the ranks they span (so [10, 20, 20, 30]
    /// ranks [1, 2.5, 2.5, 4]).
    public static func ranks(_ values: [Double]) -> [Double] {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: 0, count: values.count)
        var start = 0
        while start < order.count {
            var end = start
            while end + 1 < order.count && values[order[end + 1]] == values[order[start]] { end += 1 }
            let shared = Double(start + end) / 2 + 1
            for position in start...end { ranks[order[position]] = shared }
            start = end + 1
        }
        return ranks
    }

    /// Spearman's rank correlation of paired samples: the Pearson correlation of their ranks,
    /// −1…1. NaN with fewer than three pairs, with a non-finite value, or when either side is
    /// constant (no order to correlate).
    public static func spearman(_ x: [Double], _ y: [Double]) -> Double {
        precondition(x.count == y.count, "spearman: \(x.count) x and \(y.count) y values")
        guard x.count >= 3, x.allSatisfy(\.isFinite), y.allSatisfy(\.isFinite) else { return .nan }
        return pearson(ranks(x), ranks(y))
    }

    /// Pearson's correlation coefficient; NaN when either side has no spread.
    public static func pearson(_ x: [Double], _ y: [Double]) -> Double {
        precondition(x.count == y.count, "pearson: \(x.count) x and \(y.count) y values")
        let meanX = mean(x), meanY = mean(y)
        var covariance = 0.0, varianceX = 0.0, varianceY = 0.0
        for index in x.indices {
            let dx = x[index] - meanX, dy = y[index] - meanY
            covariance += dx * dy
            varianceX += dx * dx
            varianceY += dy * dy
        }
        guard varianceX > 0, varianceY > 0 else { return .nan }
        return covariance / (varianceX * varianceY).squareRoot()
    }
}
