import Foundation
import StatisticsKit
import Testing

/// The signed-rank test and the Hodges–Lehmann interval inverted from it, against hand counts,
/// the published critical values and the property that makes them one procedure.
@Suite struct SignedRankInferenceTests {
    /// Signed ranks of [1.5, −0.5, 2, 3, −1, 2.5]: negatives hold ranks 1 and 2, W⁻ = 3; five
    /// of the 64 sign patterns have W⁻ ≤ 3 ({}, {1}, {2}, {3}, {1,2}) ⇒ p = 10/64.
    @Test func exactPByCounting() {
        let inference = SignedRankInference([1.5, -0.5, 2, 3, -1, 2.5])
        #expect(abs(inference.p - 10.0 / 64) < 1e-12)
        // Ten positive differences: only one of 2¹⁰ patterns is as extreme, each side ⇒ 2/1024.
        #expect(abs(SignedRankInference((1...10).map(Double.init)).p - 2.0 / 1024) < 1e-15)
    }

    /// [1, 2, 3]: Walsh averages 1, 1.5, 2, 2, 2.5, 3 ⇒ Hodges–Lehmann 2.
    @Test func hodgesLehmannByHand() {
        #expect(SignedRankInference([3, 1, 2]).estimate == 2)
        #expect(SignedRankInference([]).estimate.isNaN && SignedRankInference([]).p == 1)
    }

    /// Twelve differences without ties: the two-sided 5 % critical value of the signed-rank
    /// sum is 13 (P(T ≤ 13) = 0.0212, P(T ≤ 14) = 0.0261), so the 95 % interval is the 14th
    /// smallest to the 14th largest of the 78 Walsh averages (Hollander & Wolfe, §3.3).
    @Test func intervalFromTheCriticalValue() throws {
        let differences: [Double] = (1...12).map { (i: Int) -> Double in
            let value = Double(i)
            return value - 4 + 0.001 * value * value
        }
        var walsh: [Double] = []
        for i in differences.indices {
            for j in i..<differences.count {
                let sum: Double = differences[i] + differences[j]
                walsh.append(sum / 2)
            }
        }
        walsh.sort()
        let interval = try #require(SignedRankInference(differences).interval(alpha: 0.05))
        #expect(interval == walsh[13]...walsh[64])
    }

    /// Five differences cannot reach p < 0.05 (the smallest is 2/32): no bounded interval.
    @Test func tooFewForALevel() {
        #expect(SignedRankInference([1, 2, 3, 4, 5]).interval(alpha: 0.05) == nil)
        #expect(SignedRankInference([1, 2, 3, 4, 5, 6]).interval(alpha: 0.05) != nil)
    }

    /// Zero differences carry no direction: eleven unchanged blocks and one that moved are no
    /// difference; six unchanged and six that rose are the six that rose (p = 2/2⁶), and the
    /// estimate is their shift.
    @Test func zerosAreLeftOut() {
        let one = SignedRankInference(Array(repeating: 0, count: 11) + [0.5])
        #expect(one.p == 1 && one.differing == 1 && one.count == 12)
        #expect(one.interval(alpha: 0.05) == nil)
        let six = SignedRankInference(Array(repeating: 0, count: 6) + [0.0139, 0.0139, 0.0278, 0.0139, 0.0417, 0.0139])
        #expect(abs(six.p - 2.0 / 64) < 1e-15 && six.differing == 6)
        #expect(six.interval(alpha: 0.05).map { $0.lowerBound > 0 } == true)
        let identical = SignedRankInference(Array(repeating: 0, count: 8))
        #expect(identical.isIdentical && identical.p == 1 && identical.interval(alpha: 0.05) == 0...0)
    }

    /// The point of the procedure: for data full of ties and zeros (values of four decimals,
    /// coverage in steps of 1/72) and any level, zero is inside the interval exactly when p is
    /// not below the level — including at Holm's adjusted levels.
    @Test func verdictAndIntervalNeverDisagree() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        for _ in 0..<400 {
            let count = 3 + Int(next() * 20)
            let shift = (next() - 0.5) * 0.04
            let differences = (0..<count).map { _ -> Double in
                let raw = shift + (next() - 0.5) * 0.06
                return next() < 0.3 ? 0 : (raw * 72).rounded() / 72
            }
            let inference = SignedRankInference(differences)
            for alpha in [0.001, 0.01, 0.0167, 0.025, 0.05, 0.1, 0.2] {
                let interval = inference.interval(alpha: alpha)
                let includesZero = interval?.contains(0) ?? true
                #expect(
                    includesZero == (inference.p >= alpha), "\(differences) at \(alpha): p \(inference.p), interval \(String(describing: interval))")
                if let interval { #expect(interval.contains(inference.estimate)) }
            }
            for holm in [inference.p, min(1, 3 * inference.p), min(1, 6 * inference.p)] {
                let (interval, _) = inference.interval(alpha: 0.05, holmP: holm)
                #expect((interval?.contains(0) ?? true) == (holm >= 0.05))
            }
        }
    }

    /// Above the exact limit the normal approximation keeps the same property.
    @Test func normalApproximationAboveTheLimit() {
        let differences = (0..<(SignedRankInference.exactLimit + 1)).map { Double($0 % 7) - 2.3 }
        let inference = SignedRankInference(differences)
        let interval = inference.interval(alpha: 0.05)
        #expect((interval?.contains(0) ?? true) == (inference.p >= 0.05))
        #expect(inference.p < 1e-6 && inference.estimate > 0)
    }
}
