/// Everything one seeded run of a scenario produces: the inputs the app would see and the
/// ground truth behind them.
public struct SimulatedRun: Sendable {
    public let seed: UInt64
    public let world: WorldSettings
    public let trajectory: Trajectory
    public let magnetic: MagneticEnvironment
    public let imu: [ImuSample]
    public let imuTruth: [ImuTruth]
    public let motion: [MotionDelivery]
    public let frames: [CameraFrame]

    /// Simulates `world` with `seed`. Same settings and seed ⇒ identical output, bit for bit.
    public init(world: WorldSettings, seed: UInt64) throws(GSLError) {
        self.seed = seed
        self.world = world
        trajectory = try Trajectory(world: world, seed: seed)
        magnetic = try MagneticEnvironment(settings: world.environment, seed: seed)
        (imu, imuTruth) = try ImuSimulator.sample(trajectory, settings: world.imu, environment: magnetic, seed: seed)
        motion = try MotionSchedule.generate(world.motion, duration: trajectory.duration, imuTimes: imu.map(\.time), seed: seed)
        frames = try CameraSimulator.frames(world.camera, duration: trajectory.duration, seed: seed)
    }

    /// Frame outcomes when the app processes every motion update in full (no flood guard).
    public func pipelineWithoutGuard() throws(GSLError) -> PipelineResult {
        try ProcessingPipeline.run(
            motion: motion, frames: frames, settings: world.pipeline, frameInterval: 1 / world.camera.fps, seed: seed)
    }
}

extension SimulatedRun {
    /// Bytes the run's sample arrays hold (IMU samples with their truth, motion deliveries,
    /// frames): what keeping it for reuse costs.
    public var footprintBytes: Int {
        imu.count * (MemoryLayout<ImuSample>.stride + MemoryLayout<ImuTruth>.stride) + motion.count * MemoryLayout<MotionDelivery>.stride
            + frames.count * MemoryLayout<CameraFrame>.stride
    }
}

extension WorldSettings {
    /// Whether `SimulatedRun` gives the same run for both settings, seed for seed: they differ
    /// at most in what only the app's side reads (the processing queue), so one simulated
    /// world serves both and sweeps rerun just the app on it.
    public func simulatesSameRun(as other: WorldSettings) -> Bool {
        var mine = self
        mine.pipeline = other.pipeline
        return mine == other
    }
}
