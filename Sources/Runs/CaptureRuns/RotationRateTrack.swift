import OrbitMath

/// The rotation rate the app received from DeviceMotion over a run, to read it at any frame:
/// what the app could know about blur before looking at a single pixel.
///
/// Append the updates as they arrive, then `finish()` and read rates with the `Reader`. A
/// long run's track moves to a temporary file (`SpillSettings`) and is read back a block at
/// a time, cheapest when the reads move forward in time.
///
///     var track = RotationRateTrack()
///     track.append(timestamp: 0, rotationRate: Vector3(0, 0, 1))
///     var reader = try track.finish()
///     reader.magnitude(at: 0)  // 57.3 °/s
public struct RotationRateTrack: Sendable {
    struct Sample: BitwiseCopyable {
        /// DeviceMotion timestamp, s.
        var timestamp: Double
        /// Body frame, rad/s.
        var rate: Vector3
    }

    /// Samples per block of a spilled track (128 KiB).
    public static let blockLength = 4096

    private var samples: SpillArray<Sample>
    /// Timestamp of every `blockLength`-th sample: where to look in a spilled track.
    private var blockStarts: [Double] = []
    private var lastTimestamp = -Double.infinity

    public init(spill: SpillSettings = .default) {
        samples = SpillArray(settings: spill)
    }

    /// Updates kept so far.
    public var count: Int { samples.count }

    /// Adds one delivered update; an update not newer than the last one kept is ignored (a
    /// repeated or reordered delivery adds nothing new).
    public mutating func append(timestamp: Double, rotationRate: Vector3) {
        guard timestamp.isFinite, rotationRate.isFinite, timestamp > lastTimestamp else { return }
        if samples.count % Self.blockLength == 0 { blockStarts.append(timestamp) }
        samples.append(Sample(timestamp: timestamp, rate: rotationRate))
        lastTimestamp = timestamp
    }

    /// The track for reading; throws when it could not be kept in its temporary file.
    public consuming func finish() throws(SpillError) -> Reader {
        Reader(samples: try samples.finish(), blockStarts: blockStarts)
    }

    /// First-order blur of the picture centre for a rotation of `rate` °/s: rate × exposure ×
    /// focal length, px. Exact for a turn about an axis across the optical axis; a roll about
    /// the axis itself blurs the edges, not the centre, so this over-predicts the centre then.
    public static func predictedBlur(rate: Double, exposure: Double, focalLength: Double) -> Double {
        Angles.radians(rate) * exposure * focalLength
    }

    /// Reads a finished track; keeps the block it read last.
    public struct Reader: Sendable {
        private let samples: SpilledElements<Sample>
        private let blockStarts: [Double]
        private let lastTimestamp: Double
        private var window: [Sample] = []
        private var windowStart = 0

        fileprivate init(samples: SpilledElements<Sample>, blockStarts: [Double]) {
            self.samples = samples
            self.blockStarts = blockStarts
            lastTimestamp = samples.count > 0 ? samples[samples.count - 1].timestamp : -.infinity
            if !samples.isSpilled { window = samples.memory }  // shared, not copied
        }

        /// |rotation rate| at `time`, linearly interpolated between the updates around it and
        /// held at the ends, °/s; `nil` for an empty track or a non-finite time.
        public mutating func magnitude(at time: Double) -> Double? {
            guard samples.count > 0, let first = blockStarts.first, time.isFinite else { return nil }
            let clamped = min(max(time, first), lastTimestamp)  // held at the ends: the nearest update outside the span
            if samples.isSpilled { load(around: clamped) }
            // The window holds the first sample at or after `clamped` and, unless that is the
            // track's first, the one before: the bracket the whole track would give.
            guard let (low, high, fraction) = TimeBracket.locate(window.lazy.map(\.timestamp), clamped) else { return nil }
            return Angles.degrees((window[low].rate + fraction * (window[high].rate - window[low].rate)).norm)
        }

        /// Loads the block whose span holds the first sample at or after `time`, plus the
        /// next block's first sample (the bracket may straddle two blocks).
        private mutating func load(around time: Double) {
            var low = 0, high = blockStarts.count - 1  // the last block starting before `time`, else 0
            while low < high {
                let mid = (low + high + 1) / 2
                if blockStarts[mid] < time { low = mid } else { high = mid - 1 }
            }
            let start = low * RotationRateTrack.blockLength
            guard start != windowStart || window.isEmpty else { return }
            samples.read(start..<min(start + RotationRateTrack.blockLength + 1, samples.count), into: &window)
            windowStart = start
        }
    }
}
