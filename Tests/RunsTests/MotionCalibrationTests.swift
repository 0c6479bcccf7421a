import Foundation
import OrbitMath
import Recordings
import Runs
import Twin
import Simulation
import Testing
import TestSupport

/// `MotionCalibration` against known truths: a twin of a shipped BROAD trial given a known
/// delay, scale errors, misalignment and lever arm, then measured as if it were real.
@Suite struct MotionCalibrationTests {
    @Test func knownSensorErrorsAreRecovered() throws {
        let recording = try BROADReader.read(Repository.broadTrials + "/05_undisturbed_slow_rotation_with_breaks_B.hdf5")
        var twin = try RecordingTwin(recording: recording)
        twin.gyroscopeScalePriorPPM = 0  // only the errors put in
        twin.imu.delay = 7  // ms
        twin.imu.magnetometer.delay = 12  // ms after the gyroscope
        twin.imu.gyroscope.scaleErrorPPM = Vector3(3000, -2000, 1000)
        twin.imu.gyroscope.misalignment = [0.3, 0, 0.3, 0, 0, 0]  // symmetric: non-orthogonal x and y
        twin.imu.accelerometer.scaleErrorPPM = Vector3(-4000, 0, 2000)
        twin.sensorFrame = Quaternion(rotationVector: Angles.radians(0.5) * Vector3(0, 0, 1))
        let simulated = try twin.simulate(seed: 1)
        let measured = try MotionCalibration(recording: simulated, motion: twin.motion)
        // Tolerances: 0.5 ms (the magnetometer's 1 ms), 300 ppm, 0.05°; the truth inside each 95 % interval is not
        // required (the smoothing leaves a small bias), the tolerance is.
        #expect(abs(measured.delayMilliseconds - 7) < 0.5, "delay \(measured.delayMilliseconds) ms")
        let magnetometerDelay = try #require(measured.magnetometerDelayMilliseconds)
        #expect(abs(magnetometerDelay - 12) < 1, "magnetometer delay \(magnetometerDelay) ms")
        for (estimate, truth) in zip(measured.gyroscopeScalePPM, [3000.0, -2000, 1000]) {
            #expect(abs(estimate.value - truth) < 300, "gyroscope scale \(estimate.value) ppm, truth \(truth)")
        }
        #expect(abs(measured.gyroscopeMisalignmentDegrees[0].value - 0.3) < 0.05 && abs(measured.gyroscopeMisalignmentDegrees[2].value - 0.3) < 0.05)
        #expect(abs(measured.gyroscopeMisalignmentDegrees[1].value) < 0.05)
        #expect(abs(measured.frameRotationDegrees[2].value - 0.5) < 0.05, "frame turn \(measured.frameRotationDegrees[2].value)°")
        for (estimate, truth) in zip(measured.accelerometerScalePPM, [-4000.0, 0, 2000]) {
            #expect(abs(estimate.value - truth) < 300, "accelerometer scale \(estimate.value) ppm, truth \(truth)")
        }
        #expect(measured.gyroscopeResidualAfter < measured.gyroscopeResidualBefore)
    }

    /// A gyroscope g-sensitivity put into the twin (`imu.gyroscope.g_sensitivity_dps_per_g`)
    /// is measured back within 0.1 (°/s)/g on the components set and the ones left at 0.
    @Test func gyroscopeGSensitivityIsRecovered() throws {
        let recording = try BROADReader.read(Repository.broadTrials + "/05_undisturbed_slow_rotation_with_breaks_B.hdf5")
        var twin = try RecordingTwin(recording: recording)
        twin.gyroscopeScalePriorPPM = 0
        let truth = [0, 0, 0.5, 0, -0.4, 0, 0.3, 0, 0]
        twin.imu.gyroscope.gSensitivity = truth
        let measured = try MotionCalibration(recording: try twin.simulate(seed: 2), motion: twin.motion)
        // The magnetometer's delay the twin took from the real trial comes back (within 1 ms).
        #expect(abs(try #require(measured.magnetometerDelayMilliseconds) - twin.imu.magnetometer.delay) < 1)
        for (index, (estimate, value)) in zip(measured.gSensitivity, truth).enumerated() {
            #expect(abs(estimate.value - value) < 0.1, "component \(index): \(estimate.value) (°/s)/g, truth \(value)")
        }
    }

    /// A magnetometer offset put into a twin of a rotation trial comes back within 0.05 µT per
    /// axis, inside its 95 % interval widened by that much.
    @Test func magnetometerOffsetIsRecovered() throws {
        let recording = try BROADReader.read(Repository.broadTrials + "/05_undisturbed_slow_rotation_with_breaks_B.hdf5")
        var twin = try RecordingTwin(recording: recording)
        let truth = Vector3(0.5, -0.4, 0.3)
        twin.imu.magnetometer.hardIron = truth
        let measured = try MotionCalibration(recording: try twin.simulate(seed: 5), motion: twin.motion)
        let offset = try #require(measured.magnetometerOffsetMicrotesla)
        for axis in 0..<3 {
            #expect(abs(offset[axis].value - truth[axis]) < 0.05, "axis \(axis): \(offset[axis].value) µT, truth \(truth[axis])")
        }
    }

    /// The spread of directions against values worked by hand: the six axis directions have
    /// covariance I/3 (determinant 1/27); one direction, or directions in one plane, none.
    @Test func fieldDirectionSpreadIsTheCovariancesDeterminant() {
        let axes: [Vector3] = [.unitX, .unitY, .unitZ, Vector3(-1, 0, 0), Vector3(0, -1, 0), Vector3(0, 0, -1)]
        #expect(abs(MotionCalibration.directionSpread(axes) - 1.0 / 27) < 1e-15)
        #expect(MotionCalibration.directionSpread(Array(repeating: Vector3(0.6, 0, 0.8), count: 10)) == 0)
        #expect(abs(MotionCalibration.directionSpread([.unitX, .unitY, Vector3(-1, 0, 0), Vector3(0, -1, 0)])) < 1e-15)
        #expect(MotionCalibration.directionSpread([]) == 0)
    }

    /// `simulate(seeds:)` reads the motion once for all seeds: each stream is the one
    /// `simulate(seed:)` gives, bit for bit, with a magnetometer delay of its own too.
    @Test func seedsTogetherMatchSeedsAlone() throws {
        let recording = try BROADReader.read(Repository.broadTrials + "/05_undisturbed_slow_rotation_with_breaks_B.hdf5")
        var twin = try RecordingTwin(recording: recording)
        twin.imu.magnetometer.delay = 9
        let together = try twin.simulate(seeds: [3, 4])
        for (seed, stream) in zip([UInt64(3), 4], together) {
            let alone = try twin.simulate(seed: seed)
            #expect(stream.gyroscope == alone.gyroscope && stream.accelerometer == alone.accelerometer)
            #expect(stream.magnetometer! == alone.magnetometer! && stream.name == alone.name)
        }
        // In batches of two: the batches in order, each in seed order, the same streams.
        var batches: [[String]] = []
        var batched: [SensorRecording] = []
        try twin.simulate(seeds: [3, 4, 5], batchSize: 2) { streams in
            batches.append(streams.map(\.name))
            batched += streams
        }
        #expect(batches.map(\.count) == [2, 1])
        #expect(zip(batched.prefix(2), together).allSatisfy { $0.name == $1.name && $0.gyroscope == $1.gyroscope })
        #expect(try batched[2].gyroscope == twin.simulate(seed: 5).gyroscope)
    }

    /// The posterior against values worked by hand: an estimate of 8 000 ppm with the 95 %
    /// interval ±3 920 ppm (σ = 2 000) and a prior of 10 000 ppm give w = 10⁸ / (10⁸ + 4·10⁶),
    /// mean 7 692.3 ppm, sd 1 961.2 ppm; an interval 100 times the prior keeps the prior.
    @Test func scalePosteriorWeighsEstimateAgainstPrior() {
        let tight = RecordingTwin.scalePosterior(.init(value: 8000, low: 8000 - 3920, high: 8000 + 3920), priorPPM: 10_000)
        #expect(abs(tight.mean - 7692.31) < 0.01 && abs(tight.sd - 1961.16) < 0.01, "\(tight)")
        let open = RecordingTwin.scalePosterior(.init(value: 5000, low: -1_955_000, high: 1_965_000), priorPPM: 10_000)
        #expect(abs(open.mean) < 1 && abs(open.sd - 10_000) < 5, "\(open)")
        #expect(RecordingTwin.scalePosterior(.init(value: 5000, low: 0, high: 9000), priorPPM: 0) == (0, 0))
        #expect(RecordingTwin.scalePosterior(.init(value: .nan, low: .nan, high: .nan), priorPPM: 10_000) == (0, 10_000))
        #expect(RecordingTwin.scalePosterior(.init(value: 5000, low: -.infinity, high: .infinity), priorPPM: 10_000) == (0, 10_000))
    }

    /// 400 seeds' draws on a shipped trial: per axis mean within 4 standard errors of the
    /// posterior mean and standard deviation within 10 %; the same seed draws the same; a
    /// prior of 0 draws nothing.
    @Test func seedsDrawScaleErrorsFromThePosterior() throws {
        let recording = try BROADReader.read(Repository.broadTrials + "/05_undisturbed_slow_rotation_with_breaks_B.hdf5")
        var twin = try RecordingTwin(recording: recording)
        let calibration = try #require(twin.motionCalibration)
        let draws = try (1...400).map { try twin.gyroscopeScaleDraw(seed: UInt64($0)) }
        for axis in 0..<3 {
            let (mean, sd) = RecordingTwin.scalePosterior(calibration.gyroscopeScalePPM[axis], priorPPM: twin.gyroscopeScalePriorPPM)
            let values = draws.map { $0[axis] }
            let sampleMean = values.reduce(0, +) / 400
            let sampleSD = (values.map { ($0 - sampleMean) * ($0 - sampleMean) }.reduce(0, +) / 399).squareRoot()
            #expect(
                abs(sampleMean - mean) < 4 * sd / 20 && abs(sampleSD / sd - 1) < 0.1,
                "axis \(axis): \(sampleMean) ± \(sampleSD), posterior \(mean) ± \(sd)")
        }
        #expect(try twin.gyroscopeScaleDraw(seed: 7) == twin.gyroscopeScaleDraw(seed: 7))
        twin.gyroscopeScalePriorPPM = 0
        #expect(try twin.gyroscopeScaleDraw(seed: 7) == .zero)
    }

    @Test func aRecordingWithoutReferenceHasNoTwin() throws {
        var recording = try BROADReader.read(Repository.broadTrials + "/24_disturbed_tapping_A.hdf5")
        recording.truth = nil
        #expect(throws: RecordingError.self) { try RecordingTwin(recording: recording) }
    }
}
