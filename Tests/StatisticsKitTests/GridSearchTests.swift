import OrbitMath
import Testing

@testable import StatisticsKit

/// `Statistics.refinedMinimum` and `componentMedian` against values worked by hand.
struct GridSearchTests {
    /// Costs (x − 2.3)² on the grid 0…4 (step 0.5): a parabola, so its vertex 2.3 exactly
    /// (within rounding); at the grid's end the point itself, flagged; costs that are not finite
    /// passed over; none finite is nil.
    @Test func refinedMinimumFindsTheParabolasVertex() throws {
        let grid = stride(from: 0.0, through: 4, by: 0.5).map { $0 }
        let best = try #require(Statistics.refinedMinimum(grid.map { ($0 - 2.3) * ($0 - 2.3) }, on: grid))
        #expect(abs(best.value - 2.3) < 1e-12 && !best.atEnd, "\(best)")
        let edge = try #require(Statistics.refinedMinimum([0, 1, 2], on: [10, 20, 30]))
        #expect(edge.value == 10 && edge.atEnd)
        let skipped = try #require(Statistics.refinedMinimum([.infinity, 1, 0, 1], on: [0, 1, 2, 3]))
        #expect(skipped.value == 2 && !skipped.atEnd)
        // A neighbour without a cost leaves the point unrefined.
        #expect(Statistics.refinedMinimum([.nan, 0, 3], on: [0, 1, 2])?.value == 1)
        #expect(Statistics.refinedMinimum([.nan, .infinity], on: [0, 1]) == nil)
        #expect(Statistics.refinedMinimum([1, 2], on: [0]) == nil)
    }

    @Test func componentMedianIsEachAxissMedian() {
        let median = Statistics.componentMedian([Vector3(1, 10, -1), Vector3(3, 20, -5), Vector3(2, 40, -3)])
        #expect(median == Vector3(2, 20, -3))
        #expect(Statistics.componentMedian([]) == nil)
    }
}
