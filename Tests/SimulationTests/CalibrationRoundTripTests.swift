import Foundation
import OrbitMath
import Runs
import Simulation
import Testing
import StatisticsKit

/// calibrate → simulate → calibrate: the Allan fit recovers the simulator's own error model.
@Suite struct CalibrationRoundTripTests {
    /// White noise N, a Gauss–Markov bias σ_b with correlation time T and a rate random walk K,
    /// each the dominant term somewhere in τ of a one-hour record (°/s units).
    static func specification() -> InertialSensorSettings {
        var settings = InertialSensorSettings(noiseDensity: 0.007, range: 1e6, resolution: 0)
        settings.biasInstability = 0.005
        settings.biasCorrelationTime = 20
        settings.randomWalk = 0.001
        settings.misalignment = [0, 0, 0, 0, 0, 0]
        return settings
    }

    static func record(seconds: Double, rate: Double, seed: UInt64) throws -> [[Double]] {
        var gyroscope = try InertialSensorModel(settings: specification(), unitScale: 1, nominalRate: rate, seed: seed, name: "roundtrip")
        let count = Int(seconds * rate)
        var axes = [[Double]](repeating: [], count: 3)
        for index in 0..<3 { axes[index].reserveCapacity(count) }
        for _ in 0..<count {
            let reading = gyroscope.measure(.zero, dt: 1 / rate)
            axes[0].append(reading.x)
            axes[1].append(reading.y)
            axes[2].append(reading.z)
        }
        return axes
    }

    /// One hour at 100 Hz: N within 3 %; σ_b and K inside their reported 95 % intervals, which
    /// are no wider than ±50 % (an interval from zero to infinity would contain anything); T
    /// fitted within a factor of two.
    @Test func oneHourStillRecordRecoversTheSpecification() throws {
        let truth = Self.specification()
        for (axis, samples) in try Self.record(seconds: 3_600, rate: 100, seed: 5).enumerated() {
            let terms = try #require(AllanDeviation(samples: samples, interval: 0.01).fitNoiseTerms())
            #expect(abs(terms.noiseDensity.value / truth.noiseDensity - 1) < 0.03, "axis \(axis): N \(terms.noiseDensity)")
            for (name, estimate, value) in [("σ_b", terms.biasInstability, truth.biasInstability), ("K", terms.randomWalk, truth.randomWalk)] {
                #expect(estimate.isIdentifiable, "axis \(axis): \(name) \(estimate)")
                #expect(estimate.lower <= value && value <= estimate.upper, "axis \(axis): \(name) = \(value) outside \(estimate)")
                #expect(estimate.upper - estimate.lower < estimate.value, "axis \(axis): \(name) interval too wide \(estimate)")
            }
            #expect(
                terms.correlationTimeFitted && abs(log2(terms.correlationTime / truth.biasCorrelationTime)) < 1,
                "axis \(axis): T \(terms.correlationTime)")
        }
    }

    /// 40 s of the same sensor: τ reaches 4 s, far below the bias's 20 s correlation time and
    /// where the random walk would show: only N is identifiable, and the others say so.
    @Test func shortWindowIdentifiesOnlyTheNoiseDensity() throws {
        let truth = Self.specification()
        for samples in try Self.record(seconds: 40, rate: 100, seed: 6) {
            let terms = try #require(AllanDeviation(samples: samples, interval: 0.01).fitNoiseTerms())
            #expect(terms.noiseDensity.isIdentifiable && abs(terms.noiseDensity.value / truth.noiseDensity - 1) < 0.05, "\(terms.noiseDensity)")
            #expect(!terms.biasInstability.isIdentifiable, "σ_b \(terms.biasInstability)")
            #expect(!terms.randomWalk.isIdentifiable, "K \(terms.randomWalk)")
            #expect(!terms.correlationTimeFitted)
        }
    }

    /// The Gauss–Markov Allan variance against its limits and against a simulated process.
    @Test func gaussMarkovAllanVarianceMatchesItsLimitsAndASimulation() throws {
        // τ ≪ T: 2σ²τ/(3T); τ ≫ T: 2σ²T/τ; the series and the closed form agree at the switch.
        #expect(abs(GaussMarkovAllan.shape(tau: 0.001, correlationTime: 10) / (2 * 0.001 / 30) - 1) < 1e-3)
        #expect(abs(GaussMarkovAllan.shape(tau: 10_000, correlationTime: 1) / (2.0 / 10_000) - 1) < 1e-3)
        let below = GaussMarkovAllan.shape(tau: 0.0999999, correlationTime: 10), above = GaussMarkovAllan.shape(tau: 0.1000001, correlationTime: 10)
        #expect(abs(below / above - 1) < 1e-5)
        // A simulated Gauss–Markov bias alone (σ = 1, T = 2 s, 10 Hz knots as the sensor model
        // draws them): its Allan deviation follows the formula within the clusters' uncertainty.
        var settings = InertialSensorSettings(noiseDensity: 0, range: 1e6, resolution: 0)
        settings.biasInstability = 1
        settings.biasCorrelationTime = 2
        settings.misalignment = [0, 0, 0, 0, 0, 0]
        var sensor = try InertialSensorModel(settings: settings, unitScale: 1, nominalRate: 10, seed: 9, name: "markov")
        let samples = (0..<200_000).map { _ in sensor.measure(.zero, dt: 0.1).x }
        let allan = AllanDeviation(samples: samples, interval: 0.1)
        for (index, tau) in allan.tau.enumerated() where tau >= 0.5 && tau <= 50 {
            let expected = GaussMarkovAllan.variance(tau: tau, sigma: 1, correlationTime: 2).squareRoot()
            #expect(abs(allan.deviation[index] / expected - 1) < 4 * allan.relativeUncertainty[index] + 0.02, "τ \(tau)")
        }
    }
}
