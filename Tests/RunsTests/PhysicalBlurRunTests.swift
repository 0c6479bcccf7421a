import Foundation
import OrbitMath
import Runs
import TestSupport
import Testing
import StatisticsKit
import Execution

/// The physical blur answers "does walking faster blur the spin?" where the centre path could
/// not, and the frames.csv columns agree with their definitions.
@Suite struct PhysicalBlurRunTests {
    static let seeds: [UInt64] = [1, 2, 3]

    static func meanObjectBlur(_ name: String, _ overrides: [String] = []) throws -> (object: Double, center: Double) {
        let scenario = try scenario(name, overrides)
        let metrics = try seeds.map { try CaptureRunner.run(scenario, seed: $0).metrics }
        return (
            metrics.map(\.blurObjectSelectedMean).reduce(0, +) / Double(seeds.count),
            metrics.map(\.blurSelectedMean).reduce(0, +) / Double(seeds.count)
        )
    }

    @Test func fasterWalksAndShakierHandsBlurMore() throws {
        let casual = try Self.meanObjectBlur("orbit-72")
        let doubled = try Self.meanObjectBlur("orbit-72", ["orbit.speed_deg_s=13"])
        let fast = try Self.meanObjectBlur("fast-walk")
        let shaky = try Self.meanObjectBlur("shaky-hands")
        // The orbit adds ≈ 0.27 px per 6.5 °/s (tripod rig) on top of the hand's ≈ 0.75 px,
        // combined as vectors: a clear rise, not a doubling.
        #expect(doubled.object > casual.object + 0.05, "\(doubled) vs \(casual)")
        #expect(fast.object > casual.object + 0.05, "\(fast) vs \(casual)")
        #expect(shaky.object > 5 * casual.object, "\(shaky) vs \(casual)")
        // The centre path, re-aimed at, does not see the faster walk.
        #expect(abs(doubled.center - casual.center) < 0.05, "\(doubled) vs \(casual)")
    }

    @Test func frameColumnsFollowTheirDefinitions() throws {
        let scenario = try scenario("shaky-hands")
        let result = try CaptureRunner.run(scenario, seed: 4)
        let focalLength = 1920 / 2 / tan(65 * Double.pi / 360)  // default camera, landscape
        var rates: [Double] = [], truths: [Double] = [], blurs: [Double] = []
        for frame in result.frames {
            guard let measured = frame.measuredRotationRate, let predicted = frame.predictedBlur, let truth = frame.trueRotationRate,
                let blur = frame.objectBlurMean, let largest = frame.objectBlurMax
            else { continue }
            #expect(abs(predicted - measured * Double.pi / 180 * frame.exposure * focalLength) < 1e-9)
            #expect(largest >= blur)
            rates.append(measured)
            truths.append(truth)
            blurs.append(blur)
        }
        #expect(rates.count > 1000)
        // The fused rate follows the truth (gyroscope noise and bias aside) and predicts blur
        // when the hand, not the orbit, turns the phone.
        #expect(Statistics.pearson(rates, truths) > 0.95)
        #expect(Statistics.spearman(rates, blurs) > 0.6)
    }

    @Test(arguments: [SpillSettings.default, SpillSettings(memoryLimit: 0)])
    func rateTrackInterpolatesAndHoldsItsEnds(_ spill: SpillSettings) throws {
        var empty = try RotationRateTrack(spill: spill).finish()
        #expect(empty.magnitude(at: 1) == nil)
        var track = RotationRateTrack(spill: spill)
        let radians = Double.pi / 180
        track.append(timestamp: 1, rotationRate: Vector3(0, 0, 10 * radians))
        track.append(timestamp: 2, rotationRate: Vector3(0, 30 * radians, 0))
        track.append(timestamp: 1.5, rotationRate: Vector3(100, 0, 0))  // older than the last: ignored
        track.append(timestamp: .nan, rotationRate: .zero)
        #expect(track.count == 2)
        var reader = try track.finish()
        // Halfway: (0, 15, 5) °/s → √250.
        #expect(abs(reader.magnitude(at: 1.5)! - 250.0.squareRoot()) < 1e-9)
        #expect(abs(reader.magnitude(at: 0)! - 10) < 1e-9 && abs(reader.magnitude(at: 9)! - 30) < 1e-9)
        #expect(reader.magnitude(at: .infinity) == nil)
        #expect(abs(RotationRateTrack.predictedBlur(rate: 180 / Double.pi, exposure: 0.01, focalLength: 1000) - 10) < 1e-12)
    }

    /// Copies of a spilled track are independent values: each appends to a file of its own.
    @Test func copiesOfASpilledTrackDoNotShareElements() throws {
        let radians = Double.pi / 180
        var original = RotationRateTrack(spill: SpillSettings(memoryLimit: 0))
        for index in 0..<10_000 { original.append(timestamp: Double(index), rotationRate: Vector3(0, 0, 1 * radians)) }
        var copy = original
        for index in 10_000..<20_000 {
            original.append(timestamp: Double(index), rotationRate: Vector3(0, 0, 2 * radians))
            copy.append(timestamp: Double(index), rotationRate: Vector3(0, 0, 3 * radians))
        }
        var originalReader = try original.finish(), copyReader = try copy.finish()
        #expect(abs(originalReader.magnitude(at: 5_000)! - 1) < 1e-12 && abs(copyReader.magnitude(at: 5_000)! - 1) < 1e-12)
        #expect(abs(originalReader.magnitude(at: 15_000)! - 2) < 1e-12)
        #expect(abs(copyReader.magnitude(at: 15_000)! - 3) < 1e-12)
    }

    /// A track spilled to a file reads, bit for bit, what a direct interpolation over all its
    /// samples gives: at sample instants, between them, across block edges, backwards.
    @Test func spilledRateTrackReadsEveryInstantLikeTheWholeTrack() throws {
        var stream = SeededGenerator(seed: 7)
        var times: [Double] = [], rates: [Vector3] = []
        var time = 0.0
        for _ in 0..<(2 * RotationRateTrack.blockLength + 100) {
            time += 0.005 + 0.02 * Double.random(in: 0..<1, using: &stream)
            times.append(time)
            rates.append(
                Vector3(
                    Double.random(in: 0..<1, using: &stream) - 0.5, Double.random(in: 0..<1, using: &stream) - 0.5,
                    Double.random(in: 0..<1, using: &stream) - 0.5))
        }
        var track = RotationRateTrack(spill: SpillSettings(memoryLimit: 0))
        for (time, rate) in zip(times, rates) { track.append(timestamp: time, rotationRate: rate) }
        var reader = try track.finish()
        func direct(_ query: Double) -> Double {
            let clamped = min(max(query, times[0]), times[times.count - 1])
            let later = times.firstIndex { $0 >= clamped }!  // a linear scan, not a bisection
            if times[later] == clamped || later == 0 {
                return Angles.degrees((rates[later] + 0 * (rates[later] - rates[later])).norm)
            }
            let fraction = (clamped - times[later - 1]) / (times[later] - times[later - 1])
            return Angles.degrees((rates[later - 1] + fraction * (rates[later] - rates[later - 1])).norm)
        }
        let edge = RotationRateTrack.blockLength
        let last = times[times.count - 1]
        var queries: [Double] = [times[0] - 1, times[0], times[edge - 1], times[edge], times[edge + 1], times[2 * edge]]
        queries += [(times[edge - 1] + times[edge]) / 2, (times[2 * edge - 1] + times[2 * edge]) / 2, last, last + 1, times[17]]
        for _ in 0..<300 { queries.append(last * Double.random(in: 0..<1, using: &stream)) }  // in no particular order
        for query in queries {
            #expect(reader.magnitude(at: query)!.bitPattern == direct(query).bitPattern, "at \(query)")
        }
    }

    @Test func rankCorrelationHandlesTiesAndOrder() {
        #expect(Statistics.ranks([10, 20, 20, 30]) == [1, 2.5, 2.5, 4])
        #expect(Statistics.spearman([1, 2, 3, 4], [10, 100, 1000, 10_000]) == 1)
        #expect(Statistics.spearman([1, 2, 3, 4], [4, 3, 2, 1]) == -1)
        #expect(Statistics.spearman([1, 2], [1, 2]).isNaN)
        #expect(Statistics.spearman([1, 1, 1], [1, 2, 3]).isNaN)
        // Hand-computed: ranks (1,2,3,4,5) vs (2,1,4,3,5): 1 − 6·Σd²/(n(n²−1)) = 1 − 6·4/120 = 0.8.
        #expect(abs(Statistics.spearman([1, 2, 3, 4, 5], [20, 10, 40, 30, 50]) - 0.8) < 1e-12)
    }
}
