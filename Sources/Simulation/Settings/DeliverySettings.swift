/// How motion bursts arrive.
public enum FloodMode: String, CaseIterable, Sendable {
    case none
    /// Every `period` seconds, starting at `firstStart`.
    case periodic
    /// At Poisson-distributed times, `perMinute` on average.
    case random
}

/// What CoreMotion hands the app: DeviceMotion updates.
public struct MotionDeliverySettings: Sendable, Equatable {
    /// Nominal update rate (deviceMotionUpdateInterval⁻¹), Hz.
    public var rate = 60.0
    /// Standard deviation of each update's sample instant around the nominal grid, ms.
    public var timestampJitter = 0.3
    /// Mean delay from sample instant to delivery on the app's queue, ms.
    public var latency = 2.0
    /// Standard deviation of that delay, ms.
    public var latencyJitter = 0.5
    /// Probability that an update is never delivered, 0...1.
    public var dropProbability = 0.0
    public var floodMode = FloodMode.none
    /// Update rate during a flood, Hz.
    public var floodRate = 1000.0
    /// Length of one flood, s.
    public var floodDuration = 0.5
    /// Time between flood starts (periodic mode), s.
    public var floodPeriod = 8.0
    /// Start of the first flood (periodic mode), s.
    public var floodFirstStart = 5.0
    /// Mean number of floods per minute (random mode).
    public var floodsPerMinute = 6.0

    public init() {}
}

/// The camera and its frame delivery.
public struct CameraSettings: Sendable, Equatable {
    /// Frames per second.
    public var fps = 30.0
    /// Exposure time, s.
    public var exposure = 0.008
    /// Image width of the sensor in landscape, px.
    public var width = 1920
    /// Image height of the sensor in landscape, px.
    public var height = 1080
    /// Horizontal field of view across `width`, degrees.
    public var horizontalFieldOfView = 65.0
    /// Mean delay from the end of the exposure to delivery to the app, ms.
    public var latencyMean = 30.0
    /// Standard deviation of that delay, ms.
    public var latencyJitter = 4.0
    /// Probability that a frame is delayed further by a tail event, 0...1.
    public var latencyTailProbability = 0.02
    /// Mean extra delay of a tail event (exponential), ms.
    public var latencyTailMean = 40.0
    /// Camera clock minus IMU clock: frame timestamps are reported shifted by this, ms.
    public var clockOffset = 0.0
    /// Time at which recording (the first exposure) starts, s.
    public var recordStart = 1.0

    public init() {}
}

/// The app's processing queue.
public struct PipelineSettings: Sendable, Equatable {
    /// CPU time to handle one motion update in full, ms.
    public var motionCost = 0.3
    /// CPU time to only store a motion update (coalesced by a flood guard), ms.
    public var coalescedMotionCost = 0.02
    /// CPU time to handle one frame (lookup, scoring, slot update, copy), ms.
    public var frameCost = 12.0
    /// Relative standard deviation of each item's cost, 0...1.
    public var costJitter = 0.1
    /// One serial queue for everything (the seed's app) or one each for motion and frames.
    public var threads = PipelineThreads.shared

    public init() {}
}

/// Everything the simulator needs for one run of a scenario.
public struct WorldSettings: Sendable, Equatable {
    public var orbit = OrbitSettings()
    public var walker = WalkerSettings()
    public var object = ObjectSettings()
    public var imu = ImuSettings()
    public var environment = EnvironmentSettings()
    public var motion = MotionDeliverySettings()
    public var camera = CameraSettings()
    public var pipeline = PipelineSettings()
    /// The hand-held motion that replaces the orbit when `moves` is `.handheld`.
    public var handheld = HandheldSettings()
    /// What moves the device: the orbit walk or a hand (`Scenario.kind` sets it).
    public var moves = DeviceMotionModel.orbit
    /// A recorded motion that replaces the orbit or the hand (a scenario's `trajectory:`);
    /// nil: the modelled motion.
    public var imported: ImportedMotion?

    public init() {}
}

/// What moves the simulated device.
public enum DeviceMotionModel: Sendable, Equatable {
    /// A person walking the orbit (`orbit`, `walker`).
    case orbit
    /// A hand moving the device about (`handheld`).
    case handheld
}
