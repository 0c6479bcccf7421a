import Foundation
import OrbitMath

extension TrialStatistics {
    /// RMS over the motion phase of the angle between the body's up direction and its mean up
    /// direction over the last second before the motion, rad; nil without reference there.
    static func tiltRMS(_ truth: [Quaternion?], times: [Double], phase: ClosedRange<Int>) -> Double? {
        let up = Vector3(0, 0, 1)
        var restUp = Vector3.zero
        var index = phase.lowerBound
        while index >= 0 && times[phase.lowerBound] - times[index] <= 1 {
            if let q = truth[index] { restUp += q.inverseRotate(up) }
            index -= 1
        }
        guard let reference = restUp.normalized else { return nil }
        var squares = 0.0, count = 0
        for index in phase {
            guard let q = truth[index] else { continue }
            let angle = q.inverseRotate(up).angle(to: reference)
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
        return (MotionStatistics.percentile(vertical.sorted(), 0.5), MotionStatistics.percentile(horizontal.sorted(), 0.5))
    }

    /// The principal-axis share of the linear acceleration's covariance over `samples` (each
    /// with a reference), in the body and in the earth frame; nil for fewer than 10 samples.
    static func accelerationAxisShare(_ truth: [Quaternion?], accelerometer: [Vector3], gravity: Double, samples: [Int]) -> (
        body: Double, earth: Double
    )? {
        guard samples.count >= 10 else { return nil }
        let up = Vector3(0, 0, gravity)
        var body = Covariance(), earth = Covariance()
        for index in samples {
            let q = truth[index]!
            body.add(accelerometer[index] - q.inverseRotate(up))
            earth.add(q.rotate(accelerometer[index]) - up)
        }
        return (body.principalShare, earth.principalShare)
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

        /// Largest eigenvalue / trace (power iteration; the matrix is positive semi-definite).
        var principalShare: Double {
            let m = matrix
            let trace = m[0] + m[4] + m[8]
            guard trace > 0 else { return .nan }
            var v = [1.0, 0.7, 0.4], lambda = 0.0
            for _ in 0..<100 {
                let w = (0..<3).map { row in (0..<3).reduce(0) { $0 + m[3 * row + $1] * v[$1] } }
                let norm = (w[0] * w[0] + w[1] * w[1] + w[2] * w[2]).squareRoot()
                guard norm > 0 else { return 1.0 / 3 }
                lambda = norm
                v = w.map { $0 / norm }
            }
            return lambda / trace
        }
    }
}
