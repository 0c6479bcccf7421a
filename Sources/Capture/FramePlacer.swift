import Fusion
import OrbitMath

/// Where a frame lies on the circle: the motion at its lookup time and what follows from it.
public struct FramePlacement: Sendable, Equatable {
    /// DeviceMotion-clock instant the motion was looked up for, s.
    public var lookupTime: Double
    public var motion: InterpolatedMotion
    public var pose: OrbitPose
    public var slot: Int
    /// Signed offset of the angle from the slot centre, degrees.
    public var angleOffset: Double
    /// |user acceleration|, m/s².
    public var acceleration: Double
    /// Time since the recording started, s.
    public var time: Double
}

/// The mechanics every selection policy shares, so a `FrameSelector` only has to say which
/// frame is better: keeps DeviceMotion in a `MotionBuffer`, looks the motion up for a frame
/// (at exposure start or middle, per `settings.lookupTime`), starts the recording (angle 0) at
/// the first frame that has motion, and places the frame in its slot.
public struct FramePlacer: Sendable {
    public let settings: CaptureSettings
    public private(set) var buffer: MotionBuffer
    /// Reads angles relative to the start; `nil` until the first frame with motion.
    public private(set) var reader: OrbitAngleReader?
    /// DeviceMotion-clock instant of the recording start, s.
    public private(set) var recordingStartTime: Double?

    public init(settings: CaptureSettings) {
        self.settings = settings
        buffer = MotionBuffer(capacity: settings.motionBufferCapacity)
    }

    /// Stores an update; `false` when it was not stored (timestamp did not advance, or not finite).
    public mutating func store(_ motion: DeviceMotion) -> Bool {
        buffer.append(timestamp: motion.timestamp, attitude: motion.attitude, rotationRate: motion.rotationRate,
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
        return .success(FramePlacement(
            lookupTime: lookup, motion: motion, pose: pose, slot: slot,
            angleOffset: Angles.wrapTo360(pose.angle - Double(slot) * width + 180) - 180,
            acceleration: motion.userAcceleration.norm, time: lookup - recordingStartTime!))
    }
}

/// Slots that keep, each, the frame with the lowest score offered to it.
public struct SlotRing: Sendable, Equatable {
    public private(set) var entries: [SlotEntry?]

    public init(count: Int) { entries = Array(repeating: nil, count: count) }

    /// Offers a placed frame with `score` (lower is better). Returns `.accepted` (slot was
    /// empty), `.replaced` with the index of the frame it displaced, or `.worseThanHolder`.
    public mutating func offer(_ frame: FrameInput, at placement: FramePlacement, score: Double) -> (outcome: FrameOutcome, replaced: Int?) {
        var result: (outcome: FrameOutcome, replaced: Int?) = (.accepted, nil)
        if let holder = entries[placement.slot] {
            guard score < holder.score else { return (.worseThanHolder, nil) }
            result = (.replaced, holder.frameIndex)
        }
        entries[placement.slot] = SlotEntry(
            frameIndex: frame.index, image: frame.image, time: placement.time, pose: placement.pose,
            acceleration: placement.acceleration, score: score)
        return result
    }
}

extension FrameDecision {
    /// A decision about a placed frame: every field filled from the placement.
    public init(_ outcome: FrameOutcome, placement: FramePlacement, score: Double?, replacedFrame: Int? = nil) {
        self.init(outcome: outcome, lookupTime: placement.lookupTime, motion: placement.motion, pose: placement.pose, slot: placement.slot,
                  angleOffset: placement.angleOffset, acceleration: placement.acceleration, score: score, replacedFrame: replacedFrame)
    }
}
