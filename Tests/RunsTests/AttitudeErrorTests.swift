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

    /// Inputs that are not a unit quaternion, against hand-computed angles: a broken filter's
    /// output must never look like a small error.
    @Test func nonUnitAndNonFiniteInputs() {
        let truth = Quaternion(about: .y, angle: 0.4)
        // NaN and zero stand for no rotation: every part NaN (before: min(1, NaN) = 1 gave 0°).
        for broken in [Quaternion(w: .nan, x: 0, y: 0, z: 0), Quaternion(w: 0, x: 0, y: 0, z: 0), Quaternion(w: .infinity, x: 0, y: 0, z: 0)] {
            let error = AttitudeError(estimate: broken, truth: truth)
            #expect(error.total.isNaN && error.heading.isNaN && error.inclination.isNaN, "\(broken)")
        }
        // Heading 40° then a 30° tilt, q_err = R_z(40°)·R_x(30°): total 2·acos(cos 20°·cos 15°)
        // = 49.6°, heading 40°, inclination 30° — for the estimate at norm 1, at norm 2, and
        // as its negative (w < 0: the same rotation).
        let rotation = Quaternion(about: .z, angle: 40 * degree) * Quaternion(about: .x, angle: 30 * degree)
        let total = 2 * acos(cos(20 * degree) * cos(15 * degree))
        for estimate in [rotation * truth, 2 * (rotation * truth), -(rotation * truth), 1e-200 * (rotation * truth), 1e200 * (rotation * truth)] {
            let error = AttitudeError(estimate: estimate, truth: truth)
            #expect(abs(error.total - total) < 1e-12, "\(estimate)")
            #expect(abs(error.heading - 40 * degree) < 1e-12, "\(estimate)")
            #expect(abs(error.inclination - 30 * degree) < 1e-12, "\(estimate)")
        }
        // A half-turn about a horizontal axis (w = z = 0) is all inclination.
        let flip = AttitudeError(estimate: Quaternion(w: 0, x: 1, y: 0, z: 0), truth: .identity)
        #expect(abs(flip.total - .pi) < 1e-15 && flip.heading == 0 && abs(flip.inclination - .pi) < 1e-15)
        // The RMSE of a NaN estimate is NaN, not 0.
        let rmse = AttitudeRMSE(estimates: [Quaternion(w: .nan, x: 0, y: 0, z: 0)], truths: [truth]) { _ in true }
        #expect(rmse.totalDegrees.isNaN && rmse.inclinationDegrees.isNaN)
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
                let result = try scenario.fusion.settings.withFilter(kind, FilterRunner(input: input, kind: kind, useMagnetometer: true)).get()
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
        let robust = try fusion.withFilter(.biasEstimating, FilterRunner(input: input, kind: .biasEstimating, useMagnetometer: true)).get()
        for kind in [FilterName.complementary, .mahony, .madgwick] {
            let plain = try fusion.withFilter(kind, FilterRunner(input: input, kind: kind, useMagnetometer: true)).get()
            #expect(plain.rmse.headingDegrees > 2 * robust.rmse.headingDegrees, "\(kind)")
        }
        #expect(robust.diagnostics.magnetometerRejections > 500)
    }

    @Test func sixDimensionalRunRemovesTheHeadingOffset() throws {
        let input = FusionInput(run: try SimulatedRun(world: WorldSettings(), seed: 1), calibrate: true)
        let result = try FusionSettings().withFilter(.mahony, FilterRunner(input: input, kind: .mahony, useMagnetometer: false)).get()
        #expect(result.label == "mahony-6d")
        #expect(result.removedHeadingOffset != nil)
        #expect(result.rmse.inclinationDegrees < 2)
    }
}
