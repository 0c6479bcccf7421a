import Foundation
import StatisticsKit
import Testing

@Suite struct LinearLeastSquaresTests {
    /// y = 3 + 2x + e with independent e of σ = 0.5 at x = 0…999/100: the slope's standard error
    /// is σ/√Σ(x − x̄)² (hand-computed: Σ(x − x̄)² = 10⁻⁴·n(n² − 1)/12 = 8333.25, so 0.5/91.29 ≈ 0.005477), within 10 %.
    @Test func recoversALineWithItsStandardError() throws {
        var state: UInt64 = 12345
        func uniform() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (Double(state >> 11) + 0.5) / Double(1 << 53)
        }
        // Box–Muller from a fixed LCG: independent errors without a seeded stream dependency.
        func gaussian() -> Double { (-2 * log(uniform())).squareRoot() * cos(2 * .pi * uniform()) }
        let xs = (0..<1000).map { Double($0) / 100 }
        let fit = try #require(LinearLeastSquares(rows: xs.map { [1, $0] }, values: xs.map { 3 + 2 * $0 + 0.5 * gaussian() }))
        #expect(abs(fit.coefficients[0] - 3) < 0.15 && abs(fit.coefficients[1] - 2) < 0.01)
        #expect(abs(fit.standardErrors[1] / 0.005477 - 1) < 0.1, "\(fit.standardErrors[1])")
        #expect(abs(fit.residualRMS - 0.5) < 0.05)
    }

    /// Correlated residuals (a random walk's steps summed) widen the errors: fewer effective samples.
    @Test func correlatedResidualsCountAsFewerSamples() throws {
        let xs = (0..<500).map(Double.init)
        let noise = xs.map { sin($0 / 7) }  // smooth, strongly correlated from sample to sample
        let fit = try #require(LinearLeastSquares(rows: xs.map { [1, $0] }, values: zip(xs, noise).map { 1 + $0 + $1 }))
        #expect(fit.effectiveSamples < 50)
    }

    @Test func tooFewOrNonFiniteRowsGiveNoFit() {
        #expect(LinearLeastSquares(rows: [[1, 0], [1, 1]], values: [0, 1]) == nil)
        #expect(LinearLeastSquares(rows: [[1, 0], [1, 1], [1, .nan]], values: [0, 1, 2]) == nil)
    }
}
