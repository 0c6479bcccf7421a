import OrbitMath

extension TrialStatistics {
    /// RMS over the motion phase of the angle between the body's up direction and its mean
    /// over the motion phase, rad; nil without reference there. (Against the mean, not the
    /// start: a hand that settles at another mean tilt would otherwise count its offset.)
    static func tiltRMS(_ truth: [Quaternion?], times: [Double], phase: ClosedRange<Int>) -> Double? {
        let up = Vector3(0, 0, 1)
        var sum = Vector3.zero
        for index in phase { if let q = truth[index] { sum += q.inverseRotate(up) } }
        guard let mean = sum.normalized else { return nil }
        var squares = 0.0, count = 0
        for index in phase {
            guard let q = truth[index] else { continue }
            let angle = q.inverseRotate(up).angle(to: mean)
            squares += angle * angle
            count += 1
        }
        return count > 0 ? (squares / Double(count)).squareRoot() : nil
    }

    /// Medians of the rotation rate about the earth's vertical and about horizontal axes over
    /// `samples` (each with a reference), °/s.
    static func earthRates(_ truth: [Quaternion?], gyroscope: [Vector3], samples: [Int]) -> (Double?, Double?) {
        guard !samples.isEmpty else { return (nil, nil) }
        var vertical: [Double] = [], horizontal: [Double] = []
        vertical.reserveCapacity(samples.count)
        horizontal.reserveCapacity(samples.count)
        for index in samples {
            let rate = truth[index]!.rotate(gyroscope[index])
            vertical.append(Angles.degrees(abs(rate.z)))
            horizontal.append(Angles.degrees((rate.x * rate.x + rate.y * rate.y).squareRoot()))
        }
        return (Statistics.percentile(sorted: vertical.sorted(), fraction: 0.5), Statistics.percentile(sorted: horizontal.sorted(), fraction: 0.5))
    }

    /// The principal axes of the linear acceleration over `samples` (each with a reference),
    /// in the body and in the earth frame; nil for fewer than 10 samples.
    static func accelerationShape(_ truth: [Quaternion?], accelerometer: [Vector3], gravity: Double, samples: [Int]) -> AccelerationShape? {
        guard samples.count >= 10 else { return nil }
        let up = Vector3(0, 0, gravity)
        var body = Covariance(), earth = Covariance()
        for index in samples {
            let q = truth[index]!
            body.add(accelerometer[index] - q.inverseRotate(up))
            earth.add(q.rotate(accelerometer[index]) - up)
        }
        let (bodyShare, axis) = body.principal
        return AccelerationShape(bodyShare: bodyShare, earthShare: earth.principal.share, bodyAxis: axis)
    }

    /// A running 3×3 covariance.
    struct Covariance {
        var count = 0.0
        var sum = Vector3.zero
        var products = [Double](repeating: 0, count: 9)

        mutating func add(_ v: Vector3) {
            count += 1
            sum += v
            let c = [v.x, v.y, v.z]
            for row in 0..<3 { for column in 0..<3 { products[3 * row + column] += c[row] * c[column] } }
        }

        var matrix: [Double] {
            let mean = [sum.x / count, sum.y / count, sum.z / count]
            return (0..<9).map { products[$0] / count - mean[$0 / 3] * mean[$0 % 3] }
        }

        /// Largest eigenvalue / trace and its eigenvector, sign chosen so that its largest
        /// component is positive (power iteration; the matrix is positive semi-definite).
        var principal: (share: Double, axis: Vector3) {
            let m = matrix
            let trace = m[0] + m[4] + m[8]
            guard trace > 0 else { return (.nan, .zero) }
            var v = [1.0, 0.7, 0.4], lambda = 0.0
            for _ in 0..<200 {
                let w: [Double] = (0..<3).map { row in (0..<3).reduce(0.0) { (sum: Double, k: Int) -> Double in sum + m[3 * row + k] * v[k] } }
                let norm = (w[0] * w[0] + w[1] * w[1] + w[2] * w[2]).squareRoot()
                guard norm > 0 else { return (1.0 / 3, .zero) }
                lambda = norm
                v = w.map { $0 / norm }
            }
            let largest = v.max { abs($0) < abs($1) }!
            let sign: Double = largest < 0 ? -1 : 1
            return (lambda / trace, Vector3(sign * v[0], sign * v[1], sign * v[2]))
        }
    }
}

extension TrialStatistics {
    /// Largest lag searched by `referenceDelay`, s.
    static let maximumDelay = 0.08

    /// How late the reference is against the gyroscope, s (negative: early): the lag that
    /// best aligns the gyroscope's rate with the reference's own rate (the central difference
    /// of its attitude, body frame), over `samples`, refined between samples by a parabola.
    /// Nil for fewer than 100 samples.
    static func referenceDelay(_ truth: [Quaternion?], gyroscope: [Vector3], times: [Double], samples: [Int]) -> Double? {
        guard samples.count >= 100, times.count > 2 else { return nil }
        let interval = (times[times.count - 1] - times[0]) / Double(times.count - 1)
        // A file's clock is untrusted: a span too short for the lags gives no delay, not a trap.
        let lags = maximumDelay / interval
        guard interval > 0, lags.isFinite, lags < Double(times.count) else { return nil }
        let reach = max(1, Int(lags.rounded()))
        var referenceRate = [Vector3?](repeating: nil, count: times.count)
        for index in 1..<(times.count - 1) {
            guard let before = truth[index - 1], let after = truth[index + 1] else { continue }
            referenceRate[index] = (before.conjugate * after).rotationVector * (1 / (times[index + 1] - times[index - 1]))
        }
        let usable = samples.filter { $0 >= reach && $0 + reach < times.count }
        guard usable.count >= 100 else { return nil }
        let scores = (-reach...reach).map { lag -> Double in
            usable.reduce(0) { sum, index in referenceRate[index + lag].map { sum + $0.dot(gyroscope[index]) } ?? sum }
        }
        // The largest score is the smallest of the negated ones.
        guard let best = Statistics.refinedMinimum(scores.map { -$0 }, on: (-reach...reach).map(Double.init)) else { return nil }
        return best.value * interval
    }
}
