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
        twin.imu.delay = 7  // ms
        twin.imu.gyroscope.scaleErrorPPM = Vector3(3000, -2000, 1000)
        twin.imu.gyroscope.misalignment = [0.3, 0, 0.3, 0, 0, 0]  // symmetric: non-orthogonal x and y
        twin.imu.accelerometer.scaleErrorPPM = Vector3(-4000, 0, 2000)
        twin.sensorFrame = Quaternion(rotationVector: Angles.radians(0.5) * Vector3(0, 0, 1))
        let simulated = try twin.simulate(seed: 1)
        let measured = try MotionCalibration(recording: simulated, motion: twin.motion)
        // Tolerances: 0.5 ms, 300 ppm, 0.05°; the truth inside each 95 % interval is not
        // required (the smoothing leaves a small bias), the tolerance is.
        #expect(abs(measured.delayMilliseconds - 7) < 0.5, "delay \(measured.delayMilliseconds) ms")
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
        let truth = [0, 0, 0.5, 0, -0.4, 0, 0.3, 0, 0]
        twin.imu.gyroscope.gSensitivity = truth
        let measured = try MotionCalibration(recording: try twin.simulate(seed: 2), motion: twin.motion)
        for (index, (estimate, value)) in zip(measured.gSensitivity, truth).enumerated() {
            #expect(abs(estimate.value - value) < 0.1, "component \(index): \(estimate.value) (°/s)/g, truth \(value)")
        }
    }

    @Test func aRecordingWithoutReferenceHasNoTwin() throws {
        var recording = try BROADReader.read(Repository.broadTrials + "/24_disturbed_tapping_A.hdf5")
        recording.truth = nil
        #expect(throws: RecordingError.self) { try RecordingTwin(recording: recording) }
    }
}
