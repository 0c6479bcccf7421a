import OrbitMath
import Testing
@testable import StatisticsKit

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

    /// The fit's normal equations are solved with `Matrix3.inverse` (cofactors over the
    /// determinant), not Gaussian elimination: the two agree to the last one or two bits. Checked
    /// by hand: A·(1, −2, ½) = (0, −7.5, −0.5), and scaling by D = diag(10⁸, 1, 10⁻⁸) — the
    /// spread of the real normal matrices, whose terms are N², σ_b², K²/3 — gives D·A·D with
    /// solution D⁻¹·x for right side D·b, which the inverse must find as accurately.
    @Test func normalEquationsAreSolvedAccurately() throws {
        let normal = [[4.0, 2, 0], [2, 5, 1], [0, 1, 3]], scale = [1e8, 1, 1e-8]
        let solution = try #require(AllanDeviation.matrix(normal).inverse) * Vector3(0, -7.5, -0.5)
        #expect((solution - Vector3(1, -2, 0.5)).norm < 1e-15)
        let scaled: [[Double]] = (0..<3).map { (i: Int) -> [Double] in (0..<3).map { (j: Int) -> Double in scale[i] * normal[i][j] * scale[j] } }
        let scaledSolution = try #require(AllanDeviation.matrix(scaled).inverse) * Vector3(0, -7.5, -0.5 * 1e-8)
        for (index, expected) in [1 / 1e8, -2, 0.5 / 1e-8].enumerated() {
            #expect(abs(scaledSolution[index] / expected - 1) < 1e-15)
        }
    }
}
