import Foundation
import OrbitMath
import Runs
import Testing

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

    @Test func rateTrackInterpolatesAndHoldsItsEnds() {
        var track = RotationRateTrack()
        #expect(track.magnitude(at: 1) == nil)
        let radians = Double.pi / 180
        track.append(timestamp: 1, rotationRate: Vector3(0, 0, 10 * radians))
        track.append(timestamp: 2, rotationRate: Vector3(0, 30 * radians, 0))
        track.append(timestamp: 1.5, rotationRate: Vector3(100, 0, 0))  // older than the last: ignored
        track.append(timestamp: .nan, rotationRate: .zero)
        #expect(track.timestamps == [1, 2])
        // Halfway: (0, 15, 5) °/s → √250.
        #expect(abs(track.magnitude(at: 1.5)! - 250.0.squareRoot()) < 1e-9)
        #expect(abs(track.magnitude(at: 0)! - 10) < 1e-9 && abs(track.magnitude(at: 9)! - 30) < 1e-9)
        #expect(track.magnitude(at: .infinity) == nil)
        #expect(abs(RotationRateTrack.predictedBlur(rate: 180 / Double.pi, exposure: 0.01, focalLength: 1000) - 10) < 1e-12)
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
