import Runs
import Foundation
import Fusion
import OrbitMath
import Scenarios
import Simulation
import Testing

@Suite struct AttitudeErrorTests {
    let degree = Double.pi / 180

    @Test func pureHeadingErrorIsAllHeading() {
        let truth = Quaternion(coreMotion: CoreMotionAngles(pitch: 0.3, roll: 0.1, yaw: 1.0))
        let estimate = Quaternion(about: .z, angle: 10 * degree) * truth  // earth frame turned 10°
        let error = AttitudeError(estimate: estimate, truth: truth)
        #expect(abs(error.total - 10 * degree) < 1e-12)
        #expect(abs(error.heading - 10 * degree) < 1e-12)
        #expect(error.inclination < 1e-7)
        #expect(abs(AttitudeError.signedHeading(estimate: estimate, truth: truth) - 10 * degree) < 1e-12)
    }

    @Test func pureTiltIsAllInclination() {
        let truth = Quaternion(about: .y, angle: 0.4)
        let estimate = Quaternion(about: .x, angle: 3 * degree) * truth
        let error = AttitudeError(estimate: estimate, truth: truth)
        #expect(abs(error.inclination - 3 * degree) < 1e-12)
        #expect(error.heading < 1e-12)
        #expect(abs(error.total - 3 * degree) < 1e-12)
    }

    /// Hand computation: q_err = R_z(20°)·R_x(5°) ⇒ w = cos10°cos2.5°, z = sin10°cos2.5°,
    /// heading = 2·atan(tan 10°) = 20°, inclination = 2·acos(cos 2.5°) = 5°.
    @Test func combinedErrorSplitsLikeBROAD() {
        let truth = Quaternion.identity
        let estimate = Quaternion(about: .z, angle: 20 * degree) * Quaternion(about: .x, angle: 5 * degree)
        let error = AttitudeError(estimate: estimate, truth: truth)
        #expect(abs(error.heading - 20 * degree) < 1e-12)
        #expect(abs(error.inclination - 5 * degree) < 1e-12)
        #expect(abs(error.total - 2 * acos(cos(10 * degree) * cos(2.5 * degree))) < 1e-12)
    }

    @Test func rmseOverSelectedSamples() {
        let truths = [Quaternion](repeating: .identity, count: 4)
        let estimates = [1.0, 2.0, 3.0, 100.0].map { Quaternion(about: .z, angle: $0 * degree) }
        let rmse = AttitudeRMSE(estimates: estimates, truths: truths) { $0 < 3 }
        #expect(rmse.sampleCount == 3)
        #expect(abs(rmse.headingDegrees - (14.0 / 3).squareRoot()) < 1e-9)
        #expect(rmse.inclinationDegrees < 1e-6)
    }

    @Test func headingAlignmentRemovesAConstantOffset() {
        let truths = (0..<50).map { Quaternion(about: .z, angle: Double($0) * 0.02) * Quaternion(about: .x, angle: 0.1) }
        let estimates = truths.map { Quaternion(about: .z, angle: 0.7) * $0 }
        let offset = HeadingAlignment.offset(estimates: estimates, truths: truths, indices: 0..<10)
        #expect(abs(offset - 0.7) < 1e-12)
        let aligned = HeadingAlignment.remove(offset, from: estimates)
        for (estimate, truth) in zip(aligned, truths) { #expect(estimate.isSameRotation(as: truth, tolerance: 1e-12)) }
    }
}

@Suite struct FusionAccuracyTests {
    /// The targets on the default scenario (three seeds): the best filter's total RMSE
    /// below 2° and heading below 3°; the disturbance-rejecting filter best under disturbance.
    @Test func bestFilterMeetsTheOrbit72Targets() throws {
        let scenario = try ScenarioLoader.builtInDefault()
        var totals: [FilterName: [Double]] = [:], headings: [FilterName: [Double]] = [:]
        for seed: UInt64 in 1...3 {
            let input = FusionInput(run: try SimulatedRun(world: scenario.world, seed: seed), calibrate: true)
            for kind in FilterName.builtIn {
                let result = scenario.fusion.settings.withFilter(kind, FilterRunner(input: input, kind: kind, useMagnetometer: true))
                totals[kind, default: []].append(result.rmse.totalDegrees)
                headings[kind, default: []].append(result.rmse.headingDegrees)
            }
        }
        let mean = { (values: [Double]) in values.reduce(0, +) / Double(values.count) }
        let best = FilterName.builtIn.min { mean(totals[$0]!) < mean(totals[$1]!) }!
        #expect(mean(totals[best]!) < 2, "best \(best): \(mean(totals[best]!))°")
        #expect(mean(headings[best]!) < 3)
    }

    @Test func disturbanceRejectionWinsUnderDisturbance() throws {
        var world = WorldSettings()
        var disturbance = MagneticDisturbance()
        disturbance.start = 15
        disturbance.duration = 12
        disturbance.field = Vector3(30, -18, 5)
        world.environment.disturbances = [disturbance]
        let input = FusionInput(run: try SimulatedRun(world: world, seed: 2), calibrate: true)
        let fusion = FusionSettings()
        let robust = fusion.withFilter(.biasEstimating, FilterRunner(input: input, kind: .biasEstimating, useMagnetometer: true))
        for kind in [FilterName.complementary, .mahony, .madgwick] {
            let plain = fusion.withFilter(kind, FilterRunner(input: input, kind: kind, useMagnetometer: true))
            #expect(plain.rmse.headingDegrees > 2 * robust.rmse.headingDegrees, "\(kind)")
        }
        #expect(robust.diagnostics.magnetometerRejections > 500)
    }

    @Test func sixDimensionalRunRemovesTheHeadingOffset() throws {
        let input = FusionInput(run: try SimulatedRun(world: WorldSettings(), seed: 1), calibrate: true)
        let result = FusionSettings().withFilter(.mahony, FilterRunner(input: input, kind: .mahony, useMagnetometer: false))
        #expect(result.label == "mahony-6d")
        #expect(result.removedHeadingOffset != nil)
        #expect(result.rmse.inclinationDegrees < 2)
    }
}
