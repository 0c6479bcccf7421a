import OrbitMath

extension Statistics {
    /// The point of an evenly spaced `grid` whose cost is smallest, moved to the vertex of the
    /// parabola through it and its two neighbours when those curve upwards: a grid search
    /// refined between its points. At either end of the grid the point is not refined and
    /// `atEnd` says so (a bound rather than a minimum). Ties go to the first point; costs that
    /// are not finite are passed over. Nil when no cost is finite or the counts differ.
    public static func refinedMinimum(_ costs: [Double], on grid: [Double]) -> (value: Double, atEnd: Bool)? {
        guard costs.count == grid.count, let best = costs.indices.filter({ costs[$0].isFinite }).min(by: { costs[$0] < costs[$1] })
        else { return nil }
        guard best > 0, best < grid.count - 1 else { return (grid[best], true) }
        let (left, middle, right) = (costs[best - 1], costs[best], costs[best + 1])
        let curvature = left - 2 * middle + right
        guard left.isFinite, right.isFinite, curvature > 0 else { return (grid[best], false) }
        return (grid[best] + 0.5 * (grid[1] - grid[0]) * (left - right) / curvature, false)
    }

    /// The median of each component of `vectors` (type 7, as `percentile`); nil for none.
    public static func componentMedian(_ vectors: [Vector3]) -> Vector3? {
        guard !vectors.isEmpty else { return nil }
        return Vector3(percentile(vectors.map(\.x), 50), percentile(vectors.map(\.y), 50), percentile(vectors.map(\.z), 50))
    }
}
