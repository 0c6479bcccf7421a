import Testing
import StatisticsKit

@Suite struct PairedComparisonTests {
    /// d = B − A = [1, 1, 2, 1, 2]: mean 1.4, sd √0.3, t = 5.715 on 4 degrees of freedom,
    /// t₀.₉₇₅,₄ = 2.7764 ⇒ interval 1.4 ± 0.6800.
    @Test func handComputedPairedStatistics() throws {
        let paired = PairedComparison(a: [1, 2, 3, 4, 5], b: [2, 3, 5, 5, 7])
        #expect(paired.differences == [1, 1, 2, 1, 2])
        #expect(abs(paired.meanDifference - 1.4) < 1e-12)
        #expect(abs(paired.differenceSD - 0.3.squareRoot()) < 1e-12)
        let interval = try #require(paired.interval)
        #expect(abs(interval.lowerBound - (1.4 - 2.776445 * 0.3.squareRoot() / 5.0.squareRoot())) < 1e-5)
        #expect(abs(interval.upperBound - 2.0800) < 1e-4)
        #expect(abs(paired.tTestP! - 0.004642) < 2e-5)  // 2·Q_t(5.7155, 4)
        #expect(paired.isSignificant)
    }

    /// No change, a constant shift, seed noise around zero, missing values.
    @Test func edgeCases() {
        let none = PairedComparison(a: [1, 2, 3], b: [1, 2, 3])
        #expect(none.tTestP == 1 && !none.isSignificant && none.interval == 0...0)
        let shift = PairedComparison(a: [0.5, 0.7, 0.9], b: [0.49, 0.69, 0.89])
        #expect(shift.isSignificant && shift.tTestP == 0 && abs(shift.meanDifference + 0.01) < 1e-12)
        let noise = PairedComparison(a: [0, 0, 0, 0, 0, 0], b: [1, -1, 2, -2, 0.5, -0.5])
        #expect(!noise.isSignificant && abs(noise.meanDifference) < 1e-12)
        let missing = PairedComparison(a: [1, nil, 3, .nan], b: [2, 5, 4, 1])
        #expect(missing.differences == [1, 1])
        #expect(PairedComparison(a: [1], b: [2]).interval == nil)
    }

    /// A difference of one sd needs 10 pairs for 80 % power at 5 % (the paired t-test tables
    /// give n = 10 for d_z = 1); a constant shift needs 2; half the difference about 4×.
    @Test func seedsNeeded() {
        #expect(PairedComparison.seedsNeeded(difference: 1, sd: 1, level: 0.95) == 10)
        #expect(PairedComparison.seedsNeeded(difference: 0.3, sd: 0, level: 0.95) == 2)
        let half = PairedComparison.seedsNeeded(difference: 0.5, sd: 1, level: 0.95)!
        #expect(half >= 33 && half <= 36)
        #expect(PairedComparison.seedsNeeded(difference: 0, sd: 1, level: 0.95) == nil)
        let detectable = PairedComparison.detectableDifference(sd: 1, seeds: 10, level: 0.95)!
        #expect(detectable <= 1 && detectable > 0.95)
    }
}
