import Foundation
import StatisticsKit
import Testing

/// Reference values: Friedman and Iman–Davenport from SciPy 1.17 (`friedmanchisquare`, `f.sf`),
/// the signed-rank p by brute force over every sign pattern, Holm by its definition, the
/// Hodges–Lehmann estimate and the interval at Holm's level by scanning every shift — all
/// computed by `arm_comparison_reference.py` beside this file, independently of the Swift code.
@Suite struct ArmComparisonTests {
    static let distinct: [[Double]] = [[1.0, 2.0, 3.0], [2.1, 1.9, 3.5], [0.5, 1.5, 2.2], [1.2, 2.8, 2.9], [0.9, 1.1, 3.3], [1.4, 1.6, 2.0]]
    static let ties: [[Double]] = [[1, 2, 2], [3, 3, 4], [1, 2, 3], [2, 2, 2.5], [1, 3, 3], [0, 1, 1], [2, 4, 4], [1, 1.5, 1.5]]
    static let tiedBlock: [[Double]] = [
        [5, 5, 5, 5], [1, 2, 3, 4], [2, 1, 4, 3], [1, 3, 2, 4], [0.5, 0.7, 0.9, 0.6], [3, 3, 4, 4], [1, 2, 2, 5],
    ]

    struct Expected {
        var friedman: Double, friedmanP: Double, imanDavenport: Double, imanDavenportP: Double
        var wilcoxon: [Double], holm: [Double]
        var estimate: [Double], interval: [ClosedRange<Double>?]
    }

    static let expected: [(data: [[Double]], values: Expected)] = [
        (
            distinct,
            Expected(
                friedman: 10.333333333333329, friedmanP: 0.005703548998007417, imanDavenport: 30.999999999999897,
                imanDavenportP: 5.168178652475136e-05, wilcoxon: [0.15625, 0.03125, 0.03125], holm: [0.15625, 0.09375, 0.09375],
                estimate: [0.6000000000000001, 1.7, 1.0], interval: [-0.20000000000000018...1.5999999999999999, nil, nil])
        ),
        (
            ties,
            Expected(
                friedman: 13.04, friedmanP: 0.0014736691023539954, imanDavenport: 30.837837837837828, imanDavenportP: 7.41655290101564e-06,
                wilcoxon: [0.03125, 0.0078125, 0.25], holm: [0.0625, 0.0234375, 0.25], estimate: [1.25, 1.25, 0.875],
                interval: [nil, 0.5...2.0, nil])
        ),
        (
            tiedBlock,
            Expected(
                friedman: 11.21052631578948, friedmanP: 0.010640284204499764, imanDavenport: 6.870967741935492,
                imanDavenportP: 0.0027893205156520966, wilcoxon: [0.4375, 0.03125, 0.03125, 0.4375, 0.0625, 0.4375],
                holm: [1.0, 0.1875, 0.1875, 1.0, 0.25, 1.0], estimate: [0.6, 1.2, 2.0, 1.0, 1.5, 1.0],
                interval: [nil, nil, nil, nil, nil, nil])
        ),
    ]

    @Test(arguments: 0..<3) func matchesTheIndependentComputation(_ set: Int) throws {
        let (data, expected) = Self.expected[set]
        let arms = data[0].indices.map { "arm \($0)" }
        let comparison = ArmComparison(metric: "m", arms: arms, values: data.map { $0.map { $0 } }, direction: .lower)
        let friedman = comparison.friedman
        #expect(abs(try #require(friedman.statistic) - expected.friedman) < 1e-9)
        #expect(abs(try #require(friedman.p) - expected.friedmanP) < 1e-12)
        #expect(abs(try #require(friedman.imanDavenport) - expected.imanDavenport) < 1e-8)
        #expect(abs(try #require(friedman.imanDavenportP) - expected.imanDavenportP) < 1e-12)
        #expect(comparison.pairs.map(\.wilcoxonP).elementsEqual(expected.wilcoxon) { abs($0 - $1) < 1e-12 })
        #expect(comparison.pairs.map(\.holmP).elementsEqual(expected.holm) { abs($0 - $1) < 1e-12 })
        #expect(comparison.pairs.map(\.estimate).elementsEqual(expected.estimate) { abs($0 - $1) < 1e-12 })
        #expect(
            comparison.pairs.map(\.interval).elementsEqual(expected.interval) { found, wanted in
                guard let found, let wanted else { return found == nil && wanted == nil }
                return abs(found.lowerBound - wanted.lowerBound) < 1e-12 && abs(found.upperBound - wanted.upperBound) < 1e-12
            })
    }

    /// By hand: the first set ranks [1,2,3] in five blocks and [2,1,3] in one, so the rank sums
    /// are 7, 11, 18, Q = 12/(6·3·4)·(49 + 121 + 324) − 3·6·4 = 10.333…, the mean ranks 7/6, 11/6, 3.
    @Test func handComputedFriedman() throws {
        let test = FriedmanTest(Self.distinct.map { $0.map { $0 } })
        let handComputed: Double = 12.0 / 72 * 494 - 72
        let statistic = try #require(test.statistic)
        #expect(abs(statistic - handComputed) < 1e-12)
        #expect(test.meanRanks.elementsEqual([7.0 / 6, 11.0 / 6, 3]) { abs($0 - $1) < 1e-12 })
    }

    /// Every block all ties: nothing to test (Q 0, p 1); every pair identical.
    @Test func allTiedBlocksAreNotADifference() throws {
        let comparison = ArmComparison(metric: "m", arms: ["a", "b", "c"], values: Array(repeating: [2, 2, 2], count: 5), direction: .higher)
        #expect(comparison.friedman.statistic == 0 && comparison.friedman.p == 1)
        #expect(comparison.pairs.allSatisfy { $0.verdict == .identical && $0.holmP == 1 })
        #expect(comparison.arms.allSatisfy { $0.meanRank == 2 })
    }

    /// A block where an arm has no value leaves the Friedman test; the pairs keep their blocks.
    @Test func missingValuesLeaveOnlyTheirBlock() {
        var values: [[Double?]] = Self.distinct.map { $0.map { $0 } }
        values[0][2] = nil
        let comparison = ArmComparison(metric: "m", arms: ["a", "b", "c"], values: values, direction: .lower)
        #expect(comparison.friedman.blocks == 5)
        #expect(comparison.pair(0, 1)?.count == 6 && comparison.pair(1, 2)?.count == 5)
        #expect(comparison.arms[2].count == 5)
    }

    /// The verdict follows the metric's better direction: arm 2 is largest in every block.
    @Test func verdictsRespectTheBetterDirection() throws {
        let blocks: [[Double?]] = (0..<10).map { index -> [Double?] in
            let base = Double(index)
            let middle: Double = base + 0.1 * (base + 1)
            return [base, middle, base + 5]
        }
        let lower = ArmComparison(metric: "blur", arms: ["a", "b", "c"], values: blocks, direction: .lower)
        let higher = ArmComparison(metric: "coverage", arms: ["a", "b", "c"], values: blocks, direction: .higher)
        let none = ArmComparison(metric: "frames", arms: ["a", "b", "c"], values: blocks, direction: .none)
        #expect(lower.pair(0, 2)?.verdict == .worse && higher.pair(0, 2)?.verdict == .better && none.pair(0, 2)?.verdict == .changed)
        // Exact p of ten positive differences: 2/2¹⁰; Holm over three pairs: ×3.
        #expect(abs(try #require(lower.pair(0, 2)).holmP - 3 * 2 / 1024) < 1e-12)
        #expect(lower.arms.map(\.meanRank) == [1, 2, 3] && higher.arms.map(\.meanRank) == [3, 2, 1])
    }

    /// Holm by hand: p (0.01, 0.04, 0.03) over three tests → 0.03, then max(0.03, 2·0.03) = 0.06,
    /// then max(0.06, 1·0.04) = 0.06.
    @Test func holmByHand() {
        #expect(Statistics.holm([0.01, 0.04, 0.03]).elementsEqual([0.03, 0.06, 0.06]) { abs($0 - $1) < 1e-15 })
        #expect(Statistics.holm([0.5, 0.9]) == [1, 1])
        #expect(Statistics.holm([]) == [])
    }
}
