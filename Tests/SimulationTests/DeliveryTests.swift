import Foundation
import OrbitMath
import Simulation
import Testing

private func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }
private func standardDeviation(_ values: [Double]) -> Double {
    let m = mean(values)
    return (values.map { ($0 - m) * ($0 - m) }.reduce(0, +) / Double(values.count)).squareRoot()
}

@Suite struct MotionDeliveryTests {
    let imuTimes = (0..<24_001).map { Double($0) / 200 }  // 120 s at 200 Hz

    @Test func nominalRateJitterAndLatencyMatchSettings() throws {
        var settings = MotionDeliverySettings()
        settings.rate = 50
        settings.timestampJitter = 2
        settings.latency = 10
        settings.latencyJitter = 3
        let deliveries = try MotionSchedule.generate(settings, duration: 120, imuTimes: imuTimes, seed: 3)
        let expectedCount: Double = 50 * 120
        #expect(abs(Double(deliveries.count) - expectedCount) <= 2)
        let latencies = deliveries.map { ($0.deliveryTime - $0.sampleTime) * 1000 }
        #expect(abs(mean(latencies) - 10) < 0.2)
        #expect(abs(standardDeviation(latencies) - 3) < 0.2)
        // Timestamp jitter: distance from the nominal 20 ms grid.
        let offsets = deliveries.map { ($0.sampleTime - ($0.sampleTime * 50).rounded() / 50) * 1000 }
        #expect(abs(standardDeviation(offsets) - 2) < 0.15)
        // Delivery order, and every update carries the newest IMU sample at its timestamp.
        for (a, b) in zip(deliveries, deliveries.dropFirst()) { #expect(a.deliveryTime <= b.deliveryTime) }
        for delivery in deliveries.prefix(500) {
            #expect(imuTimes[delivery.imuIndex] <= delivery.sampleTime)
            #expect(delivery.imuIndex + 1 == imuTimes.count || imuTimes[delivery.imuIndex + 1] > delivery.sampleTime)
        }
    }

    @Test func periodicFloodsHaveConfiguredRateAndWindows() throws {
        var settings = MotionDeliverySettings()
        settings.timestampJitter = 0
        settings.floodMode = .periodic
        settings.floodRate = 800
        settings.floodDuration = 0.5
        settings.floodPeriod = 10
        settings.floodFirstStart = 5
        let deliveries = try MotionSchedule.generate(settings, duration: 120, imuTimes: imuTimes, seed: 3)
        let flood = deliveries.filter { $0.isFlood }
        #expect(flood.count == 12 * 400)  // floods at 5, 15, … 115 s, 0.5 s at 800 Hz each
        for (a, b) in zip(deliveries, deliveries.dropFirst()) { #expect(a.sampleTime <= b.sampleTime) }  // FIFO
        #expect(flood.allSatisfy { ($0.sampleTime - 5).truncatingRemainder(dividingBy: 10) < 0.5 })
        let regularCount = deliveries.filter { !$0.isFlood }.count
        #expect(abs(regularCount - 7200) <= 1)
        // Within a flood, updates are 1/800 s apart.
        let firstFlood = flood.prefix(400).map { $0.sampleTime }
        for (a, b) in zip(firstFlood, firstFlood.dropFirst()) { #expect(abs(b - a - 1.0 / 800) < 1e-9) }
    }

    @Test func randomFloodsArriveAtTheConfiguredMeanRate() throws {
        var settings = MotionDeliverySettings()
        settings.floodMode = .random
        settings.floodsPerMinute = 12
        settings.floodDuration = 0.2
        let stream = try RandomStream(seed: 9, source: "motion.floods")
        let windows = MotionSchedule.floodWindows(settings, duration: 3600, stream: stream)
        let expected: Double = 12 * 60
        let poissonSigma = expected.squareRoot()
        #expect(abs(Double(windows.count) - expected) < 4 * poissonSigma)
        for (a, b) in zip(windows, windows.dropFirst()) { #expect(b.lowerBound >= a.upperBound) }
    }

    @Test func dropsRemoveTheConfiguredFraction() throws {
        var settings = MotionDeliverySettings()
        settings.dropProbability = 0.2
        let deliveries = try MotionSchedule.generate(settings, duration: 120, imuTimes: imuTimes, seed: 3)
        let kept = Double(deliveries.count) / (60 * 120)
        #expect(abs(kept - 0.8) < 0.02)
    }
}

@Suite struct CameraTests {
    /// At 2 fps a tail event (≈100 ms) never delays the next frame, so the delivered latencies
    /// are the configured distribution itself.
    @Test func framesHaveRateExposureAndLatencyDistribution() throws {
        var settings = CameraSettings()
        settings.fps = 2
        settings.exposure = 0.01
        settings.latencyMean = 40
        settings.latencyJitter = 5
        settings.latencyTailProbability = 0.1
        settings.latencyTailMean = 100
        settings.clockOffset = 7
        settings.recordStart = 2
        let frames = try CameraSimulator.frames(settings, duration: 5002, seed: 4)
        #expect(frames.count == 10000)
        #expect(frames.first?.captureTime == 2)
        #expect(abs(frames[1].captureTime - frames[0].captureTime - 0.5) < 1e-12)
        #expect(frames.allSatisfy { abs($0.timestamp - $0.captureTime - 0.007) < 1e-12 })
        let latencies = frames.map { ($0.deliveryTime - $0.captureTime - $0.exposure) * 1000 }
        // Mean = 40 + 0.1·100 = 50 ms; median ≈ 40 + a little (tail events are 10 %).
        #expect(abs(mean(latencies) - 50) < 1.5)
        let sorted = latencies.sorted()
        #expect(abs(sorted[sorted.count / 2] - 40.6) < 1.0)
        let tailFraction = Double(latencies.filter { $0 > 60 }.count) / Double(latencies.count)
        #expect(tailFraction > 0.06 && tailFraction < 0.1)  // tail events above 60 ms ≈ 0.1·e^(−0.2)
        for (a, b) in zip(frames, frames.dropFirst()) { #expect(a.deliveryTime < b.deliveryTime) }
    }

    /// At 30 fps frames stay in order: a stalled frame holds up the ones behind it.
    @Test func stallsDelayFollowingFrames() throws {
        var settings = CameraSettings()
        settings.latencyTailProbability = 0.05
        settings.latencyTailMean = 200
        let frames = try CameraSimulator.frames(settings, duration: 120, seed: 4)
        for (a, b) in zip(frames, frames.dropFirst()) { #expect(a.deliveryTime < b.deliveryTime) }
        let blocked = zip(frames, frames.dropFirst()).filter { $1.deliveryTime - $0.deliveryTime < 1e-5 }.count
        #expect(blocked > 0)
    }
}

@Suite struct PipelineTests {
    func frames(count: Int, fps: Double) -> [CameraFrame] {
        (0..<count).map {
            CameraFrame(index: $0, captureTime: Double($0) / fps, exposure: 0.005, timestamp: Double($0) / fps, deliveryTime: Double($0) / fps + 0.03)
        }
    }

    @Test func queueAccumulatesBacklog() {
        var queue = ProcessingQueue(frameInterval: 1.0 / 30)
        #expect(queue.submit(at: 1.0, cost: 0.01) == 1.01)
        #expect(queue.submit(at: 1.005, cost: 0.01) == 1.02)  // waits for the first
        #expect(abs(queue.backlog(at: 1.01) - 0.01) < 1e-12)
        #expect(queue.submit(at: 2.0, cost: 0.01) == 2.01)  // idle gap
        #expect(abs(queue.busyTime - 0.03) < 1e-12)
    }

    @Test func lightLoadDropsNothing() throws {
        var pipeline = PipelineSettings()
        pipeline.frameCost = 10
        pipeline.motionCost = 0.2
        pipeline.costJitter = 0
        let motion = (0..<600).map { MotionDelivery(sampleTime: Double($0) / 60, deliveryTime: Double($0) / 60 + 0.002, imuIndex: 0, isFlood: false) }
        let result = try ProcessingPipeline.run(
            motion: motion, frames: frames(count: 300, fps: 30), settings: pipeline, frameInterval: 1.0 / 30, seed: 1)
        #expect(!result.frames.contains { $0.dropped })
        #expect(abs(result.busyTime - (300 * 0.010 + 600 * 0.0002)) < 1e-9)
    }

    /// Frames costing more than a frame interval overload the queue: the backlog crosses the
    /// late threshold and frames are dropped so throughput matches capacity.
    @Test func overloadDropsFramesToMatchCapacity() throws {
        var pipeline = PipelineSettings()
        pipeline.frameCost = 50  // capacity 20 fps, camera 30 fps
        pipeline.costJitter = 0
        let outcomes = try ProcessingPipeline.run(
            motion: [], frames: frames(count: 300, fps: 30), settings: pipeline, frameInterval: 1.0 / 30, seed: 1
        ).frames
        let processed = Double(outcomes.filter { !$0.dropped }.count)
        let capacity = 300 * 20.0 / 30
        #expect(abs(processed - capacity) < 10)
        let interval = 1.0 / 30
        #expect(outcomes.filter { $0.dropped }.allSatisfy { $0.backlog > interval })
    }

    /// A flood of motion updates fills the queue and starves frames; without it, none drop.
    @Test func motionFloodCausesFrameDrops() throws {
        var pipeline = PipelineSettings()
        pipeline.frameCost = 15
        pipeline.motionCost = 1
        pipeline.costJitter = 0
        var motion = (0..<600).map { MotionDelivery(sampleTime: Double($0) / 60, deliveryTime: Double($0) / 60, imuIndex: 0, isFlood: false) }
        let calm = try ProcessingPipeline.run(
            motion: motion, frames: frames(count: 300, fps: 30), settings: pipeline, frameInterval: 1.0 / 30, seed: 1)
        #expect(!calm.frames.contains { $0.dropped })
        motion += (0..<1000).map {
            MotionDelivery(sampleTime: 3 + Double($0) / 1000, deliveryTime: 3 + Double($0) / 1000, imuIndex: 0, isFlood: true)
        }
        motion.sort { $0.deliveryTime < $1.deliveryTime }
        let flooded = try ProcessingPipeline.run(
            motion: motion, frames: frames(count: 300, fps: 30), settings: pipeline, frameInterval: 1.0 / 30, seed: 1)
        let dropped = flooded.frames.indices.filter { flooded.frames[$0].dropped }
        #expect(dropped.count > 10)
        #expect(dropped.allSatisfy { Double($0) / 30 > 3 && Double($0) / 30 < 5.5 })  // during and just after the flood

        // On separate queues the same flood drops no frame; the motion queue carries it:
        // 1 600 updates × 1 ms of motion work and 300 × 15 ms of frame work.
        pipeline.threads = .separate
        let separate = try ProcessingPipeline.run(
            motion: motion, frames: frames(count: 300, fps: 30), settings: pipeline, frameInterval: 1.0 / 30, seed: 1)
        #expect(!separate.frames.contains { $0.dropped })
        #expect(abs(separate.motionQueue.busyTime - 1.6) < 1e-9)
        #expect(abs(separate.frameQueue.busyTime - 4.5) < 1e-9)
        // The flood (1 000 updates in 1 s at 1 ms each, plus the 60 Hz stream) keeps the motion
        // queue about 0.06 s behind at its end: backlog ≈ 1.06 s of work − 1 s.
        #expect(separate.motionQueue.maxBacklog > 0.04 && separate.motionQueue.maxBacklog < 0.08)
    }

    /// Shared, a frame behind a second of motion work is dropped as late; on separate queues it
    /// is processed but sees only the motion whose handling started before its own processing.
    @Test func separateQueuesHoldBackMotionBehindABacklog() throws {
        var pipeline = PipelineSettings()
        pipeline.frameCost = 1
        pipeline.motionCost = 100  // each update keeps the motion queue busy for 0.1 s
        pipeline.costJitter = 0
        let motion = (0..<10).map { MotionDelivery(sampleTime: Double($0) / 100, deliveryTime: Double($0) / 100, imuIndex: 0, isFlood: false) }
        let oneFrame = [CameraFrame(index: 0, captureTime: 0.1, exposure: 0.008, timestamp: 0.1, deliveryTime: 0.15)]
        for (threads, expectedSeen) in [(PipelineThreads.shared, -1), (.separate, 2)] {
            pipeline.threads = threads
            var handled = 0, seenAtFrame = -1
            var fates: [FrameProcessing] = []
            _ = ProcessingPipeline.drive(
                motion: motion.makeIterator(), frames: oneFrame.makeIterator(), settings: pipeline, frameInterval: 1.0 / 30,
                costs: try PipelineCosts(settings: pipeline, seed: 1),
                handleMotion: { _ in
                    handled += 1
                    return .processed
                },
                handleFrame: { _, fate in
                    fates.append(fate)
                    if !fate.dropped { seenAtFrame = handled }
                })
            // Separate: updates start at 0, 0.1 (both before 0.15); the third would start at 0.2.
            #expect(seenAtFrame == expectedSeen, "\(threads)")
            #expect(fates.count == 1 && fates[0].dropped == (threads == .shared))
            #expect(handled == 10)
        }
    }

    @Test func costJitterHasConfiguredSpread() throws {
        var settings = PipelineSettings()
        settings.frameCost = 10
        settings.costJitter = 0.2
        let costs = try PipelineCosts(settings: settings, seed: 2)
        let draws = (0..<20_000).map { _ in costs.frame() * 1000 }
        #expect(abs(mean(draws) - 10) < 0.1)
        #expect(abs(standardDeviation(draws) - 2) < 0.1)
    }
}
