import Capture
import Foundation
import Fusion
import OrbitMath
import Scenarios
import Simulation

/// The outcome of one seed of a capture scenario.
public struct CaptureRunResult: Sendable {
    public var seed: UInt64
    public var metrics: CaptureMetrics
    public var frames: [FrameRecord]
    public var slots: [SlotRecord]
    public var recording: Recording
    /// True orbit angle (degrees since the recording start) sampled at 20 Hz, for plots.
    public var trueAngleTrack: [(time: Double, angle: Double)]
    /// True time of the recording start, s.
    public var recordingStart: Double?
    /// Motion updates the flood guard coalesced and processed in full.
    public var motionCoalesced: Int
    public var motionProcessed: Int
    /// Share of the run the processing queue was busy.
    public var queueBusyFraction: Double
}

/// Runs one seed end to end: simulation → fusion (DeviceMotion) → processing queue → the real
/// capture session → metrics against ground truth. A `FilterVisitor`, so the scenario's filter
/// runs statically dispatched.
public struct CaptureRunner: FilterVisitor {
    public let scenario: Scenario
    public let run: SimulatedRun

    public init(scenario: Scenario, run: SimulatedRun) {
        self.scenario = scenario
        self.run = run
    }

    /// Simulates `seed` and runs it with the scenario's filter.
    public static func run(_ scenario: Scenario, seed: UInt64) throws -> CaptureRunResult {
        let simulated = try SimulatedRun(world: scenario.world, seed: seed)
        let runner = CaptureRunner(scenario: scenario, run: simulated)
        return try scenario.fusion.fusion.withFilter(scenario.fusion.fusion.filter, runner).get()
    }

    public func visit<Filter: AttitudeFilter>(_ filter: Filter) -> Result<CaptureRunResult, Error> {
        Result { try execute(filter) }
    }

    private func execute<Filter: AttitudeFilter>(_ filter: Filter) throws -> CaptureRunResult {
        let world = scenario.world
        let input = FusionInput(run: run, calibrate: scenario.fusion.magnetometerCalibration == .ideal)
        let frame = scenario.fusion.fusion.referenceFrame
        var estimator = DeviceMotionEstimator(
            filter: filter, referenceFrame: frame, calibration: input.calibration,
            declination: world.environment.declination * .pi / 180, gravity: world.environment.gravity)
        var settings = scenario.selection
        settings.orientation = Self.captureOrientation(world.orbit.deviceOrientation)
        var session = CaptureSession(settings: settings)
        let costs = try PipelineCosts(settings: world.pipeline, seed: run.seed)
        var queue = ProcessingQueue(frameInterval: 1 / world.camera.fps)

        var estimates = [Quaternion](repeating: .identity, count: run.imu.count)
        var fedImu = 0
        var sampleTrueTimes: [Double] = []  // by motion-buffer sequence number
        sampleTrueTimes.reserveCapacity(run.motion.count)
        var decisions = [FrameDecision?](repeating: nil, count: run.frames.count)
        var backlogs = [Double](repeating: 0, count: run.frames.count)
        var dropped = [Bool](repeating: false, count: run.frames.count)

        for event in PipelineEvent.merged(motion: run.motion, frames: run.frames) {
            switch event {
            case .motion(let index):
                let delivery = run.motion[index]
                while fedImu <= delivery.imuIndex {
                    let sample = run.imu[fedImu]
                    estimator.update(ImuReading(time: sample.time, gyroscope: sample.gyroscope, accelerometer: sample.accelerometer, magnetometer: sample.magnetometer))
                    estimates[fedImu] = estimator.filter.attitude
                    fedImu += 1
                }
                guard let motion = estimator.motion else { continue }
                let handling = session.handleMotion(motion)
                if handling.isStored { sampleTrueTimes.append(motion.timestamp) }
                queue.submit(at: delivery.deliveryTime, cost: handling.isProcessed ? costs.motion() : costs.draw(world.pipeline.coalescedMotionCost))
            case .frame(let index):
                let cameraFrame = run.frames[index]
                backlogs[index] = queue.backlog(at: cameraFrame.deliveryTime)
                if queue.isLate(at: cameraFrame.deliveryTime) {
                    dropped[index] = true
                    continue
                }
                queue.submit(at: cameraFrame.deliveryTime, cost: costs.frame())
                decisions[index] = session.handleFrame(FrameInput(
                    index: cameraFrame.index, timestamp: cameraFrame.timestamp, exposure: cameraFrame.exposure,
                    image: String(format: "frame-%05d.jpg", cameraFrame.index)))
            }
        }
        while fedImu < run.imu.count {  // the rest of the walk, for the fusion metric
            let sample = run.imu[fedImu]
            estimator.update(ImuReading(time: sample.time, gyroscope: sample.gyroscope, accelerometer: sample.accelerometer, magnetometer: sample.magnetometer))
            estimates[fedImu] = estimator.filter.attitude
            fedImu += 1
        }

        // Ground truth for every frame.
        func trueInstant(_ motion: InterpolatedMotion) -> Double {
            (1 - motion.fraction) * sampleTrueTimes[motion.earlier] + motion.fraction * sampleTrueTimes[motion.later]
        }
        let recordingStart = decisions.lazy.compactMap { $0?.motion }.first.map(trueInstant)
        let startState = recordingStart.map { run.trajectory.state(at: $0) }
        let trueReader = startState.map { OrbitAngleReader(start: $0.attitude, source: .opticalAxis, orientation: settings.orientation) }
        let camera = PinholeCamera(settings: world.camera, orientation: world.orbit.deviceOrientation)
        let center = world.object.center
        let kept = Set(session.slots.compactMap { $0?.frameIndex })
        var frames: [FrameRecord] = []
        frames.reserveCapacity(run.frames.count)
        var midStates: [TruthState] = []
        midStates.reserveCapacity(run.frames.count)
        for (index, cameraFrame) in run.frames.enumerated() {
            let mid = run.trajectory.state(at: cameraFrame.exposureMidpoint)
            midStates.append(mid)
            var record = FrameRecord(
                index: cameraFrame.index, captureTime: cameraFrame.captureTime, exposure: cameraFrame.exposure,
                timestamp: cameraFrame.timestamp, deliveryTime: cameraFrame.deliveryTime, dropped: dropped[index],
                backlog: backlogs[index], decision: decisions[index], trueAngle: nil, truePose: nil,
                blur: camera.blur(of: center, trajectory: run.trajectory, start: cameraFrame.captureTime, exposure: cameraFrame.exposure),
                syncError: nil, keptAtEnd: kept.contains(cameraFrame.index))
            if let startState, let trueReader {
                record.trueAngle = Angles.wrapTo360((mid.azimuth - startState.azimuth) * 180 / .pi)
                record.truePose = trueReader.pose(mid.attitude)
            }
            if let motion = decisions[index]?.motion { record.syncError = abs(trueInstant(motion) - cameraFrame.exposureMidpoint) }
            frames.append(record)
        }
        let slots = session.slots.enumerated().map { slot, entry -> SlotRecord in
            var record = SlotRecord(slot: slot, center: Double(slot) * settings.slotWidth, entry: entry)
            if let entry {
                record.frame = frames[entry.frameIndex]
                let state = midStates[entry.frameIndex]
                record.cameraHeight = state.position.z
                record.objectOffset = camera.project(center, position: state.position, attitude: state.attitude).map { $0.v - camera.height / 2 }
            }
            return record
        }

        // Fusion accuracy over the walk (6D frames: heading offset removed).
        let walk = run.trajectory.profile.walkingPhase
        let evaluated = run.imu.map { walk.contains($0.time) }
        var comparable = estimates.map { input.magneticToTruth * $0 }
        if !frame.usesMagnetometer, let first = evaluated.firstIndex(of: true) {
            let end = run.imu.firstIndex { $0.time >= run.imu[first].time + 1 } ?? run.imu.count
            comparable = HeadingAlignment.remove(HeadingAlignment.offset(estimates: estimates, truths: input.truths, indices: first..<max(end, first + 1)), from: estimates)
        }
        let rmse = AttitudeRMSE(estimates: comparable, truths: input.truths) { evaluated[$0] }

        var track: [(time: Double, angle: Double)] = []
        if let startState {
            var time = recordingStart!
            while time <= run.trajectory.duration {
                track.append((time, Angles.wrapTo360((run.trajectory.state(at: time).azimuth - startState.azimuth) * 180 / .pi)))
                time += 0.05
            }
        }
        let duration = max(run.trajectory.duration, 1e-9)
        return CaptureRunResult(
            seed: run.seed,
            metrics: CaptureMetrics(frames: frames, slots: slots, slotWidth: settings.slotWidth, attitudeRMSE: rmse),
            frames: frames, slots: slots,
            recording: session.recording(uid: "\(scenario.name)-seed-\(run.seed)", date: Self.recordingDate),
            trueAngleTrack: track, recordingStart: recordingStart,
            motionCoalesced: session.floodGuard.coalesced, motionProcessed: session.floodGuard.processed,
            queueBusyFraction: queue.busyTime / duration)
    }

    /// A fixed recording date (2023-11-14T22:13:20Z) keeps exports reproducible.
    public static let recordingDate = 1_700_000_000.0

    static func captureOrientation(_ orientation: DeviceOrientation) -> CaptureOrientation {
        switch orientation {
        case .landscapeRight: return .landscapeRight
        case .landscapeLeft: return .landscapeLeft
        case .portrait: return .portrait
        }
    }
}
