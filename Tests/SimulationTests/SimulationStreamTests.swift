import Foundation
import Simulation
import Testing

@Suite struct SimulationStreamTests {
    /// A world where every stream has work: IMU jitter and drops, motion drops, random floods
    /// and latency jitter, a camera latency tail.
    private func eventfulWorld() -> WorldSettings {
        var world = busyWorld()
        world.imu.sampleJitter = 0.5
        world.imu.dropProbability = 0.01
        world.motion.dropProbability = 0.02
        world.motion.floodMode = .random
        world.motion.floodsPerMinute = 20
        world.motion.latencyJitter = 2
        world.camera.latencyTailProbability = 0.05
        return world
    }

    /// The streams give what the array simulation gives, sample for sample: the motion
    /// schedule counts IMU samples on a replayed clock instead of the samples' own times.
    @Test func streamsEqualTheArraySimulation() throws {
        let world = eventfulWorld()
        let run = try SimulatedRun(world: world, seed: 9)
        var stream = try SimulationStream(world: world, seed: 9)
        var imu: [ImuSample] = [], truth: [ImuTruth] = []
        while let (sample, sampleTruth) = stream.imu.next() {
            imu.append(sample)
            truth.append(sampleTruth)
        }
        var motion: [MotionDelivery] = []
        while let delivery = stream.motion.next() { motion.append(delivery) }
        var frames: [CameraFrame] = []
        while let frame = stream.frames.next() { frames.append(frame) }
        #expect(imu.count > 10_000 && imu.count < run.imu.count + 1)
        #expect(imu == run.imu)
        #expect(truth == run.imuTruth)
        #expect(motion.contains { $0.isFlood } && motion.count > 1000)
        #expect(motion == run.motion)
        #expect(frames == run.frames)
    }

    /// Jitter far above the period does not reorder the nominal timestamps: each stays a
    /// tenth of a period after its predecessor at least, as a sensor's timestamps do.
    @Test func nominalTimestampsStayInOrderUnderLargeJitter() throws {
        var settings = MotionDeliverySettings()
        settings.rate = 100
        settings.timestampJitter = 30  // 3 periods
        let imuTimes = (0..<2001).map { Double($0) / 200 }
        let deliveries = try MotionSchedule.generate(settings, duration: 10, imuTimes: imuTimes, seed: 4)
        for (a, b) in zip(deliveries, deliveries.dropFirst()) { #expect(b.sampleTime - a.sampleTime >= 0.001 - 1e-12) }
        #expect(deliveries.count > 900)
    }

    /// Floods longer than their period overlap; their updates still come out in time order
    /// and each flood keeps all of its updates.
    @Test func overlappingFloodsMergeInTimeOrder() throws {
        var settings = MotionDeliverySettings()
        settings.timestampJitter = 0
        settings.floodMode = .periodic
        settings.floodRate = 300
        settings.floodDuration = 1
        settings.floodPeriod = 0.4
        settings.floodFirstStart = 1
        let imuTimes = (0..<1001).map { Double($0) / 200 }
        let deliveries = try MotionSchedule.generate(settings, duration: 5, imuTimes: imuTimes, seed: 4)
        for (a, b) in zip(deliveries, deliveries.dropFirst()) { #expect(a.sampleTime <= b.sampleTime) }
        // Floods start at 1.0, 1.4, … 4.6 s (10 of them); the last two are cut at 5 s.
        let windows = MotionSchedule.floodWindows(settings, duration: 5, stream: try RandomStream(seed: 4, source: "motion.floods"))
        #expect(windows.count == 10)
        let expected = windows.map { Int((($0.upperBound - $0.lowerBound) * 300).rounded()) }.reduce(0, +)
        #expect(expected == 8 * 300 + 240 + 120)
        #expect(deliveries.filter(\.isFlood).count == expected)
    }
}
