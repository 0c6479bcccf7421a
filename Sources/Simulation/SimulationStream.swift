/// One seeded run of a scenario generated as it is consumed: the IMU samples, DeviceMotion
/// deliveries and camera frames of `SimulatedRun`, bit for bit, from three independent streams
/// that each keep only their cursors. A run of any length then costs the same memory.
///
///     var simulation = try SimulationStream(world: scenario.world, seed: 1)
///     while let (sample, truth) = simulation.imu.next() { … }
public struct SimulationStream {
    public let seed: UInt64
    public let world: WorldSettings
    public let trajectory: Trajectory
    public let magnetic: MagneticEnvironment
    /// IMU samples with their truth, in time order.
    public var imu: ImuStream
    /// DeviceMotion deliveries in delivery order; `imuIndex` counts the samples of `imu`.
    public var motion: MotionDeliveryStream<ImuSampleInstants>
    /// Camera frames in capture (and delivery) order.
    public var frames: CameraFrameStream

    public init(world: WorldSettings, seed: UInt64) throws(GSLError) {
        self.seed = seed
        self.world = world
        trajectory = try Trajectory(world: world, seed: seed)
        magnetic = try MagneticEnvironment(settings: world.environment, seed: seed)
        imu = try ImuStream(trajectory, settings: world.imu, environment: magnetic, seed: seed)
        motion = try MotionDeliveryStream(
            world.motion, duration: trajectory.duration,
            imuTimes: ImuSampleInstants(clock: try ImuSampleClock(settings: world.imu, duration: trajectory.duration, seed: seed)), seed: seed)
        frames = try CameraFrameStream(world.camera, duration: trajectory.duration, seed: seed)
    }
}

/// The IMU's sample instants without the samples: its clock run a second time on the same
/// streams, so the motion schedule can count samples the IMU stream has not produced yet.
public struct ImuSampleInstants: IteratorProtocol {
    private var clock: ImuSampleClock

    public init(clock: ImuSampleClock) { self.clock = clock }

    public mutating func next() -> Double? { clock.next()?.time }
}
