import OrbitMath

extension TrialStatistics {
    /// How much later than the gyroscope the magnetometer reads the attitude, s (negative:
    /// earlier; `imu.magnetometer.delay_ms`). The magnetometer's own lag L behind the reference
    /// is the one that best explains its readings over `samples` by the reference attitude,
    /// m(t) = R(t − L)ᵀ·F + b (F the median of the readings turned into the reference frame, b
    /// the mean residual), searched per sample up to ±`maximumDelay` and refined between samples
    /// by a parabola; the gyroscope's own lag, −`referenceDelay`, is taken off. Nil without a
    /// reference delay, for fewer than 100 samples with a reading and a reference, or when the
    /// best lag is the largest searched (a bound, not a measurement).
    static func magnetometerDelay(
        _ magnetometer: [Vector3?], truth: [Quaternion?], times: [Double], samples: [Int], referenceDelay: Double?
    ) -> Double? {
        guard let referenceDelay, times.count > 2, magnetometer.count == times.count, truth.count == times.count else { return nil }
        let interval = (times[times.count - 1] - times[0]) / Double(times.count - 1)
        let lags = maximumDelay / interval
        guard interval > 0, lags.isFinite, lags < Double(times.count) else { return nil }
        let reach = max(1, Int(lags.rounded()))
        let usable = samples.filter { index in
            index >= reach && index + reach < times.count && magnetometer[index]?.isFinite == true && truth[index] != nil
        }
        guard usable.count >= 100 else { return nil }
        guard let field = Statistics.componentMedian(usable.map { truth[$0]!.rotate(magnetometer[$0]!) }) else { return nil }
        // The residual's spread about its mean at each lag, over the samples whose lagged
        // reference exists.
        let costs = (-reach...reach).map { lag -> Double in
            var sum = Vector3.zero, squares = 0.0, count = 0
            for index in usable {
                guard let attitude = truth[index - lag] else { continue }
                let residual = magnetometer[index]! - attitude.inverseRotate(field)
                sum = sum + residual
                squares += residual.normSquared
                count += 1
            }
            return count > 0 ? (squares - sum.normSquared / Double(count)) / Double(count) : .infinity
        }
        // A best lag at the end of the search is a bound, not a measurement.
        guard let best = Statistics.refinedMinimum(costs, on: (-reach...reach).map(Double.init)), !best.atEnd else { return nil }
        let delay = best.value * interval + referenceDelay
        return delay.isFinite ? delay : nil
    }
}
