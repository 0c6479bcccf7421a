import Foundation
import Fusion
import OrbitMath
import Testing

@Suite struct DeviceMotionTests {
    func estimator(_ frame: ReferenceFrame, declination: Double = 0, calibration: MagnetometerCalibration = .none) -> DeviceMotionEstimator<
        ComplementaryFilter
    > {
        DeviceMotionEstimator(filter: ComplementaryFilter(), referenceFrame: frame, calibration: calibration, declination: declination)
    }

    @Test func trueNorthTurnsMagneticNorthByTheDeclination() throws {
        let truth = Quaternion(coreMotion: CoreMotionAngles(pitch: 0.1, roll: 0.2, yaw: 0.9))  // magnetic frame
        let declination = 10 * Double.pi / 180
        var magnetic = estimator(.xMagneticNorthZVertical)
        var trueNorth = estimator(.xTrueNorthZVertical, declination: declination)
        for step in 0..<10 {
            let reading = idealReading(time: Double(step) / 100, attitude: truth, rate: .zero)
            try magnetic.update(reading)
            try trueNorth.update(reading)
        }
        let m = try #require(magnetic.motion), t = try #require(trueNorth.motion)
        #expect(m.attitude.isSameRotation(as: truth, tolerance: 1e-9))
        // Magnetic north lies 10° east (clockwise) of true north, so yaw is 10° less.
        #expect(abs(Angles.wrapToPi(t.attitude.coreMotionAngles.yaw - (0.9 - declination))) < 1e-9)
        #expect(abs(Angles.wrapTo360(t.heading! - m.heading!) - 10) < 1e-6)
    }

    @Test func arbitraryFramesStartAtYawZero() throws {
        let truth = Quaternion(coreMotion: CoreMotionAngles(pitch: 0.3, roll: -0.2, yaw: 2.2))
        for frame in [ReferenceFrame.xArbitraryZVertical, .xArbitraryCorrectedZVertical] {
            var motion = estimator(frame)
            try motion.update(idealReading(time: 0, attitude: truth, rate: .zero))
            let first = try #require(motion.motion)
            #expect(abs(first.attitude.coreMotionAngles.yaw) < 1e-9)
            #expect(abs(first.attitude.coreMotionAngles.pitch - 0.3) < 1e-9)
            #expect(first.heading == nil)
        }
    }

    @Test func gravityAndUserAccelerationSplitTheSpecificForce() throws {
        var motion = estimator(.xMagneticNorthZVertical)
        var reading = idealReading(time: 0, attitude: .identity, rate: .zero)
        try motion.update(reading)
        reading.time = 0.01
        reading.accelerometer += Vector3(1.5, 0, 0)  // pushed along +x
        try motion.update(reading)
        let sample = try #require(motion.motion)
        // Face up: gravity along −z. One step of the 1 s tilt correction takes ≈1 % of the 8.7°
        // the push seems to tilt the device, moving gravity by ≈0.015 m/s².
        #expect((sample.gravity - Vector3(0, 0, -9.81)).norm < 0.02)
        #expect((sample.userAcceleration - Vector3(1.5, 0, 0)).norm < 0.03)
        #expect(sample.magneticFieldAccuracy == .high)
    }

    @Test func sixDimensionalFrameIgnoresTheMagnetometer() throws {
        var motion = estimator(.xArbitraryZVertical)
        var reading = idealReading(time: 0, attitude: .identity, rate: .zero)
        reading.magnetometer = Vector3(.nan, .nan, .nan)
        try motion.update(reading)
        let sample = try #require(motion.motion)
        #expect(sample.magneticField == nil && sample.magneticFieldAccuracy == .uncalibrated)
        #expect(motion.filter.diagnostics.magnetometerRejections == 0)
    }

    @Test func calibrationRemovesHardAndSoftIron() throws {
        let truth = Quaternion(coreMotion: CoreMotionAngles(pitch: 0.2, roll: 0.1, yaw: -1.3))
        let softIron = Matrix3(rowMajor: [1.1, 0.02, 0, 0.02, 0.95, 0.01, 0, 0.01, 1.03])
        let hardIron = Vector3(12, -7, 30)
        let calibration = MagnetometerCalibration(offset: hardIron, matrix: softIron.inverse!)
        var calibrated = estimator(.xMagneticNorthZVertical, calibration: calibration)
        var raw = estimator(.xMagneticNorthZVertical)
        var reading = idealReading(time: 0, attitude: truth, rate: .zero)
        reading.magnetometer = softIron * reading.magnetometer! + hardIron
        try calibrated.update(reading)
        try raw.update(reading)
        #expect(try #require(calibrated.motion).attitude.isSameRotation(as: truth, tolerance: 1e-9))
        #expect(!(try #require(raw.motion)).attitude.isSameRotation(as: truth, tolerance: 0.05))
    }

    @Test func noMotionBeforeTheFirstValidSample() throws {
        var motion = estimator(.xMagneticNorthZVertical)
        #expect(motion.motion == nil)
        var reading = idealReading(time: 0, attitude: .identity, rate: .zero)
        reading.accelerometer = Vector3(.nan, 0, 0)
        try motion.update(reading)
        #expect(motion.motion == nil)
    }

    @Test func rotationRateHasTheBiasRemoved() throws {
        var motion = DeviceMotionEstimator(filter: BiasEstimatingFilter(), referenceFrame: .xMagneticNorthZVertical)
        let bias = Vector3(0.01, -0.005, 0.008)
        for step in 0...2000 {
            var reading = idealReading(time: Double(step) / 200, attitude: .identity, rate: .zero)
            reading.gyroscope = bias
            try motion.update(reading)
        }
        let sample = try #require(motion.motion)
        #expect(sample.rotationRate.norm < 0.1 * bias.norm)
        #expect(sample.atRest)
    }
}
