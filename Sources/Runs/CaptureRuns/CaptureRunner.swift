import Capture
import Fusion
import OrbitMath
import Scenarios
import Simulation
import Recordings

/// The outcome of one seed of a capture scenario.
public struct CaptureRunResult: Sendable {
    public var seed: UInt64
    public var metrics: CaptureMetrics
    /// Every frame in arrival order; a long run's live in a temporary file (`FrameRecords`).
    public var frames: FrameRecords
    public var slots: [SlotRecord]
    public var recording: Recording
    /// True orbit angle (degrees since the recording start) sampled at 20 Hz — more sparsely
    /// beyond 1 000 s, at most 20 000 points — for plots.
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
        seed: UInt64, metrics: CaptureMetrics, frames: FrameRecords, slots: [SlotRecord], recording: Recording,
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
    /// Simulates `seed` and runs it with the scenario's selector and filter. The simulation is
    /// generated as the run consumes it, so a run of any length needs the same memory for it.
    ///
    /// `spill`: where a long run keeps its frame records (memory up to a limit, then a file).
    public static func run(_ scenario: Scenario, seed: UInt64, keepSession: Bool = false, spill: SpillSettings = .default) throws
        -> CaptureRunResult
    {
        let inputs = CaptureInputs(try SimulationStream(world: scenario.world, seed: seed))
        return try scenario.captureSettings.withSelector(
            SelectorStep(
                scenario: scenario, inputs: inputs, keepSession: keepSession, selectorName: scenario.selection.selector.rawValue, spill: spill)
        ).get()
    }

    /// Runs an already simulated world.
    public static func run(_ scenario: Scenario, simulated: SimulatedRun, keepSession: Bool = false) throws -> CaptureRunResult {
        let step = SelectorStep(
            scenario: scenario, inputs: CaptureInputs(simulated, frameTruths: nil), keepSession: keepSession,
            selectorName: scenario.selection.selector.rawValue, spill: .default)
        return try scenario.captureSettings.withSelector(step).get()
    }

    /// Runs the app on a world whose frames' truth is already measured (tuning and sweeps
    /// reuse one per seed for every candidate). `scenario.world` must simulate the same run as
    /// `world.run.world` (`WorldSettings.simulatesSameRun(as:)`).
    public static func run(_ scenario: Scenario, world: CaptureWorld, keepSession: Bool = false) throws -> CaptureRunResult {
        precondition(scenario.world.simulatesSameRun(as: world.run.world), "the scenario's world differs from the one simulated")
        let step = SelectorStep(
            scenario: scenario, inputs: CaptureInputs(world.run, frameTruths: world.frameTruths), keepSession: keepSession,
            selectorName: scenario.selection.selector.rawValue, spill: .default)
        return try scenario.captureSettings.withSelector(step).get()
    }

    /// Simulates `seed` and runs it with `selector` (a fresh one: it must not have seen motion
    /// or frames yet) and the scenario's filter.
    public static func run<Selector: FrameSelector>(
        _ scenario: Scenario, seed: UInt64, selector: Selector, keepSession: Bool = false, spill: SpillSettings = .default
    ) throws -> CaptureRunResult {
        let inputs = CaptureInputs(try SimulationStream(world: scenario.world, seed: seed))
        let step = SelectorStep(
            scenario: scenario, inputs: inputs, keepSession: keepSession, selectorName: String(describing: Selector.self), spill: spill)
        return try step.visit(selector).get()
    }

    /// A fixed recording date (2023-11-14T22:13:20Z) keeps exports reproducible.
    public static let recordingDate = 1_700_000_000.0

    /// Picks the filter once the selector's type is known.
    private struct SelectorStep<
        Imu: IteratorProtocol<(sample: ImuSample, truth: ImuTruth)>, Motion: IteratorProtocol<MotionDelivery>,
        Frames: IteratorProtocol<CameraFrame>
    >: FrameSelectorVisitor {
        let scenario: Scenario
        let inputs: CaptureInputs<Imu, Motion, Frames>
        let keepSession: Bool
        let selectorName: String
        let spill: SpillSettings

        func visit<Selector: FrameSelector>(_ selector: Selector) -> Result<CaptureRunResult, Error> {
            let fusion = scenario.fusion.settings
            let execution = CaptureExecution(
                scenario: scenario, inputs: inputs, selector: selector, selectorName: selectorName, keepSession: keepSession, spill: spill)
            return fusion.withFilter(fusion.filter, execution)
        }
    }
}
