import Foundation
import Fusion
import OrbitMath

/// A camera frame as the app receives it.
public struct FrameInput: Sendable, Equatable {
    public var index: Int
    /// Exposure start in the camera clock, s.
    public var timestamp: Double
    /// Exposure time, s.
    public var exposure: Double
    /// File name the image would be stored under.
    public var image: String

    public init(index: Int, timestamp: Double, exposure: Double, image: String) {
        self.index = index
        self.timestamp = timestamp
        self.exposure = exposure
        self.image = image
    }
}

/// What happened to a frame.
public enum FrameOutcome: Sendable, Equatable {
    /// Filled an empty slot.
    case accepted
    /// Replaced a slot's frame (this one scored better).
    case replaced
    /// No motion data covers the frame's timestamp.
    case noMotion(MotionLookupFailure)
    /// Quality distance above the threshold.
    case overThreshold
    /// The slot holds a better frame.
    case worseThanHolder

    public var isKept: Bool { self == .accepted || self == .replaced }
}

/// The decision about one frame, with everything it was based on.
public struct FrameDecision: Sendable, Equatable {
    public var outcome: FrameOutcome
    /// When the motion was looked up (camera clock), s.
    public var lookupTime: Double
    public var motion: InterpolatedMotion?
    public var pose: OrbitPose?
    public var slot: Int?
    /// Signed offset of the angle from the slot centre, degrees.
    public var angleOffset: Double?
    /// |user acceleration|, m/s².
    public var acceleration: Double?
    public var score: Double?
    /// Index of the frame this one replaced.
    public var replacedFrame: Int?
}

/// The frame a slot holds.
public struct SlotEntry: Sendable, Equatable {
    public var frameIndex: Int
    public var image: String
    /// Time since the recording started, s.
    public var time: Double
    public var pose: OrbitPose
    /// |user acceleration|, m/s².
    public var acceleration: Double
    public var score: Double
}

/// How a motion update was handled.
public struct MotionHandling: Sendable, Equatable {
    /// Processed in full (false: the flood guard coalesced it; only storing it was done).
    public var isProcessed: Bool
    /// Stored in the motion buffer (false when its timestamp did not advance — a repeated
    /// sample — or its values were not finite).
    public var isStored: Bool

    public init(isProcessed: Bool, isStored: Bool) {
        self.isProcessed = isProcessed
        self.isStored = isStored
    }
}

/// The 360° capture: motion buffer, recording start, scoring and slots (the OuterCircle
/// selection, seed 000). One session records one orbit.
public struct CaptureSession: Sendable {
    public let settings: CaptureSettings
    public private(set) var buffer: MotionBuffer
    public private(set) var floodGuard: FloodGuard
    /// Reads angles relative to the start; `nil` until the first frame with motion.
    public private(set) var reader: OrbitAngleReader?
    /// Camera time of the recording's first frame, s.
    public private(set) var startTimestamp: Double?
    public private(set) var slots: [SlotEntry?]

    public init(settings: CaptureSettings) {
        self.settings = settings
        buffer = MotionBuffer(capacity: settings.motionBufferCapacity)
        floodGuard = FloodGuard(isEnabled: settings.floodGuard, maximumRate: settings.floodGuardMaximumRate)
        slots = Array(repeating: nil, count: settings.slotCount)
    }

    /// Stores a DeviceMotion update; the flood guard decides whether it is processed in full.
    /// The handler runs for every update the system delivers, repeated samples included, so the
    /// guard sees them all.
    public mutating func handleMotion(_ motion: DeviceMotion) -> MotionHandling {
        let stored = buffer.append(
            timestamp: motion.timestamp, attitude: motion.attitude, rotationRate: motion.rotationRate,
            userAcceleration: motion.userAcceleration)
        return MotionHandling(isProcessed: floodGuard.shouldProcess(timestamp: motion.timestamp), isStored: stored != nil)
    }

    /// Decides about one frame: look up the motion at its timestamp, score it against its slot,
    /// keep it if it beats the slot's holder.
    public mutating func handleFrame(_ frame: FrameInput) -> FrameDecision {
        let lookupTime = settings.lookupTime == .exposureMiddle ? frame.timestamp + frame.exposure / 2 : frame.timestamp
        var decision = FrameDecision(outcome: .overThreshold, lookupTime: lookupTime)
        let motion: InterpolatedMotion
        switch buffer.lookup(lookupTime) {
        case .failure(let reason):
            decision.outcome = .noMotion(reason)
            return decision
        case .success(let found):
            motion = found
        }
        if reader == nil {
            reader = OrbitAngleReader(start: motion.attitude, source: settings.angleSource, orientation: settings.orientation)
            startTimestamp = lookupTime
        }
        let pose = reader!.pose(motion.attitude)
        let width = settings.slotWidth
        let slot = Int((pose.angle / width).rounded()) % settings.slotCount
        let offset = Angles.wrapTo360(pose.angle - Double(slot) * width + 180) - 180
        let acceleration = motion.userAcceleration.norm
        let score = FrameScore(pose: pose, acceleration: acceleration, angleOffset: offset, weights: settings.weights).distance
        decision.motion = motion
        decision.pose = pose
        decision.slot = slot
        decision.angleOffset = offset
        decision.acceleration = acceleration
        decision.score = score
        guard score <= settings.threshold else { return decision }
        if let holder = slots[slot] {
            guard score < holder.score else {
                decision.outcome = .worseThanHolder
                return decision
            }
            decision.outcome = .replaced
            decision.replacedFrame = holder.frameIndex
        } else {
            decision.outcome = .accepted
        }
        slots[slot] = SlotEntry(
            frameIndex: frame.index, image: frame.image, time: lookupTime - (startTimestamp ?? lookupTime), pose: pose,
            acceleration: acceleration, score: score)
        return decision
    }

    /// Filled slots / slot count.
    public var coverage: Double { Double(slots.lazy.filter { $0 != nil }.count) / Double(slots.count) }

    /// The OuterCircle export of the kept frames.
    public func recording(uid: String, date: Double) -> Recording {
        let elements = slots.compactMap { entry in
            entry.map {
                Recording.Element(
                    image: $0.image, angle: $0.pose.angle, time: $0.time, deviationPitch: $0.pose.pitchDeviation,
                    deviationRoll: $0.pose.rollDeviation, acceleration: $0.acceleration / Recording.standardGravity)
            }
        }
        return Recording(uid: uid, date: date, radius: settings.slotWidth, elements: Recording.orderedByAngle(elements))
    }
}
