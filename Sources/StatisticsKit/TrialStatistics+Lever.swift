import OrbitMath

extension TrialStatistics {
    /// Smoothing of the rotation rate and the acceleration before the lever-arm fit, s.
    static let leverSmoothing = 0.02
    /// Half the interval of the central difference that gives ω̇, s.
    static let leverStep = 0.01

    /// The lever arm ℓ (body frame, m) that best explains the linear acceleration by the
    /// rotation alone: least squares of a = ω̇×ℓ + ω×(ω×ℓ) over `samples` (moving, with a
    /// reference), with ω and a smoothed over `leverSmoothing` and ω̇ their central
    /// difference over ±`leverStep`. What the rotation does not explain (the hand's own
    /// translation) is the residual. Nil for fewer than 100 samples or a singular system
    /// (no rotation).
    static func leverArm(
        _ truth: [Quaternion?], gyroscope: [Vector3], accelerometer: [Vector3], times: [Double], gravity: Double, samples: [Int]
    ) -> Vector3? {
        guard samples.count >= 100 else { return nil }
        let up = Vector3(0, 0, gravity)
        let linear = times.indices.map { index in truth[index].map { accelerometer[index] - $0.inverseRotate(up) } ?? .zero }
        let rate = movingMean(gyroscope, times: times, window: leverSmoothing)
        let acceleration = movingMean(linear, times: times, window: leverSmoothing)
        let interval: Double = times.count > 1 ? (times[times.count - 1] - times[0]) / Double(times.count - 1) : 1
        let rateStep = max(1, Int((leverStep / max(interval, 1e-9)).rounded()))
        var normal = [Double](repeating: 0, count: 9)
        var right = Vector3.zero
        for index in samples where index >= rateStep && index + rateStep < times.count {
            let ω = rate[index]
            let ωDot = (rate[index + rateStep] - rate[index - rateStep]) * (1 / (times[index + rateStep] - times[index - rateStep]))
            // A = [ω̇]× + ω ωᵀ − |ω|² I, so that A·ℓ = ω̇×ℓ + ω×(ω×ℓ).
            let w = [ω.x, ω.y, ω.z], d = [ωDot.x, ωDot.y, ωDot.z]
            let square = ω.normSquared
            var a = [Double](repeating: 0, count: 9)
            for row in 0..<3 { for column in 0..<3 { a[3 * row + column] = w[row] * w[column] - (row == column ? square : 0) } }
            a[1] -= d[2]
            a[2] += d[1]
            a[3] += d[2]
            a[5] -= d[0]
            a[6] -= d[1]
            a[7] += d[0]
            let measured = acceleration[index]
            let m = [measured.x, measured.y, measured.z]
            // Typed sums: with untyped literals these few lines took seconds to type-check.
            func column(_ row: Int, dot other: (Int) -> Double) -> Double {
                (0..<3).reduce(0.0) { (sum: Double, k: Int) -> Double in sum + a[3 * k + row] * other(k) }
            }
            for row in 0..<3 {
                for next in 0..<3 { normal[3 * row + next] += column(row) { k in a[3 * k + next] } }
            }
            right += Vector3(column(0) { k in m[k] }, column(1) { k in m[k] }, column(2) { k in m[k] })
        }
        guard let inverse = Matrix3(rowMajor: normal).inverse else { return nil }
        let lever = inverse * right
        return lever.x.isFinite && lever.y.isFinite && lever.z.isFinite ? lever : nil
    }
}
