import Foundation
import OrbitMath

/// Overlapping Allan deviation of a rate signal (a gyroscope or accelerometer axis at rest).
public struct AllanDeviation: Sendable {
    /// Cluster times τ, s.
    public let tau: [Double]
    /// Allan deviation σ(τ), signal unit.
    public let deviation: [Double]
    /// Number of overlapping differences behind each σ(τ); fewer means noisier.
    public let terms: [Int]
    /// τ₀, the sample interval, s.
    public let sampleInterval: Double

    /// The 1σ relative uncertainty of each σ(τ), 1/√(2(K − 1)) with K = N/m independent clusters
    /// of m = τ/τ₀ samples in a record of N (the usual bound for white noise; overlapping
    /// estimates do a little better, so this is conservative).
    public var relativeUncertainty: [Double] {
        tau.indices.map { index in
            let clusterLength = max(1, (tau[index] / sampleInterval).rounded())
            let samples = Double(terms[index]) + 2 * clusterLength
            let clusters = (samples / clusterLength).rounded(.down)
            return clusters > 1 ? 1 / (2 * (clusters - 1)).squareRoot() : .nan
        }
    }

    /// σ²(τ) = Σ (θₖ₊₂ₘ − 2θₖ₊ₘ + θₖ)² / (2τ²(L − 2m)) with θ the integrated signal and
    /// τ = m·τ₀, for `pointsPerDecade` log-spaced m up to a tenth of the record (where fewer
    /// than ~10 independent clusters remain the estimate is not worth plotting).
    ///
    /// - Parameters:
    ///   - samples: rate samples at a constant interval.
    ///   - interval: τ₀, the sample interval, s.
    public init(samples: [Double], interval: Double, pointsPerDecade: Int = 10) {
        let count = samples.count
        var integral = [Double](repeating: 0, count: count + 1)
        for index in 0..<count { integral[index + 1] = integral[index] + samples[index] * interval }
        var clusterSizes: [Int] = []
        let maximum = count / 10
        if maximum >= 1 {
            let decades = log10(Double(maximum))
            let steps = Int(decades * Double(pointsPerDecade))
            for step in 0...steps {
                let m = Int(pow(10, Double(step) / Double(pointsPerDecade)).rounded())
                if m >= 1, m <= maximum, clusterSizes.last != m { clusterSizes.append(m) }
            }
        }
        var tau: [Double] = [], deviation: [Double] = [], terms: [Int] = []
        for m in clusterSizes {
            let differences = count + 1 - 2 * m
            guard differences > 0 else { break }
            var sum = 0.0
            for k in 0..<differences {
                let d = integral[k + 2 * m] - 2 * integral[k + m] + integral[k]
                sum += d * d
            }
            let clusterTime = Double(m) * interval
            tau.append(clusterTime)
            deviation.append((sum / (2 * clusterTime * clusterTime * Double(differences))).squareRoot())
            terms.append(differences)
        }
        self.tau = tau
        self.deviation = deviation
        self.terms = terms
        sampleInterval = interval
    }

    /// Fits the simulator's noise model, σ²(τ) = N²/τ + σ_b²·g(τ/T) + K²·τ/3 (white noise N, a
    /// first-order Gauss–Markov bias of σ_b and correlation time T — `GaussMarkovAllan` — and a
    /// rate random walk K), with a 95 % interval per term.
    ///
    /// For each T on a grid from twice the shortest τ to a quarter of the longest (where the
    /// bias's peak can be seen) the model is linear in
    /// N², σ_b², K²/3: weighted least squares on relative residuals, each point weighted by
    /// its number of independent clusters K_i (the relative variance of an Allan variance from
    /// K_i clusters is about 2/K_i). T is taken where the fit is best; when that is at an end of
    /// the grid the window does not show the bias's correlation time, and `defaultCorrelationTime`
    /// is used instead. The covariance of the three coefficients is the inverse of the weighted
    /// normal matrix, inflated threefold because neighbouring τ overlap (about three points per
    /// factor of two in τ share most of their data). A term whose interval reaches zero is not
    /// identifiable from this record: its estimate says only "at most the upper bound".
    ///
    /// With `includeBiasInstability` false the Gauss–Markov term is left out (the right model
    /// for a sensor known to have none).
    public func fitNoiseTerms(includeBiasInstability: Bool = true, defaultCorrelationTime: Double = 100) -> AllanNoiseTerms? {
        let points = tau.indices.filter { deviation[$0] > 0 }
        guard points.count >= 4, let shortest = tau.first, let longest = tau.last else { return nil }
        typealias Fit = (solution: [Double], residual: Double, normal: [[Double]])
        /// Weighted least squares with the terms not in `active` pinned to zero.
        func fit(correlationTime: Double, active: [Bool]) -> Fit? {
            var normal = [[Double]](repeating: [0, 0, 0], count: 3)
            var rhs = [0.0, 0.0, 0.0]
            var rows: [(row: [Double], weight: Double)] = []
            for index in points {
                let t = tau[index], variance = deviation[index] * deviation[index]
                let clusters = Double(terms[index]) * sampleInterval / t  // independent clusters, L/m
                let markov = GaussMarkovAllan.shape(tau: t, correlationTime: correlationTime)
                let row = [1 / t / variance, markov / variance, t / variance].enumerated().map { active[$0.offset] ? $0.element : 0 }
                rows.append((row, clusters / 2))
                for i in 0..<3 {
                    for j in 0..<3 { normal[i][j] += clusters / 2 * row[i] * row[j] }
                    rhs[i] += clusters / 2 * row[i]
                }
            }
            for term in 0..<3 where !active[term] { normal[term][term] = 1 }  // pins it to 0
            guard let inverse = Self.matrix(normal).inverse else { return nil }
            let solved = inverse * Vector3(rhs[0], rhs[1], rhs[2])
            let solution = [solved.x, solved.y, solved.z]
            let residual = rows.reduce(0.0) { sum, point in
                let model = zip(point.row, solution).map { $0 * $1 }.reduce(0, +)
                return sum + point.weight * (model - 1) * (model - 1)
            }
            return (solution, residual, normal)
        }
        let allowed = [true, includeBiasInstability, true]
        /// The best fit with no negative term (a negative variance is no noise): the allowed
        /// terms, or failing that the best subset of them.
        func nonNegativeFit(correlationTime: Double) -> Fit? {
            var best: Fit?
            for mask in 1..<8 {
                let active = (0..<3).map { mask & (1 << $0) != 0 && allowed[$0] }
                guard active.enumerated().allSatisfy({ $0.element || mask & (1 << $0.offset) == 0 }) else { continue }
                guard let result = fit(correlationTime: correlationTime, active: active), result.solution.allSatisfy({ $0 >= 0 }) else { continue }
                if best == nil || result.residual < best!.residual { best = result }
            }
            return best
        }
        var chosen: (correlationTime: Double, fit: Fit)?
        var fitted = false
        if includeBiasInstability {
            // The bias is told apart from white noise and random walk only by its peak near 1.9·T:
            // T must leave room for the rise and the fall inside the record's τ.
            let grid = stride(from: log(2 * shortest), through: log(longest / 4), by: log(2) / 4).map { exp($0) }
            var best: (index: Int, value: Fit)?
            for (index, candidate) in grid.enumerated() {
                guard let result = nonNegativeFit(correlationTime: candidate), result.solution[1] > 0 else { continue }
                if best == nil || result.residual < best!.value.residual { best = (index, result) }
            }
            if let best, best.index > 0, best.index < grid.count - 1 {
                chosen = (grid[best.index], best.value)
                fitted = true
            }
        }
        if chosen == nil {
            guard let result = nonNegativeFit(correlationTime: defaultCorrelationTime) else { return nil }
            chosen = (defaultCorrelationTime, result)
        }
        // Intervals from the fit with every allowed term free: where two terms trade off against
        // each other (a bias with a long T looks like a random walk) both come out uncertain.
        guard let (correlationTime, result) = chosen, let full = fit(correlationTime: correlationTime, active: allowed),
            let covariance = Self.matrix(full.normal).inverse
        else { return nil }
        let inflation = 3.0
        func estimate(_ index: Int, transform: (Double) -> Double) -> AllanNoiseTerms.Estimate {
            let value = result.solution[index]
            let spread = 1.96 * (inflation * max(0, covariance[index, index])).squareRoot()
            // A term the best fit leaves out is at most what the free fit allows.
            let upper = value > 0 ? value + spread : max(0, full.solution[index]) + spread
            return AllanNoiseTerms.Estimate(value: transform(value), lower: transform(max(0, value - spread)), upper: transform(upper))
        }
        let bias =
            includeBiasInstability
            ? estimate(1) { $0.squareRoot() } : AllanNoiseTerms.Estimate(value: 0, lower: 0, upper: 0)
        return AllanNoiseTerms(
            noiseDensity: estimate(0) { $0.squareRoot() }, biasInstability: bias, correlationTime: correlationTime,
            correlationTimeFitted: fitted, randomWalk: estimate(2) { (3 * $0).squareRoot() })
    }

    static func matrix(_ rows: [[Double]]) -> Matrix3 {
        Matrix3(
            rows: Vector3(rows[0][0], rows[0][1], rows[0][2]), Vector3(rows[1][0], rows[1][1], rows[1][2]),
            Vector3(rows[2][0], rows[2][1], rows[2][2]))
    }
}

/// The noise parameters read off an Allan deviation curve, in the signal's unit, each with a
/// 95 % interval (`AllanDeviation.fitNoiseTerms`).
public struct AllanNoiseTerms: Sendable, Equatable {
    /// A fitted term: best value and 95 % interval, all ≥ 0.
    public struct Estimate: Sendable, Equatable {
        public var value: Double
        public var lower: Double
        public var upper: Double

        public init(value: Double, lower: Double, upper: Double) {
            self.value = value
            self.lower = lower
            self.upper = upper
        }

        /// The interval excludes zero: the record shows this term. Otherwise only `upper`
        /// means something (at most this much).
        public var isIdentifiable: Bool { lower > 0 }
    }

    /// White noise density N (σ at τ = 1 s on the −½ slope), unit/√Hz.
    public var noiseDensity: Estimate
    /// Bias instability: the standard deviation σ_b of a first-order Gauss–Markov bias, unit
    /// (what the simulator's `bias_instability` means).
    public var biasInstability: Estimate
    /// The Gauss–Markov correlation time T, s.
    public var correlationTime: Double
    /// Whether T was fitted (false: the record does not show it, and a default was assumed).
    public var correlationTimeFitted: Bool
    /// Rate random walk K (σ at τ = 3 s on the +½ slope), unit/√s.
    public var randomWalk: Estimate

    /// The model's Allan variance at `tau`, unit².
    public func variance(tau: Double) -> Double {
        noiseDensity.value * noiseDensity.value / tau
            + GaussMarkovAllan.variance(tau: tau, sigma: biasInstability.value, correlationTime: correlationTime)
            + randomWalk.value * randomWalk.value * tau / 3
    }
}
