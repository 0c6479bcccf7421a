import Runs
import Testing
import StatisticsKit

@Suite struct AllanUncertaintyTests {
    /// 1/√(2(K − 1)) with K independent clusters: a 1 000-sample record has K ≈ 1 000 at τ₀
    /// (≈ 2.24 %) and about 10 at the longest τ (a tenth of the record: ≈ 24 %).
    @Test func uncertaintyFollowsTheNumberOfClusters() {
        let samples = (0..<1_000).map { Double(($0 * 7_919) % 101) - 50 }  // any signal: the bound depends on counts only
        let allan = AllanDeviation(samples: samples, interval: 0.01)
        let uncertainty = allan.relativeUncertainty
        #expect(abs(uncertainty[0] - 1 / (2.0 * 999).squareRoot()) < 2e-4)
        let last = uncertainty.last!
        #expect(last > 0.2 && last < 0.3, "\(last)")
        #expect(zip(uncertainty, uncertainty.dropFirst()).allSatisfy { $0 <= $1 }, "longer clusters are fewer")
    }
}
