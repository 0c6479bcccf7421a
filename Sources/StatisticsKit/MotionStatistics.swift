import OrbitMath

/// How a recording moves, in the terms that decide how hard it is for attitude fusion: how fast
/// it turns, how hard it accelerates, how much of it is rest. Computed the same way for real
/// and simulated data, so the two can be compared side by side (`orbitbench motion`).
public struct MotionStatistics: Sendable, Equatable {
    /// Length, s.
    public var duration: Double
    /// Samples per second.
    public var rate: Double
    /// Share of samples at rest (as the caller judged them: `RestDetector.flags`).
    public var restFraction: Double
    /// Rotation rate |ω| of the moving samples, °/s.
    public var rotationRate: Percentiles
    /// Specific force beyond gravity, ||f| − g| of the moving samples, m/s².
    public var accelerationExcess: Percentiles
    /// Magnetic field magnitude over all samples, µT; nil without magnetometer.
    public var fieldMagnitude: Percentiles?

    /// Percentiles of a distribution.
    public struct Percentiles: Sendable, Equatable {
        public var p5: Double
        public var p50: Double
        public var p90: Double
        public var p95: Double
        public var p99: Double
    }

    /// - Parameters:
    ///   - times: sample instants, s, increasing.
    ///   - gyroscope: rad/s; `accelerometer`: m/s²; `magnetometer`: µT (nil entries skipped).
    ///   - atRest: whether each sample is at rest (`RestDetector.flags`, VQF's parameters).
    ///   - gravity: m/s²; by default the median magnitude of the accelerometer at rest.
    public init(
        times: [Double], gyroscope: [Vector3], accelerometer: [Vector3], magnetometer: [Vector3?]?, atRest: [Bool], gravity: Double? = nil
    ) {
        precondition(times.count == gyroscope.count && times.count == accelerometer.count && times.count == atRest.count)
        let count = times.count
        duration = count > 1 ? times[count - 1] - times[0] : 0
        rate = duration > 0 ? Double(count - 1) / duration : 0
        let restCount = atRest.filter { $0 }.count
        restFraction = count > 0 ? Double(restCount) / Double(count) : 0
        let restMagnitudes = (0..<count).filter { atRest[$0] }.map { accelerometer[$0].norm }
        let g = gravity ?? Statistics.percentile(sorted: restMagnitudes.sorted(), fraction: 0.5) ?? Units.standardGravity
        let moving = (0..<count).filter { !atRest[$0] }
        let degreesPerRadian = 180 / Double.pi
        rotationRate = Self.percentiles(moving.map { gyroscope[$0].norm * degreesPerRadian })
        accelerationExcess = Self.percentiles(moving.map { abs(accelerometer[$0].norm - g) })
        fieldMagnitude = magnetometer.map { samples in Self.percentiles(samples.compactMap { $0?.norm }) }
    }

    /// NaN where there are no values.
    static func percentiles(_ values: [Double]) -> Percentiles {
        let sorted = values.sorted()
        return Percentiles(
            p5: Statistics.percentile(sorted: sorted, fraction: 0.05) ?? .nan, p50: Statistics.percentile(sorted: sorted, fraction: 0.5) ?? .nan,
            p90: Statistics.percentile(sorted: sorted, fraction: 0.9) ?? .nan,
            p95: Statistics.percentile(sorted: sorted, fraction: 0.95) ?? .nan, p99: Statistics.percentile(sorted: sorted, fraction: 0.99) ?? .nan)
    }
}
