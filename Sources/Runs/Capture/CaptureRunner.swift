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
    /// Motion updates the selector coalesced (`MotionHandling.isProcessed` false) and processed in full.
    public var motionCoalesced: Int
    public var motionProcessed: Int
    /// Share of the run the processing queue was busy.
    public var queueBusyFraction: Double
    /// What the app saw, in the session-log layout (`replay`'s input); kept only when asked for.
    public var session: CaptureSessionLog?
    /// The selection code: its registered name, or its type name when passed as a value.
    public var selector: String
    /// The filter that produced the DeviceMotion stream; `nil` for a replayed log that was
    /// already fused on the phone.
    public var filter: String?
    /// Delivery-time spans of motion floods (bursts far above the nominal rate), s; empty when
    /// unknown (replayed sessions, redrawn reports).
    public var floods: [ClosedRange<Double>] = []

    public init(
        seed: UInt64, metrics: CaptureMetrics, frames: [FrameRecord], slots: [SlotRecord], recording: Recording,
        trueAngleTrack: [(time: Double, angle: Double)], recordingStart: Double?, motionCoalesced: Int, motionProcessed: Int,
        queueBusyFraction: Double, session: CaptureSessionLog?, selector: String, filter: String?, floods: [ClosedRange<Double>] = []
    ) {
        self.seed = seed
        self.metrics = metrics
        self.frames = frames
        self.slots = slots
        self.recording = recording
        self.trueAngleTrack = trueAngleTrack
        self.recordingStart = recordingStart
        self.motionCoalesced = motionCoalesced
        self.motionProcessed = motionProcessed
        self.queueBusyFraction = queueBusyFraction
        self.session = session
        self.selector = selector
        self.filter = filter
        self.floods = floods
    }

    /// Whether the built-in OuterCircle session selected (its 4D distance and threshold apply).
    public var isOuterCircle: Bool { selector == SelectorName.outerCircle.rawValue }
}

/// Runs one seed end to end: simulation → fusion (DeviceMotion) → processing queue → the
/// capture app's selector → metrics against ground truth.
///
/// The selector is the scenario's `selection.selector` (built in or registered), or any
/// `FrameSelector` value you pass; filter and selector are both statically dispatched in the
/// per-sample loop.
///
///     let scenario = try ScenarioLoader.resolve("orbit-72", searchDirectories: ["scenarios"])
///     let mine = try CaptureRunner.run(scenario, seed: 1, selector: MySelector(settings: scenario.captureSettings))
///     print(mine.metrics.coverage)
public enum CaptureRunner {
    /// Simulates `seed` and runs it with the scenario's selector and filter.
    public static func run(_ scenario: Scenario, seed: UInt64, keepSession: Bool = false) throws -> CaptureRunResult {
        try run(scenario, simulated: try SimulatedRun(world: scenario.world, seed: seed), keepSession: keepSession)
    }

    /// Runs an already simulated world.
    public static func run(_ scenario: Scenario, simulated: SimulatedRun, keepSession: Bool = false) throws -> CaptureRunResult {
        let step = SelectorStep(
            scenario: scenario, simulated: simulated, keepSession: keepSession, selectorName: scenario.selection.selector.rawValue,
            frameTruths: nil)
        return try scenario.captureSettings.withSelector(step).get()
    }

    /// Runs the app on a world whose frames' truth is already measured (tuning and sweeps
    /// reuse one per seed for every candidate). `scenario.world` must simulate the same run as
    /// `world.run.world` (`WorldSettings.simulatesSameRun(as:)`).
    public static func run(_ scenario: Scenario, world: CaptureWorld, keepSession: Bool = false) throws -> CaptureRunResult {
        precondition(scenario.world.simulatesSameRun(as: world.run.world), "the scenario's world differs from the one simulated")
        let step = SelectorStep(
            scenario: scenario, simulated: world.run, keepSession: keepSession, selectorName: scenario.selection.selector.rawValue,
            frameTruths: world.frameTruths)
        return try scenario.captureSettings.withSelector(step).get()
    }

    /// Simulates `seed` and runs it with `selector` (a fresh one: it must not have seen motion
    /// or frames yet) and the scenario's filter.
    public static func run<Selector: FrameSelector>(
        _ scenario: Scenario, seed: UInt64, selector: Selector, keepSession: Bool = false
    ) throws -> CaptureRunResult {
        let simulated = try SimulatedRun(world: scenario.world, seed: seed)
        let step = SelectorStep(
            scenario: scenario, simulated: simulated, keepSession: keepSession, selectorName: String(describing: Selector.self), frameTruths: nil)
        return try step.visit(selector).get()
    }

    /// A fixed recording date (2023-11-14T22:13:20Z) keeps exports reproducible.
    public static let recordingDate = 1_700_000_000.0

    /// Picks the filter once the selector's type is known.
    private struct SelectorStep: FrameSelectorVisitor {
        let scenario: Scenario
        let simulated: SimulatedRun
        let keepSession: Bool
        let selectorName: String
        let frameTruths: [FrameTruth]?

        func visit<Selector: FrameSelector>(_ selector: Selector) -> Result<CaptureRunResult, Error> {
            let fusion = scenario.fusion.settings
            let execution = CaptureExecution(
                scenario: scenario, run: simulated, selector: selector, selectorName: selectorName, keepSession: keepSession,
                frameTruths: frameTruths)
            return fusion.withFilter(fusion.filter, execution)
        }
    }
}

/// One run with concrete filter and selector types.
private struct CaptureExecution<Selector: FrameSelector>: FilterVisitor {
    let scenario: Scenario
    let run: SimulatedRun
    let selector: Selector
    let selectorName: String
    let keepSession: Bool
    /// The frames' truth when already measured (`CaptureWorld`).
    let frameTruths: [FrameTruth]?

    func visit<Filter: AttitudeFilter>(_ filter: Filter) -> Result<CaptureRunResult, Error> {
        Result { try execute(filter) }
    }

    private func execute<Filter: AttitudeFilter>(_ filter: Filter) throws -> CaptureRunResult {
        let world = scenario.world
        let calibration: MagnetometerCalibration = scenario.fusion.magnetometerCalibration == .ideal ? .ideal(for: world.imu.magnetometer) : .none
        let referenceFrame = scenario.fusion.referenceFrame
        var estimator = DeviceMotionEstimator(
            filter: filter, referenceFrame: referenceFrame, calibration: calibration,
            declination: Angles.radians(world.environment.declination), gravity: world.environment.gravity)
        let settings = scenario.captureSettings
        var session = selector
        // Fusion accuracy over the walk (6D frames: heading offset removed), accumulated as
        // the filter runs instead of from a copy of every estimate.
        var attitudeError = AttitudeRMSEStream(
            magneticToTruth: FusionInput.magneticToTruth(of: world), useMagnetometer: referenceFrame.usesMagnetometer)
        let walk = run.trajectory.evaluatedPhase
        var fedImu = 0
        var decisions = [FrameDecision?](repeating: nil, count: run.frames.count)
        var processed = 0, coalesced = 0
        var motionLog: [CaptureSessionLog.Motion] = []
        var rateTrack = RotationRateTrack()
        if keepSession { motionLog.reserveCapacity(run.motion.count) }

        @inline(__always) func feed(upTo last: Int) {
            while fedImu <= last {
                let sample = run.imu[fedImu]
                estimator.update(
                    ImuReading(time: sample.time, gyroscope: sample.gyroscope, accelerometer: sample.accelerometer, magnetometer: sample.magnetometer)
                )
                attitudeError.add(
                    time: sample.time, estimate: estimator.filter.attitude, truth: run.imuTruth[fedImu].attitude,
                    evaluated: walk.contains(sample.time))
                fedImu += 1
            }
        }
        let pipeline = try ProcessingPipeline.drive(
            motion: run.motion, frames: run.frames, settings: world.pipeline, frameInterval: 1 / world.camera.fps, seed: run.seed,
            handleMotion: { index in
                feed(upTo: run.motion[index].imuIndex)
                guard let motion = estimator.motion else { return .none }
                rateTrack.append(timestamp: motion.timestamp, rotationRate: motion.rotationRate)
                if keepSession {
                    let truth = run.trajectory.state(at: motion.timestamp)
                    let reference = CaptureSessionLog.ReferencePose(attitude: truth.attitude, position: truth.position - world.object.center)
                    motionLog.append(CaptureSessionLog.Motion(deliveryTime: run.motion[index].deliveryTime, motion: motion, reference: reference))
                }
                if session.handleMotion(motion).isProcessed {
                    processed += 1
                    return .processed
                }
                coalesced += 1
                return .coalesced
            },
            handleFrame: { index in
                let frame = run.frames[index]
                decisions[index] = session.handleFrame(
                    FrameInput(
                        index: frame.index, timestamp: frame.timestamp, exposure: frame.exposure, image: CaptureSessionLog.imageName(frame.index)))
            })
        let dropped = pipeline.frames.map(\.dropped), backlogs = pipeline.frames.map(\.backlog)
        feed(upTo: run.imu.count - 1)  // the rest of the walk, for the fusion metric

        // Ground truth. Simulated DeviceMotion timestamps are IMU sample instants (true clock),
        // so the selector's recording start is a true instant.
        let recordingStart = session.recordingStartTime
        let startState = recordingStart.map { run.trajectory.state(at: $0) }
        let camera = PinholeCamera(settings: world.camera, orientation: world.orbit.deviceOrientation)
        let arrivals = run.frames.enumerated().map { index, frame in
            // The app's view: the DeviceMotion rate where the selector looked (mid-exposure
            // on the camera clock for a frame it never saw).
            let lookup = decisions[index]?.lookupTime ?? frame.timestamp + frame.exposure / 2
            let measuredRate = rateTrack.magnitude(at: lookup)
            var record = FrameRecord(
                index: frame.index, captureTime: frame.captureTime, exposure: frame.exposure, timestamp: frame.timestamp,
                deliveryTime: frame.deliveryTime, dropped: dropped[index], backlog: backlogs[index])
            record.measuredRotationRate = measuredRate
            record.predictedBlur = measuredRate.map {
                RotationRateTrack.predictedBlur(rate: $0, exposure: frame.exposure, focalLength: camera.focalLength)
            }
            return record
        }
        let truths = frameTruths ?? CaptureWorld.frameTruths(of: run)
        let (frames, slots) = CaptureRecords.build(
            arrivals: arrivals, decisions: decisions, slots: session.slots,
            recordingStart: startState.map { TruthPose(attitude: $0.attitude, azimuth: $0.azimuth) }, truth: truths,
            orientation: settings.orientation)

        let rmse = attitudeError.finish()

        var track: [(time: Double, angle: Double)] = []
        if let startState, let recordingStart {
            var time = recordingStart
            while time <= run.trajectory.duration {
                track.append((time, Angles.wrapTo360(Angles.degrees(run.trajectory.state(at: time).azimuth - startState.azimuth))))
                time += 0.05
            }
        }
        var sessionLog: CaptureSessionLog?
        if keepSession {
            sessionLog = CaptureSessionLog(
                motion: motionLog,
                frames: run.frames.enumerated().map { index, frame in
                    CaptureSessionLog.Frame(
                        index: frame.index, timestamp: frame.timestamp, exposure: frame.exposure, deliveryTime: frame.deliveryTime,
                        image: CaptureSessionLog.imageName(frame.index), dropped: dropped[index])
                })
        }
        let duration = max(run.trajectory.duration, 1e-9)
        return CaptureRunResult(
            seed: run.seed,
            metrics: CaptureMetrics(frames: frames, slots: slots, slotWidth: session.slotWidth, attitudeRMSE: rmse),
            frames: frames, slots: slots,
            recording: session.recording(uid: "\(scenario.name)-seed-\(run.seed)", date: CaptureRunner.recordingDate),
            trueAngleTrack: track, recordingStart: recordingStart,
            motionCoalesced: coalesced, motionProcessed: processed,
            queueBusyFraction: pipeline.busyTime / duration, session: sessionLog, selector: selectorName,
            filter: scenario.fusion.filter.rawValue, floods: Self.floods(run.motion))
    }

    /// Spans of flood deliveries; regular updates interleaved with a burst do not split it, a
    /// pause of more than 0.1 s between flood updates does.
    static func floods(_ motion: [MotionDelivery]) -> [ClosedRange<Double>] {
        var spans: [ClosedRange<Double>] = []
        for delivery in motion where delivery.isFlood {
            if let last = spans.last, delivery.deliveryTime - last.upperBound <= 0.1 {
                spans[spans.count - 1] = last.lowerBound...max(last.upperBound, delivery.deliveryTime)
            } else {
                spans.append(delivery.deliveryTime...delivery.deliveryTime)
            }
        }
        return spans
    }
}
