import OrbitMath

/// A bounded ring buffer of DeviceMotion samples, oldest overwritten first. Samples must arrive
/// in timestamp order (CoreMotion's handler runs in order); an out-of-order sample is refused.
public struct MotionBuffer: Sendable {
    private var storage: [MotionSample]
    private var start = 0
    public private(set) var count = 0
    private var nextSequence = 0

    /// A buffer holding at most `capacity` samples (≥ 2).
    public init(capacity: Int) {
        precondition(capacity >= 2, "a motion buffer needs room for two samples")
        storage = Array(
            repeating: MotionSample(sequence: 0, timestamp: 0, attitude: .identity, rotationRate: .zero, userAcceleration: .zero), count: capacity)
    }

    public var capacity: Int { storage.count }

    @inline(__always)
    private func sample(_ offset: Int) -> MotionSample {
        storage[(start + offset) % storage.count]
    }

    public var oldest: MotionSample? { count > 0 ? sample(0) : nil }
    public var newest: MotionSample? { count > 0 ? sample(count - 1) : nil }

    /// Appends a sample; returns its sequence number, or `nil` when its timestamp does not
    /// advance (the sample is ignored). No allocation: the storage is reused.
    @discardableResult
    public mutating func append(timestamp: Double, attitude: Quaternion, rotationRate: Vector3, userAcceleration: Vector3) -> Int? {
        guard timestamp.isFinite, attitude.isFinite else { return nil }
        if let last = newest, timestamp <= last.timestamp { return nil }
        let entry = MotionSample(
            sequence: nextSequence, timestamp: timestamp, attitude: attitude, rotationRate: rotationRate, userAcceleration: userAcceleration)
        nextSequence += 1
        if count < storage.count {
            storage[(start + count) % storage.count] = entry
            count += 1
        } else {
            storage[start] = entry
            start = (start + 1) % storage.count
        }
        return entry.sequence
    }

    /// Motion at `timestamp`: SLERP between the bracketing attitudes, linear for rates and
    /// accelerations. A timestamp equal to a sample's returns that sample.
    public func lookup(_ timestamp: Double) -> Result<InterpolatedMotion, MotionLookupFailure> {
        guard count > 0, let first = oldest, let last = newest else { return .failure(.empty) }
        if timestamp < first.timestamp { return .failure(.tooOld) }
        if timestamp > last.timestamp { return .failure(.notYetArrived) }
        // Binary search for the first sample with timestamp ≥ `timestamp`.
        let low = (0..<count - 1).partitionPoint { sample($0).timestamp < timestamp }
        let after = sample(low)
        if after.timestamp == timestamp || low == 0 {
            return .success(
                InterpolatedMotion(
                    attitude: after.attitude, rotationRate: after.rotationRate, userAcceleration: after.userAcceleration,
                    earlier: after.sequence, later: after.sequence, fraction: 0))
        }
        let before = sample(low - 1)
        let fraction = (timestamp - before.timestamp) / (after.timestamp - before.timestamp)
        return .success(
            InterpolatedMotion(
                attitude: Quaternion.slerp(before.attitude, after.attitude, t: fraction),
                rotationRate: before.rotationRate + fraction * (after.rotationRate - before.rotationRate),
                userAcceleration: before.userAcceleration + fraction * (after.userAcceleration - before.userAcceleration),
                earlier: before.sequence, later: after.sequence, fraction: fraction))
    }

    public mutating func removeAll() {
        start = 0
        count = 0
    }
}
