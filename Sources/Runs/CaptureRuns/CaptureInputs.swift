import Simulation

/// What a capture run reads from the simulation, as streams in the order it reads them:
/// generated while the run consumes them (`SimulationStream`, memory independent of the run's
/// length), or read back from a world simulated once and kept for reuse (`SimulatedRun`).
struct CaptureInputs<
    Imu: IteratorProtocol<(sample: ImuSample, truth: ImuTruth)>, Motion: IteratorProtocol<MotionDelivery>,
    Frames: IteratorProtocol<CameraFrame>
> {
    let seed: UInt64
    let trajectory: Trajectory
    var imu: Imu
    var motion: Motion
    var frames: Frames
    /// The frames' truth when already measured (`CaptureWorld`), in frame order.
    let frameTruths: [FrameTruth]?
    /// How many frames `frames` gives, at least (to reserve storage once).
    let frameCount: Int
}

extension CaptureInputs where Imu == ImuStream, Motion == MotionDeliveryStream<ImuSampleInstants>, Frames == CameraFrameStream {
    init(_ stream: SimulationStream) {
        self.init(
            seed: stream.seed, trajectory: stream.trajectory, imu: stream.imu, motion: stream.motion,
            frames: stream.frames, frameTruths: nil, frameCount: stream.frames.nominalCount)
    }
}

extension CaptureInputs where Imu == SimulatedImu, Motion == IndexingIterator<[MotionDelivery]>, Frames == IndexingIterator<[CameraFrame]> {
    init(_ run: SimulatedRun, frameTruths: [FrameTruth]?) {
        self.init(
            seed: run.seed, trajectory: run.trajectory, imu: SimulatedImu(run), motion: run.motion.makeIterator(),
            frames: run.frames.makeIterator(), frameTruths: frameTruths, frameCount: run.frames.count)
    }
}

/// A simulated run's IMU samples with their truth, one at a time.
struct SimulatedImu: IteratorProtocol {
    private let samples: [ImuSample]
    private let truths: [ImuTruth]
    private var position = 0

    init(_ run: SimulatedRun) {
        samples = run.imu
        truths = run.imuTruth
    }

    mutating func next() -> (sample: ImuSample, truth: ImuTruth)? {
        guard position < samples.count else { return nil }
        defer { position += 1 }
        return (samples[position], truths[position])
    }
}
