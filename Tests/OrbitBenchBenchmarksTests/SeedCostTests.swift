import OrbitBench
import OrbitBenchBenchmarks
import TestSupport
import Testing

/// `bench`'s seed-against-floor lines: with one measured round, each ratio is its round's
/// sums divided, so it can be recomputed from the phases and floor components.
@Suite struct SeedCostTests {
    @Test func ratiosDivideTheRightPieces() throws {
        let cost = try Bench.seedCost(try Bench.scenario("orbit-72", searchDirectories: [Repository.scenarios]), repetitions: 1)
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

/// `bench`'s plug-in check line: with one round, the share is that round's pieces divided.
@Suite struct ContractCostTests {
    @Test func shareDividesTheRightPieces() throws {
        let cost = try Bench.contractCost(try Bench.scenario("orbit-72", searchDirectories: [Repository.scenarios]), repetitions: 1)
        #expect(cost.imuSamples == 11_977 && cost.decisions > 1_000)
        let recomputed = (Double(cost.imuSamples) * (cost.checkedUpdate - cost.bareUpdate) + cost.selectorChecks) / cost.seed
        #expect(abs(cost.shareOfSeed - recomputed) < 1e-9, "\(cost.shareOfSeed) against \(recomputed)")
        #expect(cost.selectorChecks > 0 && cost.bareUpdate > 0 && cost.checkedUpdate > 0)
    }
}
