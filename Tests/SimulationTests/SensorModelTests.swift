import Runs
import Foundation
import OrbitMath
import Simulation
import Testing
import StatisticsKit

/// A gyroscope with only white noise and rate random walk, in °/s.
private func noiseOnlyGyroscope(density: Double, randomWalk: Double) -> InertialSensorSettings {
    var settings = InertialSensorSettings(noiseDensity: density, range: 1e6, resolution: 0)
    settings.randomWalk = randomWalk
    settings.misalignment = [0, 0, 0, 0, 0, 0]
    return settings
}

@Suite struct SensorModelTests {
    /// The Allan deviation of a simulated stationary gyroscope recovers the configured white
    /// noise density N and rate random walk K within 10 % (one hour at 100 Hz, three axes).
    @Test func allanDeviationRecoversNoiseDensityAndRandomWalk() throws {
        let density = 0.01, randomWalk = 0.004, rate = 100.0
        var gyroscope = try InertialSensorModel(
            settings: noiseOnlyGyroscope(density: density, randomWalk: randomWalk), unitScale: 1, nominalRate: rate,
            seed: 21, name: "test.gyroscope")
        let count = 360_000
        var axes = [[Double]](repeating: [], count: 3)
        for index in 0..<3 { axes[index].reserveCapacity(count) }
        for _ in 0..<count {
            let reading = gyroscope.measure(.zero, dt: 1 / rate)
            axes[0].append(reading.x)
            axes[1].append(reading.y)
            axes[2].append(reading.z)
        }
        for (axis, samples) in axes.enumerated() {
            let allan = AllanDeviation(samples: samples, interval: 1 / rate)
            // The configured gyroscope has no bias instability, so fit N and K only.
            let terms = try #require(allan.fitNoiseTerms(includeBiasInstability: false))
            #expect(abs(terms.noiseDensity.value / density - 1) < 0.10, "axis \(axis): N = \(terms.noiseDensity)")
            #expect(abs(terms.randomWalk.value / randomWalk - 1) < 0.10, "axis \(axis): K = \(terms.randomWalk)")
        }
    }

    /// White noise alone: σ(τ) = N/√τ at every τ, and the per-sample σ is N·√rate.
    @Test func whiteNoiseFollowsTheMinusHalfSlope() throws {
        let density = 0.02, rate = 200.0
        var gyroscope = try InertialSensorModel(
            settings: noiseOnlyGyroscope(density: density, randomWalk: 0), unitScale: 1, nominalRate: rate, seed: 4, name: "white")
        let samples = (0..<200_000).map { _ in gyroscope.measure(.zero, dt: 1 / rate).x }
        let mean = samples.reduce(0, +) / Double(samples.count)
        let sigma = (samples.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(samples.count)).squareRoot()
        #expect(abs(sigma / (density * rate.squareRoot()) - 1) < 0.01)
        let allan = AllanDeviation(samples: samples, interval: 1 / rate)
        for (tau, deviation) in zip(allan.tau, allan.deviation) where tau <= 10 {
            #expect(abs(deviation / (density / tau.squareRoot()) - 1) < 0.12, "τ = \(tau)")
        }
    }

    /// Biases really end up in the readings (the classic simulator bug is to configure them
    /// and never add them).
    @Test func biasesAreApplied() throws {
        var settings = noiseOnlyGyroscope(density: 0, randomWalk: 0)
        settings.bias = Vector3(0.5, -0.25, 1.0)
        var gyroscope = try InertialSensorModel(settings: settings, unitScale: .pi / 180, nominalRate: 100, seed: 1, name: "bias")
        let reading = gyroscope.measure(Vector3(0.1, 0, 0), dt: 0.01)
        #expect(abs(reading.x - (0.1 + 0.5 * .pi / 180)) < 1e-15)
        #expect(abs(reading.y + 0.25 * .pi / 180) < 1e-15)
        #expect(abs(reading.z - 1.0 * .pi / 180) < 1e-15)
        #expect(abs(gyroscope.bias.y + 0.25 * .pi / 180) < 1e-15)
    }

    @Test func turnOnBiasDiffersPerSeedAndIsConstantWithinARun() throws {
        var settings = noiseOnlyGyroscope(density: 0, randomWalk: 0)
        settings.turnOnBiasSigma = 0.2
        var first = try InertialSensorModel(settings: settings, unitScale: 1, nominalRate: 100, seed: 1, name: "g")
        var second = try InertialSensorModel(settings: settings, unitScale: 1, nominalRate: 100, seed: 2, name: "g")
        let a = first.measure(.zero, dt: 0.01), b = second.measure(.zero, dt: 0.01)
        #expect(a != b)
        #expect(a.norm > 0)
        #expect(first.measure(.zero, dt: 0.01) == a)
    }

    @Test func gaussMarkovBiasHasTheConfiguredSpreadAndMemory() throws {
        var settings = noiseOnlyGyroscope(density: 0, randomWalk: 0)
        settings.biasInstability = 0.05
        settings.biasCorrelationTime = 2
        var gyroscope = try InertialSensorModel(settings: settings, unitScale: 1, nominalRate: 100, seed: 8, name: "gm")
        let values = (0..<400_000).map { _ in gyroscope.measure(.zero, dt: 0.01).x }
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)
        #expect(abs(variance.squareRoot() / 0.05 - 1) < 0.1)
        // Autocorrelation at one correlation time is e⁻¹.
        var lagged = 0.0
        for index in 0..<(values.count - 200) { lagged += (values[index] - mean) * (values[index + 200] - mean) }
        let correlation = lagged / Double(values.count - 200) / variance
        #expect(abs(correlation - exp(-1)) < 0.08)
    }

    @Test func scaleMisalignmentSaturationAndQuantisation() throws {
        var settings = noiseOnlyGyroscope(density: 0, randomWalk: 0)
        settings.scaleErrorPPM = Vector3(10_000, 0, 0)
        settings.misalignment = [0, 0, 0, 0, 1, 0]  // z picks up x
        settings.range = 100
        settings.resolution = 0.5
        var sensor = try InertialSensorModel(settings: settings, unitScale: 1, nominalRate: 100, seed: 1, name: "s")
        let reading = sensor.measure(Vector3(10, 0, 0), dt: 0.01)
        #expect(reading.x == 10.0)  // 10.1 quantised to 0.5 steps
        #expect(reading.z == 0.0)  // 10.1·sin-ish(1°) = 0.176 → 0
        let big = sensor.measure(Vector3(50, 0, 0), dt: 0.01)
        #expect(big.x == 50.5)
        #expect(big.z == 1.0)  // 50.5 · 1° in rad = 0.881 → 1.0
        #expect(sensor.measure(Vector3(1000, -1000, 0), dt: 0.01).x == 100)
        #expect(sensor.measure(Vector3(1000, -1000, 0), dt: 0.01).y == -100)
    }

    /// Standing still, the simulated accelerometer reads gravity plus its bias and the gyroscope
    /// reads its bias: noise and biases are present, with the configured size.
    @Test func stationaryImuShowsGravityBiasAndNoise() throws {
        var world = WorldSettings()
        world.orbit.leadIn = 30
        world.walker.handJitter = 0
        // Scale and misalignment off so the expected reading is truth + bias exactly.
        world.imu.accelerometer.scaleErrorPPM = .zero
        world.imu.accelerometer.misalignment = [0, 0, 0, 0, 0, 0]
        let trajectory = try Trajectory(world: world, seed: 5)
        let (samples, truth) = try ImuSimulator.sample(
            trajectory, settings: world.imu, environment: try MagneticEnvironment(settings: world.environment, seed: 1), seed: 5)
        let rest = samples.indices.filter { samples[$0].time < 29 }
        var gyroMean = Vector3.zero, accelMean = Vector3.zero
        for index in rest {
            gyroMean += samples[index].gyroscope
            accelMean += samples[index].accelerometer
        }
        gyroMean = gyroMean / Double(rest.count)
        accelMean = accelMean / Double(rest.count)
        let trueBias = truth[rest.last!].gyroscopeBias
        #expect((gyroMean - trueBias).norm < 2e-4)  // ≈ noise / √n
        #expect(trueBias.norm > 0.1 * .pi / 180 * 0.2)  // a turn-on bias of order 0.15 °/s is there
        let expectedAccel = trajectory.state(at: samples[rest.last!].time).specificForce + truth[rest.last!].accelerometerBias
        #expect((accelMean - expectedAccel).norm < 0.02)
        #expect(abs(accelMean.norm - 9.81) < 0.5)
        var spread = 0.0
        for index in rest { spread += (samples[index].gyroscope.x - gyroMean.x) * (samples[index].gyroscope.x - gyroMean.x) }
        let sigma = (spread / Double(rest.count)).squareRoot()
        let configured = 0.007 * .pi / 180 * 200.0.squareRoot()
        #expect(abs(sigma / configured - 1) < 0.15, "gyro σ \(sigma) vs \(configured)")
    }

    @Test func magneticFieldHasConfiguredStrengthDipAndDeclination() throws {
        var settings = EnvironmentSettings()
        settings.fieldStrength = 48
        settings.dip = 60
        settings.declination = 10
        let environment = try MagneticEnvironment(settings: settings, seed: 1)
        let field = environment.earthField
        #expect(abs(field.norm - 48) < 1e-12)
        #expect(abs(atan2(-field.z, hypot(field.x, field.y)) * 180 / .pi - 60) < 1e-12)
        // x north, y west: east of north means negative y.
        #expect(abs(atan2(-field.y, field.x) * 180 / .pi - 10) < 1e-12)
    }

    @Test func disturbanceEnvelopeIsSmoothAndWindowed() throws {
        var disturbance = MagneticDisturbance()
        disturbance.start = 10
        disturbance.duration = 5
        disturbance.ramp = 2
        disturbance.field = Vector3(10, 0, 0)
        var settings = EnvironmentSettings()
        settings.disturbances = [disturbance]
        let environment = try MagneticEnvironment(settings: settings, seed: 1)
        let base = environment.field(at: 0, attitude: .identity)
        #expect(environment.field(at: 7.9, attitude: .identity) == base)
        #expect(abs(environment.field(at: 12, attitude: .identity).x - base.x - 10) < 1e-12)
        #expect(abs(environment.field(at: 9, attitude: .identity).x - base.x - 5) < 1e-12)  // halfway up the ramp
        #expect(environment.field(at: 17.1, attitude: .identity) == base)
        #expect(environment.isDisturbed(at: 12) && !environment.isDisturbed(at: 5))
    }

    /// A magnet at another distance each seed: the strengths are log-uniform over the spread
    /// (for 400 seeds: within [1/√10, √10]× field_ut, log-mean ≈ 0, both ends reached, every
    /// quarter of the log-range populated), the direction stays, and a spread of 1 keeps the field.
    @Test func strengthSpreadIsLogUniformOverSeeds() throws {
        var disturbance = MagneticDisturbance()
        disturbance.start = 0
        disturbance.duration = 100
        disturbance.field = Vector3(0, 6, 8)  // 10 µT
        disturbance.frame = .body
        disturbance.strengthSpread = 10
        var fixed = disturbance
        fixed.strengthSpread = 1
        var settings = EnvironmentSettings()
        settings.disturbances = [fixed, disturbance]
        var logScales: [Double] = []
        for seed in UInt64(1)...400 {
            let drawn = try MagneticEnvironment(settings: settings, seed: seed).disturbances
            #expect(drawn[0].field == fixed.field)
            let scale = drawn[1].field.norm / 10
            #expect((drawn[1].field.normalized! - Vector3(0, 0.6, 0.8)).norm < 1e-12)
            logScales.append(log10(scale))
        }
        #expect(logScales.allSatisfy { abs($0) <= 0.5 })
        let mean = logScales.reduce(0, +) / 400
        #expect(abs(mean) < 0.05, "mean log10 scale \(mean)")  // σ of the mean: 0.29/20 = 0.014
        #expect(logScales.min()! < -0.48 && logScales.max()! > 0.48)
        for quarter in 0..<4 {
            let low = -0.5 + 0.25 * Double(quarter)
            let count = logScales.filter { $0 >= low && $0 < low + 0.25 }.count
            #expect(count > 70 && count < 130, "quarter \(quarter): \(count)")
        }
    }

    /// The field's declination per seed scatters by declination_error_sigma_deg about the
    /// nominal one (400 seeds: sample σ within 10 %, mean within 4σ/√400), and not at all at 0.
    @Test func declinationErrorScattersPerSeed() throws {
        var settings = EnvironmentSettings()
        settings.declination = 10
        settings.declinationErrorSigma = 0.8
        var deviations: [Double] = []
        for seed in UInt64(1)...400 {
            let field = try MagneticEnvironment(settings: settings, seed: seed).earthField
            deviations.append(atan2(-field.y, field.x) * 180 / .pi - 10)
        }
        let mean = deviations.reduce(0, +) / 400
        let sigma = (deviations.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / 399).squareRoot()
        #expect(abs(mean) < 4 * 0.8 / 20, "mean \(mean)°")
        #expect(abs(sigma / 0.8 - 1) < 0.1, "σ \(sigma)°")
        settings.declinationErrorSigma = 0
        let exact = try MagneticEnvironment(settings: settings, seed: 7).earthField
        #expect(abs(atan2(-exact.y, exact.x) * 180 / .pi - 10) < 1e-12)
    }
}
