import Fusion
import OrbitMath

/// The mechanics every selection policy shares, so a `FrameSelector` only has to say which
/// frame is better: keeps DeviceMotion in a `MotionBuffer`, looks the motion up for a frame
/// (at exposure start or middle, per `settings.lookupTime`), starts the recording (angle 0) at
/// the first frame that has motion, places the frame in its slot, and guards against motion
/// floods as the scenario says (`handleMotion`).
public struct FramePlacer: Sendable {
    public let settings: CaptureSettings
    public private(set) var buffer: MotionBuffer
    /// `selection.flood_guard` and its rate, applied by `handleMotion`.
    public private(set) var floodGuard: FloodGuard
    /// Reads angles relative to the start; `nil` until the first frame with motion.
    public private(set) var reader: OrbitAngleReader?
    /// DeviceMotion-clock instant of the recording start, s.
    public private(set) var recordingStartTime: Double?

    public init(settings: CaptureSettings) {
        self.settings = settings
        buffer = MotionBuffer(capacity: settings.motionBufferCapacity)
        floodGuard = FloodGuard(isEnabled: settings.floodGuard, maximumRate: settings.floodGuardMaximumRate)
    }

    /// A whole `FrameSelector.handleMotion` in one call: stores the update and lets the flood
    /// guard decide whether it is processed in full (every update is, with the guard off).
    public mutating func handleMotion(_ motion: DeviceMotion) -> MotionHandling {
        let stored = store(motion)
        return MotionHandling(isProcessed: floodGuard.shouldProcess(timestamp: motion.timestamp), isStored: stored)
    }

    /// Stores an update; `false` when it was not stored (timestamp did not advance, or not finite).
    public mutating func store(_ motion: DeviceMotion) -> Bool {
        buffer.append(
            timestamp: motion.timestamp, attitude: motion.attitude, rotationRate: motion.rotationRate,
            userAcceleration: motion.userAcceleration) != nil
    }

    /// The lookup instant of a frame, s.
    public func lookupTime(_ frame: FrameInput) -> Double {
        settings.lookupTime == .exposureMiddle ? frame.timestamp + frame.exposure / 2 : frame.timestamp
    }

    /// Places `frame` on the circle, or says why no motion covers it.
    public mutating func place(_ frame: FrameInput) -> Result<FramePlacement, MotionLookupFailure> {
        let lookup = lookupTime(frame)
        let motion: InterpolatedMotion
        switch buffer.lookup(lookup) {
        case .failure(let reason): return .failure(reason)
        case .success(let found): motion = found
        }
        if reader == nil {
            reader = OrbitAngleReader(start: motion.attitude, source: settings.angleSource, orientation: settings.orientation)
            recordingStartTime = lookup
        }
        let pose = reader!.pose(motion.attitude)
        let width = settings.slotWidth
        let slot = Int((pose.angle / width).rounded()) % settings.slotCount
        return .success(
            FramePlacement(
                motion: motion, pose: pose, slot: slot,
                angleOffset: Angles.wrapTo360(pose.angle - Double(slot) * width + 180) - 180,
                acceleration: motion.userAcceleration.norm, time: max(0, lookup - recordingStartTime!)))
    }
}
