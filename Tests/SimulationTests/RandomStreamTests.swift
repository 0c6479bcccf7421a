import Foundation
import Simulation
import Testing

@Suite struct RandomStreamTests {
    /// GSL's manual (random number generator example) prints 4293858116 as the first value of
    /// gsl_rng_mt19937 with the default seed (0 → 4357). The following two values come from an
    /// independent implementation (numpy's MT19937 with the same init_genrand seeding).
    @Test func mt19937MatchesPublishedFirstValues() throws {
        let stream = try RandomStream(rawSeed: 0)
        #expect(stream.nextRaw() == 4_293_858_116)
        #expect(stream.nextRaw() == 699_692_587)
        #expect(stream.nextRaw() == 1_213_834_231)
        let explicit = try RandomStream(rawSeed: 4357)
        #expect(explicit.nextRaw() == 4_293_858_116)
    }

    /// gsl_ran_gaussian (polar Box–Muller) on seed 12345, reproduced outside GSL from the raw
    /// MT19937 outputs (numpy) and GSL's published algorithm in gaussian.c.
    @Test func polarGaussianMatchesIndependentReproduction() throws {
        let stream = try RandomStream(rawSeed: 12345)
        let expected = [-0.7858301566335827, 0.5288655086992341, 1.1794448787514162, 0.5178503802114682, -0.043309059668313166]
        for value in expected {
            let drawn = stream.gaussianPolar()
            #expect(abs(drawn - value) < 1e-15, "drawn \(drawn), expected \(value)")
        }
    }

    @Test func uniformIsRawOverTwoToThe32() throws {
        let a = try RandomStream(rawSeed: 99), b = try RandomStream(rawSeed: 99)
        for _ in 0..<100 {
            #expect(a.uniform() == Double(b.nextRaw()) / 4_294_967_296)
        }
    }

    /// The ziggurat normal used for sensor noise: right moments on a large sample.
    @Test func zigguratGaussianMoments() throws {
        let stream = try RandomStream(seed: 7, source: "moments")
        let count = 200_000
        var sum = 0.0, sumSquares = 0.0, sumFourth = 0.0
        for _ in 0..<count {
            let value = stream.gaussian(sigma: 2)
            sum += value
            sumSquares += value * value
            sumFourth += value * value * value * value
        }
        let mean = sum / Double(count)
        let variance = sumSquares / Double(count) - mean * mean
        let kurtosis = sumFourth / Double(count) / (variance * variance)
        #expect(abs(mean) < 4 * 2 / Double(count).squareRoot())  // 4 standard errors
        #expect(abs(variance - 4) < 0.05)
        #expect(abs(kurtosis - 3) < 0.05)
    }

    @Test func sameSeedAndSourceGiveTheSameStream() throws {
        let a = try RandomStream(seed: 42, source: "gyro.noise")
        let b = try RandomStream(seed: 42, source: "gyro.noise")
        for _ in 0..<1000 { #expect(a.nextRaw() == b.nextRaw()) }
    }

    @Test func differentSourcesOrSeedsGiveDifferentStreams() throws {
        let base = StreamSeed.derive(seed: 42, source: "gyro.noise")
        #expect(StreamSeed.derive(seed: 42, source: "accel.noise") != base)
        #expect(StreamSeed.derive(seed: 43, source: "gyro.noise") != base)
        #expect(StreamSeed.derive(seed: 42, source: "gyro.noisE") != base)
        let a = try RandomStream(seed: 42, source: "gyro.noise")
        let b = try RandomStream(seed: 42, source: "accel.noise")
        var equal = 0
        for _ in 0..<1000 where a.nextRaw() == b.nextRaw() { equal += 1 }
        #expect(equal < 3)
    }

    /// The derivation is part of the results' reproducibility (same seed ⇒ same CSV on every
    /// machine), so it is pinned to values computed by an independent Python transcription of
    /// FNV-1a + SplitMix64: a change here silently changes every report.
    @Test func seedDerivationIsPinned() {
        #expect(StreamSeed.derive(seed: 1, source: "gyro.noise") == 0xc420_192e)
        #expect(StreamSeed.derive(seed: 42, source: "accel.noise") == 0xceba_3acc)
        #expect(StreamSeed.derive(seed: 0, source: "") == 0xaec7_0b50)
    }

    @Test func distinctSourceNamesRarelyCollide() {
        var seen = Set<UInt32>()
        for index in 0..<10_000 { seen.insert(StreamSeed.derive(seed: 5, source: "source-\(index)")) }
        #expect(seen.count >= 9_995)
    }

    @Test func exponentialAndLogNormalAreFiniteAndPositive() throws {
        let stream = try RandomStream(seed: 3, source: "latency")
        var sum = 0.0
        for _ in 0..<50_000 {
            let value = stream.exponential(mean: 0.02)
            #expect(value >= 0)
            sum += value
        }
        #expect(abs(sum / 50_000 - 0.02) < 0.001)
        for _ in 0..<100 { #expect(stream.logNormal(mu: 0, sigma: 0.5) > 0) }
    }
}
