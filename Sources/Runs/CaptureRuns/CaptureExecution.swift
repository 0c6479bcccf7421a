import Capture
import Fusion
import OrbitMath
import Scenarios
import Simulation
import Recordings

/// One run with concrete filter and selector types, reading its inputs as streams.
struct CaptureExecution<
    Selector: FrameSelector, Imu: IteratorProtocol<(sample: ImuSample, truth: ImuTruth)>, Motion: IteratorProtocol<MotionDelivery>,
    Frames: IteratorProtocol<CameraFrame>
>: FilterVisitor {
    let scenario: Scenario
    let inputs: CaptureInputs<Imu, Motion, Frames>
    let selector: Selector
    let selectorName: String
    let keepSession: Bool
    let spill: SpillSettings

    func visit<Filter: AttitudeFilter>(_ filter: Filter) -> Result<CaptureRunResult, Error> {
        Result {
            let world = scenario.world, referenceFrame = scenario.fusion.referenceFrame
            let calibration: MagnetometerCalibration =
                scenario.fusion.magnetometerCalibration == .ideal ? .ideal(for: world.imu.magnetometer) : .none
            let estimator = DeviceMotionEstimator(
                filter: filter, referenceFrame: referenceFrame, calibration: calibration,
                declination: Angles.radians(world.environment.declination), gravity: world.environment.gravity)
            let seed = inputs.seed, filterName = scenario.fusion.filter.rawValue, scenarioName = scenario.name
            let loop = FilterFeed(
                estimator: estimator, imu: inputs.imu,
                attitudeError: AttitudeRMSEStream(
                    magneticToTruth: FusionInput.magneticToTruth(of: world), useMagnetometer: referenceFrame.usesMagnetometer),
                walk: inputs.trajectory.evaluatedPhase
            ) { error, time in
                PluginFailure(error, kind: .filter, name: filterName, scenario: scenarioName, seed: seed, location: PluginFailure.time(time))
            }
            // Closures made here, where the filter type is known, call the loop compiled for it.
            let feed = FusionFeed(
                feed: { last throws(PluginFailure) in try loop.feed(upTo: last) },
                feedMotion: { last, motion throws(PluginFailure) in try loop.feed(upTo: last, motion: &motion) }, finish: { loop.finish() })
            return try execute(feeding: feed)
        }
    }

    /// The run, compiled once for the input streams: only `feed` (the per-sample loop) is
    /// compiled for each filter type.
    private func execute(feeding feed: FusionFeed) throws -> CaptureRunResult {
        // The scenario's world, not the inputs': a reused world may differ in the app's queue.
        let world = scenario.world, trajectory = inputs.trajectory
        let settings = scenario.captureSettings
        var session = selector
        // Every frame as it reached (or missed) the app, with its truth; a long run's go to a file.
        var arrivals = SpillArray<ArrivedFrame>(settings: spill, expectedCount: inputs.frameCount)
        if let failure = arrivals.failure { throw failure }  // a long run's spill folder is tried before any work
        var reasons = ReasonTable()
        let truthMeter = FrameTruthMeter(world: world, trajectory: trajectory)
        var processed = 0, coalesced = 0
        var motionLog: [CaptureSessionLog.Motion] = []
        var frameLog: [CaptureSessionLog.Frame] = []
        var rateTrack = RotationRateTrack(spill: spill)
        var floods = FloodSpans()
        var contract = SelectorContract(slotCount: settings.slotCount)
        let seed = inputs.seed, filterName = scenario.fusion.filter.rawValue
        // The filter's output after each delivery, written in place (a DeviceMotion is 155 bytes).
        var motion = DeviceMotion(
            timestamp: 0, attitude: .identity, rotationRate: .zero, gravity: .zero, userAcceleration: .zero, magneticField: nil,
            magneticFieldAccuracy: .uncalibrated, heading: nil, referenceFrame: .xArbitraryZVertical, atRest: false)
        func failure(of kind: PluginFailure.Kind, _ error: any Error, at location: String) -> PluginFailure {
            PluginFailure(
                error, kind: kind, name: kind == .filter ? filterName : selectorName, scenario: scenario.name, seed: seed, location: location)
        }
        let queues = try ProcessingPipeline.drive(
            motion: inputs.motion, frames: inputs.frames, settings: world.pipeline, frameInterval: 1 / world.camera.fps,
            costs: try PipelineCosts(settings: world.pipeline, seed: seed),
            handleMotion: { delivery in
                floods.add(delivery)
                guard try feed.feedMotion(delivery.imuIndex, &motion) else { return .none }
                rateTrack.append(timestamp: motion.timestamp, rotationRate: motion.rotationRate)
                if keepSession {
                    let truth = trajectory.pose(at: motion.timestamp)
                    let reference = CaptureSessionLog.ReferencePose(attitude: truth.attitude, position: truth.position - world.object.center)
                    motionLog.append(CaptureSessionLog.Motion(deliveryTime: delivery.deliveryTime, motion: motion, reference: reference))
                }
                let handling: MotionHandling
                do { handling = try session.handleMotion(motion) } catch {
                    throw failure(of: .selector, error, at: PluginFailure.time(motion.timestamp))
                }
                if handling.isProcessed {
                    processed += 1
                    return .processed
                }
                coalesced += 1
                return .coalesced
            },
            handleFrame: { frame, processing in
                let image = CaptureSessionLog.imageName(frame.index)
                var decision: FrameDecision?
                if !processing.dropped {
                    let input = FrameInput(index: frame.index, timestamp: frame.timestamp, exposure: frame.exposure, image: image)
                    do {
                        let made = try session.handleFrame(input)
                        try contract.check(made, for: input)
                        decision = made
                    } catch {
                        throw failure(of: .selector, error, at: "frame \(frame.index)")
                    }
                }
                let truth = inputs.frameTruths?[arrivals.count] ?? truthMeter.truth(of: frame)
                let stored = StoredFrame(
                    index: frame.index, captureTime: frame.captureTime, exposure: frame.exposure, timestamp: frame.timestamp,
                    deliveryTime: frame.deliveryTime, dropped: processing.dropped, backlog: processing.backlog, decision: decision,
                    reasons: &reasons)
                arrivals.append(ArrivedFrame(frame: stored, truth: truth))
                if keepSession {
                    frameLog.append(
                        CaptureSessionLog.Frame(
                            index: frame.index, timestamp: frame.timestamp, exposure: frame.exposure, deliveryTime: frame.deliveryTime,
                            image: image, dropped: processing.dropped))
                }
            })
        try feed.feed(.max)  // the rest of the walk, for the fusion metric

        // What the selector hands over at the end, read once and checked before it is measured.
        let finalSlots = session.slots, recordingStart = session.recordingStartTime
        let recording = session.recording(uid: "\(scenario.name)-seed-\(seed)", date: CaptureRunner.recordingDate)
        do {
            try contract.checkEnd(slots: finalSlots, recordingStartTime: recordingStart, recording: recording)
        } catch {
            throw failure(of: .selector, error, at: "the end of the run")
        }

        // Ground truth. Simulated DeviceMotion timestamps are IMU sample instants (true clock),
        // so the selector's recording start is a true instant.
        let startState = recordingStart.map { trajectory.state(at: $0) }
        var completion = CaptureRecords.Completion(
            slots: finalSlots, recordingStart: startState.map { TruthPose(attitude: $0.attitude, azimuth: $0.azimuth) },
            orientation: settings.orientation)
        let frames = try ArrivedFrame.complete(
            try arrivals.finish(), reasons: &reasons, rates: try rateTrack.finish(), focalLength: truthMeter.camera.focalLength,
            completion: &completion, spill: spill)
        let slots = completion.slotRecords()

        var track: [(time: Double, angle: Double)] = []
        if let startState, let recordingStart {
            // 20 Hz, at most 20 000 points however long the run (as `replay`).
            let step = max(0.05, (trajectory.duration - recordingStart) / 20_000)
            var time = recordingStart
            while time <= trajectory.duration {
                track.append((time, Angles.wrapTo360(Angles.degrees(trajectory.azimuth(at: time) - startState.azimuth))))
                time += step
            }
        }
        let duration = max(trajectory.duration, 1e-9)
        return CaptureRunResult(
            seed: seed,
            metrics: CaptureMetrics(
                tally: completion.tally, slots: slots, slotWidth: settings.slotWidth, attitudeRMSE: feed.finish()),
            frames: frames, slots: slots, recording: recording,
            trueAngleTrack: track, recordingStart: recordingStart,
            motionCoalesced: coalesced, motionProcessed: processed,
            queueBusyFraction: queues.busyTime / duration,
            session: keepSession ? CaptureSessionLog(motion: motionLog, frames: frameLog) : nil, selector: selectorName,
            filter: filterName, floods: floods.spans)
    }
}

/// The filter's part of a capture run: fuses the IMU stream up to a sample and keeps the
/// fusion's accuracy. Through these closures the run is compiled once per kind of input, not
/// once per filter type as well; the closures call `FilterFeed`'s loop compiled for the filter.
struct FusionFeed {
    /// Fuses the IMU samples up to and including sample `last`.
    let feed: (_ last: Int) throws(PluginFailure) -> Void
    /// Fuses the IMU samples up to and including sample `last` and writes the estimator's
    /// DeviceMotion into `motion`; false (and `motion` left alone) while it has none.
    let feedMotion: (_ last: Int, _ motion: inout DeviceMotion) throws(PluginFailure) -> Bool
    /// BROAD's attitude RMSE over the evaluated samples fused.
    let finish: () -> AttitudeRMSE
}

/// The per-sample loop of one filter type over one IMU stream (a reference: the closures of
/// `FusionFeed` share it). Its state is one struct, so that a call is one exclusive access to
/// the reference, not one per sample and property.
final class FilterFeed<Filter: AttitudeFilter, Imu: IteratorProtocol<(sample: ImuSample, truth: ImuTruth)>> {
    struct Loop {
        var estimator: DeviceMotionEstimator<Filter>
        var imu: Imu
        var attitudeError: AttitudeRMSEStream
        /// The samples the fusion metric counts, s.
        let walk: ClosedRange<Double>
        /// Samples taken from the stream and fused.
        var fused = 0
        /// An iterator need not be asked again once it has ended.
        var ended = false

        /// Fuses the samples up to and including `last`; a filter's error comes back with its
        /// sample's time.
        mutating func feed(upTo last: Int) -> (error: any Error, time: Double)? {
            // Sample `fused` is only drawn once it is due, so no sample waits in a copy.
            while fused <= last, !ended {
                guard let (sample, truth) = imu.next() else {
                    ended = true
                    return nil
                }
                do {
                    try estimator.update(
                        ImuReading(
                            time: sample.time, gyroscope: sample.gyroscope, accelerometer: sample.accelerometer, magnetometer: sample.magnetometer))
                } catch {
                    return (error, sample.time)
                }
                attitudeError.add(
                    time: sample.time, estimate: estimator.filter.attitude, truth: truth.attitude, evaluated: walk.contains(sample.time))
                fused += 1
            }
            return nil
        }
    }

    private var loop: Loop
    /// The failure to throw for a filter's error at a sample time.
    private let failure: (any Error, Double) -> PluginFailure

    init(
        estimator: DeviceMotionEstimator<Filter>, imu: Imu, attitudeError: AttitudeRMSEStream, walk: ClosedRange<Double>,
        failure: @escaping (any Error, Double) -> PluginFailure
    ) {
        loop = Loop(estimator: estimator, imu: imu, attitudeError: attitudeError, walk: walk)
        self.failure = failure
    }

    func feed(upTo last: Int) throws(PluginFailure) {
        if let (error, time) = loop.feed(upTo: last) { throw failure(error, time) }
    }

    func feed(upTo last: Int, motion: inout DeviceMotion) throws(PluginFailure) -> Bool {
        try feed(upTo: last)
        guard let current = loop.estimator.motion else { return false }
        motion = current
        return true
    }

    func finish() -> AttitudeRMSE { loop.attitudeError.finish() }
}

/// Spans of flood deliveries, gathered as the deliveries arrive; regular updates interleaved
/// with a burst do not split it, a pause of more than 0.1 s between flood updates does.
struct FloodSpans {
    private(set) var spans: [ClosedRange<Double>] = []

    mutating func add(_ delivery: MotionDelivery) {
        guard delivery.isFlood else { return }
        if let last = spans.last, delivery.deliveryTime - last.upperBound <= 0.1 {
            spans[spans.count - 1] = last.lowerBound...max(last.upperBound, delivery.deliveryTime)
        } else {
            spans.append(delivery.deliveryTime...delivery.deliveryTime)
        }
    }
}
