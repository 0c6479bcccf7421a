import Capture
import OrbitMath

/// Everything known about one camera frame after a run: what the app decided and the truth.
public struct FrameRecord: Sendable, Codable {
    public var index: Int
    /// Exposure start (true clock; for a replayed session without a clock reference, the
    /// camera timestamp), s.
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
    /// Motion-blur length of the object centre during the exposure, px; `nil` when unknown
    /// (replayed sessions).
    public var blur: Double?
    /// Physical blur: mean and largest image path over the object's visible surface points
    /// during the exposure, px (`ExposureBlurMeter`); `nil` when unknown.
    public var objectBlurMean: Double?
    public var objectBlurMax: Double?
    /// |rotation rate| of the DeviceMotion the app received, at the frame's lookup instant, °/s.
    public var measuredRotationRate: Double?
    /// |true angular velocity| at mid-exposure, °/s.
    public var trueRotationRate: Double?
    /// The blur the app can predict from the measured rate: rate (rad/s) × exposure (s) ×
    /// focal length (px) — the first-order path of the picture centre, px.
    public var predictedBlur: Double?
    /// |instant the looked-up motion belongs to − true mid-exposure|, s.
    public var syncError: Double?
    /// Whether the frame is in a slot at the end of the run.
    public var keptAtEnd: Bool

    public init(
        index: Int, captureTime: Double, exposure: Double, timestamp: Double, deliveryTime: Double, dropped: Bool, backlog: Double,
        decision: FrameDecision? = nil, trueAngle: Double? = nil, truePose: OrbitPose? = nil, blur: Double? = nil, syncError: Double? = nil,
        keptAtEnd: Bool = false
    ) {
        self.index = index
        self.captureTime = captureTime
        self.exposure = exposure
        self.timestamp = timestamp
        self.deliveryTime = deliveryTime
        self.dropped = dropped
        self.backlog = backlog
        self.decision = decision
        self.trueAngle = trueAngle
        self.truePose = truePose
        self.blur = blur
        self.syncError = syncError
        self.keptAtEnd = keptAtEnd
    }

    /// Signed estimated − true angle, degrees, for scored frames.
    public var angleError: Double? {
        guard let estimated = decision?.placement?.pose.angle, let trueAngle else { return nil }
        return Angles.wrapTo360(estimated - trueAngle + 180) - 180
    }
}

/// One slot at the end of a run.
public struct SlotRecord: Sendable, Codable {
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

    public init(slot: Int, center: Double, entry: SlotEntry?, frame: FrameRecord? = nil, cameraHeight: Double? = nil, objectOffset: Double? = nil) {
        self.slot = slot
        self.center = center
        self.entry = entry
        self.frame = frame
        self.cameraHeight = cameraHeight
        self.objectOffset = objectOffset
    }

    /// |true angle of the selected frame − slot centre|, degrees.
    public var slotAngleError: Double? {
        guard let trueAngle = frame?.trueAngle else { return nil }
        return abs(Angles.wrapTo360(trueAngle - center + 180) - 180)
    }
}

/// What is known of the truth for one frame; every field optional, because a replayed session
/// may carry no reference at all.
public struct FrameTruth: Sendable, BitwiseCopyable {
    /// True attitude and azimuth around the object at mid-exposure.
    public var pose: TruthPose?
    /// True mid-exposure instant in the DeviceMotion clock, s.
    public var midpoint: Double?
    /// Centre path, px (see `FrameRecord.blur`).
    public var blur: Double?
    /// Physical blur over the object, px (see `FrameRecord.objectBlurMean`).
    public var objectBlurMean: Double?
    public var objectBlurMax: Double?
    /// |true angular velocity| at mid-exposure, °/s.
    public var rotationRate: Double?
    public var cameraHeight: Double?
    public var objectOffset: Double?

    public init(
        pose: TruthPose? = nil, midpoint: Double? = nil, blur: Double? = nil, objectBlurMean: Double? = nil, objectBlurMax: Double? = nil,
        rotationRate: Double? = nil, cameraHeight: Double? = nil, objectOffset: Double? = nil
    ) {
        self.pose = pose
        self.midpoint = midpoint
        self.blur = blur
        self.objectBlurMean = objectBlurMean
        self.objectBlurMax = objectBlurMax
        self.rotationRate = rotationRate
        self.cameraHeight = cameraHeight
        self.objectOffset = objectOffset
    }
}

/// A true attitude and the camera's azimuth around the object; either may be unknown (a
/// logged session with reference attitudes but no positions gives true deviations, not angles).
public struct TruthPose: Sendable, BitwiseCopyable, Equatable {
    /// Body → world.
    public var attitude: Quaternion?
    /// Azimuth of the camera position around the object centre, rad (continuous or wrapped).
    public var azimuth: Double?

    public init(attitude: Quaternion?, azimuth: Double?) {
        self.attitude = attitude
        self.azimuth = azimuth
    }
}

/// Turns a selector's decisions and slots plus whatever truth is known into frame and slot
/// records. The one place both `run` and `replay` measure a selector: it reads only the
/// `FrameSelector` contract (decisions, slots, recording start), never a selector's internals.
public enum CaptureRecords {
    /// `arrivals`: each frame as it reached (or missed) the app, with the app's decision —
    /// index, times, exposure, the measured rotation rate and predicted blur (the app's view),
    /// dropped, backlog; the truth and keep fields are filled in here, in place.
    public static func build(
        arrivals: consuming [FrameRecord], slots: [SlotEntry?], recordingStart: TruthPose?, truth: [FrameTruth],
        orientation: CaptureOrientation
    ) -> (frames: FrameRecords, slots: [SlotRecord]) {
        precondition(arrivals.count == truth.count)
        var completion = Completion(slots: slots, recordingStart: recordingStart, orientation: orientation)
        var frames = arrivals
        for position in frames.indices { completion.complete(&frames[position], truth: truth[position]) }
        return (FrameRecords(frames), completion.slotRecords())
    }

    /// Completes records one at a time in arrival order, so a run can stream them: the truth
    /// fields, whether the frame is kept, the all-frame tally, and the kept frames' records
    /// for the slots.
    struct Completion {
        private let slots: [SlotEntry?]
        private let recordingStart: TruthPose?
        private let trueReader: OrbitAngleReader?
        private let kept: Set<Int>
        /// The last record of each kept frame index, with its truth.
        private var keptFrames: [Int: (record: FrameRecord, truth: FrameTruth)] = [:]
        private(set) var tally = FrameTally()

        init(slots: [SlotEntry?], recordingStart: TruthPose?, orientation: CaptureOrientation) {
            self.slots = slots
            self.recordingStart = recordingStart
            trueReader = recordingStart?.attitude.map { OrbitAngleReader(start: $0, source: .opticalAxis, orientation: orientation) }
            kept = Set(slots.compactMap { $0?.frameIndex })
        }

        mutating func complete(_ record: inout FrameRecord, truth: FrameTruth) {
            record.complete(truth: truth, recordingStart: recordingStart, trueReader: trueReader)
            record.keptAtEnd = kept.contains(record.index)
            if record.keptAtEnd { keptFrames[record.index] = (record, truth) }
            tally.add(record)
        }

        func slotRecords() -> [SlotRecord] {
            let width = 360 / Double(max(slots.count, 1))
            return slots.enumerated().map { slot, entry -> SlotRecord in
                var record = SlotRecord(slot: slot, center: Double(slot) * width, entry: entry)
                if let entry, let (frame, truth) = keptFrames[entry.frameIndex] {
                    record.frame = frame
                    record.cameraHeight = truth.cameraHeight
                    record.objectOffset = truth.objectOffset
                }
                return record
            }
        }
    }
}

extension FrameRecord {
    /// Fills the truth fields from what is known of the frame's truth and of the recording
    /// start (the start gives the angles their origin and the deviations their reference).
    mutating func complete(truth: FrameTruth, recordingStart: TruthPose?, trueReader: OrbitAngleReader?) {
        (trueAngle, truePose, syncError) = (nil, nil, nil)
        blur = truth.blur
        (objectBlurMean, objectBlurMax) = (truth.objectBlurMean, truth.objectBlurMax)
        trueRotationRate = truth.rotationRate
        if let pose = truth.pose {
            if let startAzimuth = recordingStart?.azimuth, let azimuth = pose.azimuth {
                trueAngle = Angles.wrapTo360(Angles.degrees(azimuth - startAzimuth))
            }
            if let trueReader, let attitude = pose.attitude { truePose = trueReader.pose(attitude) }
        }
        if decision?.placement != nil, let midpoint = truth.midpoint, let lookup = decision?.lookupTime {
            syncError = abs(lookup - midpoint)
        }
    }
}
