import Capture
import Fusion
import OrbitMath

/// What a phone can log during a capture, as `replay` reads it: every motion update its
/// handler received and every frame the camera delivered, in delivery order. Motion comes
/// either fused (DeviceMotion) or raw (gyroscope, accelerometer, magnetometer; fused by
/// `fused(with:)`). Reference attitudes and positions, when a log has them, enable the
/// truth-based metrics. The CSV layout is in docs/guides/sessions.md.
public struct CaptureSessionLog: Sendable {
    /// One motion update, fused or raw.
    public struct Motion: Sendable {
        /// When the app's handler ran (the queue order against frames), s.
        public var deliveryTime: Double
        /// The DeviceMotion; `nil` in a raw log before fusion.
        public var motion: DeviceMotion?
        /// The raw sample (raw logs).
        public var reading: ImuReading?
        public var reference: ReferencePose?

        public init(deliveryTime: Double, motion: DeviceMotion? = nil, reading: ImuReading? = nil, reference: ReferencePose? = nil) {
            self.deliveryTime = deliveryTime
            self.motion = motion
            self.reading = reading
            self.reference = reference
        }

        /// The sensor instant of the update, s.
        public var timestamp: Double { motion?.timestamp ?? reading?.time ?? deliveryTime }
    }

    /// A reference (ground-truth) pose at a motion update's timestamp.
    public struct ReferencePose: Sendable, Equatable {
        /// Body → world with z up; `nil` when only the position is known.
        public var attitude: Quaternion?
        /// Camera position relative to the object centre, world frame with z up, m.
        public var position: Vector3?

        public init(attitude: Quaternion?, position: Vector3?) {
            self.attitude = attitude
            self.position = position
        }
    }

    /// One camera frame.
    public struct Frame: Sendable, Equatable {
        public var index: Int
        /// Exposure start, camera clock, s.
        public var timestamp: Double
        /// Exposure time, s.
        public var exposure: Double
        /// When the frame reached the app, s.
        public var deliveryTime: Double
        public var image: String
        /// Dropped before the selection code saw it (late on the queue).
        public var dropped: Bool

        public init(index: Int, timestamp: Double, exposure: Double, deliveryTime: Double, image: String, dropped: Bool) {
            self.index = index
            self.timestamp = timestamp
            self.exposure = exposure
            self.deliveryTime = deliveryTime
            self.image = image
            self.dropped = dropped
        }
    }

    public var motion: [Motion]
    public var frames: [Frame]

    public init(motion: [Motion], frames: [Frame]) {
        self.motion = motion
        self.frames = frames
    }

    /// Whether the motion is raw and needs a filter first.
    public var isRaw: Bool { motion.contains { $0.motion == nil } }

    /// Whether reference attitudes or positions are present.
    public var hasReference: Bool { motion.contains { $0.reference != nil } }

    /// The name simulated frames are stored under: "frame-00042.jpg", at least five digits.
    public static func imageName(_ index: Int) -> String {
        // The common case is written byte by byte: 15 bytes fit a small string, so naming the
        // frames of a run allocates nothing.
        if (0...99_999).contains(index) {
            return String(unsafeUninitializedCapacity: 15) { buffer in
                let (prefix, suffix): (StaticString, StaticString) = ("frame-", ".jpg")
                prefix.withUTF8Buffer { bytes in for offset in 0..<6 { buffer[offset] = bytes[offset] } }
                var rest = index
                for offset in stride(from: 10, through: 6, by: -1) {
                    buffer[offset] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                suffix.withUTF8Buffer { bytes in for offset in 0..<4 { buffer[11 + offset] = bytes[offset] } }
                return 15
            }
        }
        var digits = String(index)
        if digits.count < 5 { digits = String(repeating: "0", count: 5 - digits.count) + digits }
        return "frame-\(digits).jpg"
    }
}
