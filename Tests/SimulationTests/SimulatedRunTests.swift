import Foundation
import OrbitMath
import Simulation
import Testing

@Suite struct SimulatedRunTests {
    @Test func sameSeedIsBitIdentical() throws {
        let world = busyWorld()
        let a = try SimulatedRun(world: world, seed: 17), b = try SimulatedRun(world: world, seed: 17)
        #expect(a.imu == b.imu)
        #expect(a.motion == b.motion)
        #expect(a.frames == b.frames)
        #expect(a.imuTruth == b.imuTruth)
        let c = try SimulatedRun(world: world, seed: 18)
        #expect(c.imu != a.imu)
    }

    /// A delayed IMU reads the motion of `delay_ms` earlier: with the same noise draws, each
    /// gyroscope and accelerometer reading moves by exactly the change of the motion over
    /// the delay, while the truth stays at the sample's own instant.
    @Test func delayedImuReadsEarlierMotion() throws {
        var world = WorldSettings()
        world.imu.gyroscope.scaleErrorPPM = .zero
        world.imu.gyroscope.misalignment = [0, 0, 0, 0, 0, 0]
        world.imu.accelerometer.scaleErrorPPM = .zero
        world.imu.accelerometer.misalignment = [0, 0, 0, 0, 0, 0]
        world.imu.gyroscope.resolution = 0
        world.imu.accelerometer.resolution = 0
        var delayed = world
        delayed.imu.delay = 5
        let prompt = try SimulatedRun(world: world, seed: 3), late = try SimulatedRun(world: delayed, seed: 3)
        #expect(late.imuTruth == prompt.imuTruth)
        var checked = 0
        for index in stride(from: 500, to: prompt.imu.count, by: 997) {
            let time = prompt.imu[index].time
            let now = prompt.trajectory.state(at: time), before = prompt.trajectory.state(at: time - 0.005)
            let gyroscope = late.imu[index].gyroscope - prompt.imu[index].gyroscope
            #expect((gyroscope - (before.angularVelocity - now.angularVelocity)).norm < 1e-9, "t \(time)")
            let accelerometer = late.imu[index].accelerometer - prompt.imu[index].accelerometer
            #expect((accelerometer - (before.specificForce - now.specificForce)).norm < 1e-9, "t \(time)")
            checked += 1
        }
        #expect(checked > 10)
    }

    /// A magnetometer with a delay of its own reads the attitude of t − imu delay − its delay:
    /// with the same draws, its readings are those of an IMU delayed by the sum (within 1e-9 µT,
    /// the instants differing by rounding), the gyroscope's and accelerometer's those of the IMU
    /// delayed by its own delay alone.
    @Test func delayedMagnetometerReadsEarlierAttitude() throws {
        var imuOnly = WorldSettings()
        imuOnly.imu.delay = 5
        imuOnly.imu.magnetometer.resolution = 0  // steps of 0.15 µT would hide 12 ms of turning
        var ownDelay = imuOnly
        ownDelay.imu.magnetometer.delay = 12
        var summed = imuOnly
        summed.imu.delay = 17
        let prompt = try SimulatedRun(world: imuOnly, seed: 4), late = try SimulatedRun(world: ownDelay, seed: 4)
        let reference = try SimulatedRun(world: summed, seed: 4)
        #expect(late.imu.map(\.gyroscope) == prompt.imu.map(\.gyroscope) && late.imu.map(\.accelerometer) == prompt.imu.map(\.accelerometer))
        var compared = 0, moved = 0
        for (sample, expected) in zip(late.imu, reference.imu) {
            guard let reading = sample.magnetometer, let truth = expected.magnetometer else { continue }
            #expect((reading - truth).norm < 1e-9, "t \(sample.time)")
            compared += 1
        }
        for (sample, before) in zip(late.imu, prompt.imu) where sample.magnetometer != before.magnetometer { moved += 1 }
        #expect(compared > 1000 && moved > compared / 2, "\(compared) compared, \(moved) moved")
    }

    /// Changing one noise source's parameter leaves every other stream's numbers unchanged.
    @Test func changingOneSourceLeavesOtherStreamsAlone() throws {
        let base = WorldSettings()
        let reference = try SimulatedRun(world: base, seed: 5)

        var gyroNoisier = base
        gyroNoisier.imu.gyroscope.noiseDensity *= 3
        let gyroRun = try SimulatedRun(world: gyroNoisier, seed: 5)
        #expect(gyroRun.imu.map(\.accelerometer) == reference.imu.map(\.accelerometer))
        #expect(gyroRun.imu.map(\.magnetometer) == reference.imu.map(\.magnetometer))
        #expect(gyroRun.frames == reference.frames)
        #expect(gyroRun.motion == reference.motion)
        #expect(gyroRun.imu.map(\.gyroscope) != reference.imu.map(\.gyroscope))

        var slowerCamera = base
        slowerCamera.camera.latencyMean = 80
        let cameraRun = try SimulatedRun(world: slowerCamera, seed: 5)
        #expect(cameraRun.imu == reference.imu)
        #expect(cameraRun.motion == reference.motion)
        #expect(cameraRun.frames.map(\.captureTime) == reference.frames.map(\.captureTime))
        #expect(cameraRun.frames != reference.frames)

        var floods = base
        floods.motion.floodMode = .periodic
        let floodRun = try SimulatedRun(world: floods, seed: 5)
        #expect(floodRun.imu == reference.imu)
        #expect(floodRun.frames == reference.frames)

        var gyroBiasWalk = base
        gyroBiasWalk.imu.gyroscope.randomWalk *= 4
        let walkRun = try SimulatedRun(world: gyroBiasWalk, seed: 5)
        // The white-noise stream is untouched: readings differ exactly by the bias difference.
        for index in stride(from: 0, to: walkRun.imu.count, by: 997) {
            let readingDifference = walkRun.imu[index].gyroscope - reference.imu[index].gyroscope
            let biasDifference = walkRun.imuTruth[index].gyroscopeBias - reference.imuTruth[index].gyroscopeBias
            #expect((readingDifference - biasDifference).norm < 2e-3, "sample \(index)")  // quantisation step 0.061°/s
        }
    }

    @Test func runCoversTheWholeWalk() throws {
        let run = try SimulatedRun(world: WorldSettings(), seed: 1)
        let duration = run.trajectory.duration
        #expect(abs(duration - 59.88) < 0.01)
        #expect(run.imu.count == Int(duration * 200) + 1)
        #expect(abs(Double(run.imu.filter { $0.magnetometer != nil }.count) - duration * 100) <= 1)
        #expect(abs(Double(run.frames.count) - (duration - 1) * 30) <= 1)
        #expect(abs(Double(run.motion.count) - duration * 60) <= 1)
    }

    @Test func irregularSamplingAndDropsGiveVariableIntervals() throws {
        var world = WorldSettings()
        world.imu.sampleJitter = 0.5
        world.imu.dropProbability = 0.05
        let run = try SimulatedRun(world: world, seed: 3)
        let intervals = zip(run.imu, run.imu.dropFirst()).map { $1.time - $0.time }
        #expect(intervals.allSatisfy { $0 > 0 })
        #expect(intervals.contains { $0 > 0.009 })  // a dropped sample
        #expect(abs(Double(run.imu.count) / (run.trajectory.duration * 200) - 0.95) < 0.01)
    }
}
