import Capture
import Foundation
import OrbitMath

/// Everything known about one camera frame after a run: what the app decided and the truth.
public struct FrameRecord: Sendable {
    public var index: Int
    /// Exposure start (true clock), s.
    public var captureTime: Double
    public var exposure: Double
    /// Exposure start in the camera clock, as the app sees it, s.
    public var timestamp: Double
    public var deliveryTime: Double
    /// Dropped as late by the processing queue (never reached the app).
    public var dropped: Bool
    /// Work queued ahead of the frame when it arrived, s.
    public var backlog: Double
    /// The app's decision; `nil` when dropped.
    public var decision: FrameDecision?
    /// True orbit angle at mid-exposure (position azimuth since the recording start), degrees.
    public var trueAngle: Double?
    /// True pitch and roll deviations at mid-exposure (optical-axis definitions), degrees.
    public var truePose: OrbitPose?
    /// Motion-blur length of the object centre during the exposure, px.
    public var blur: Double
    /// |instant the looked-up motion belongs to − true mid-exposure|, s.
    public var syncError: Double?
    /// Whether the frame is in a slot at the end of the run.
    public var keptAtEnd: Bool

    /// Signed estimated − true angle, degrees, for scored frames.
    public var angleError: Double? {
        guard let estimated = decision?.pose?.angle, let trueAngle else { return nil }
        return Angles.wrapTo360(estimated - trueAngle + 180) - 180
    }
}

/// One slot at the end of a run.
public struct SlotRecord: Sendable {
    public var slot: Int
    /// Slot centre, degrees.
    public var center: Double
    public var entry: SlotEntry?
    /// The truth behind the selected frame (see `FrameRecord`).
    public var frame: FrameRecord?
    /// Camera height above the ground at the selected frame, m.
    public var cameraHeight: Double?
    /// Vertical offset of the object centre from the picture centre, px (positive: below).
    public var objectOffset: Double?

    /// |true angle of the selected frame − slot centre|, degrees.
    public var slotAngleError: Double? {
        guard let trueAngle = frame?.trueAngle else { return nil }
        return abs(Angles.wrapTo360(trueAngle - center + 180) - 180)
    }
}
