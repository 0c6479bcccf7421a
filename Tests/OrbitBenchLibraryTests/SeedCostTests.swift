import OrbitBench
import Testing

/// `bench`'s seed-against-floor lines: with one measured round, each ratio is its round's
/// sums divided, so it can be recomputed from the phases and floor components.
@Suite struct SeedCostTests {
    @Test func ratiosDivideTheRightPieces() throws {
        let cost = try Bench.seedCost(try Shipped.scenario("orbit-72"), repetitions: 1)
        #expect(cost.imuSamples == 11_977 && cost.frames == 1_767)
        let floorWithBlur = cost.floor + cost.blurAndFrameTruth
        let expected: [(measured: Double, recomputed: Double)] = [
            (cost.seedToFloor, cost.seed / cost.floor),
            (cost.seedWithOutputToFloor, cost.seedWithOutput / cost.floor),
            (cost.seedToFloorWithBlur, cost.seed / floorWithBlur),
            (cost.seedWithOutputToFloorWithBlur, cost.seedWithOutput / floorWithBlur),
        ]
        for (measured, recomputed) in expected {
            #expect(abs(measured / recomputed - 1) < 1e-9, "\(measured) against \(recomputed)")
        }
        #expect(cost.seedToFloorWithBlur < cost.seedToFloor && cost.seedWithOutputToFloorWithBlur > cost.seedToFloorWithBlur)
    }
}
