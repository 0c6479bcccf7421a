import Capture

/// A run's result as data, for the shards of a split `run` (`ShardedJobs`): everything the
/// report writes, Doubles to the last bit. `session` is not stored (`run` never keeps one), so
/// it decodes as `nil`.
extension CaptureRunResult: Codable {
    private enum CodingKeys: String, CodingKey {
        case seed, metrics, frames, slots, recording, trackTimes, trackAngles, recordingStart, motionCoalesced, motionProcessed
        case queueBusyFraction, selector, filter, floodStarts, floodEnds
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let times = try container.decode([Double].self, forKey: .trackTimes), angles = try container.decode([Double].self, forKey: .trackAngles)
        let starts = try container.decode([Double].self, forKey: .floodStarts), ends = try container.decode([Double].self, forKey: .floodEnds)
        guard times.count == angles.count else {
            throw DecodingError.dataCorruptedError(forKey: .trackAngles, in: container, debugDescription: "track times and angles differ in count")
        }
        guard starts.count == ends.count, zip(starts, ends).allSatisfy({ $0 <= $1 }) else {
            throw DecodingError.dataCorruptedError(forKey: .floodEnds, in: container, debugDescription: "flood starts and ends do not pair up")
        }
        self.init(
            seed: try container.decode(UInt64.self, forKey: .seed), metrics: try container.decode(CaptureMetrics.self, forKey: .metrics),
            frames: try container.decode(FrameRecords.self, forKey: .frames), slots: try container.decode([SlotRecord].self, forKey: .slots),
            recording: try container.decode(Recording.self, forKey: .recording), trueAngleTrack: zip(times, angles).map { ($0, $1) },
            recordingStart: try container.decodeIfPresent(Double.self, forKey: .recordingStart),
            motionCoalesced: try container.decode(Int.self, forKey: .motionCoalesced),
            motionProcessed: try container.decode(Int.self, forKey: .motionProcessed),
            queueBusyFraction: try container.decode(Double.self, forKey: .queueBusyFraction), session: nil,
            selector: try container.decode(String.self, forKey: .selector), filter: try container.decodeIfPresent(String.self, forKey: .filter),
            floods: zip(starts, ends).map { $0...$1 })
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seed, forKey: .seed)
        try container.encode(metrics, forKey: .metrics)
        try container.encode(frames, forKey: .frames)
        try container.encode(slots, forKey: .slots)
        try container.encode(recording, forKey: .recording)
        try container.encode(trueAngleTrack.map(\.time), forKey: .trackTimes)
        try container.encode(trueAngleTrack.map(\.angle), forKey: .trackAngles)
        try container.encodeIfPresent(recordingStart, forKey: .recordingStart)
        try container.encode(motionCoalesced, forKey: .motionCoalesced)
        try container.encode(motionProcessed, forKey: .motionProcessed)
        try container.encode(queueBusyFraction, forKey: .queueBusyFraction)
        try container.encode(selector, forKey: .selector)
        try container.encodeIfPresent(filter, forKey: .filter)
        try container.encode(floods.map(\.lowerBound), forKey: .floodStarts)
        try container.encode(floods.map(\.upperBound), forKey: .floodEnds)
    }
}
