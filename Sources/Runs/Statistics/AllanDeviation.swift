import Foundation

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

    /// Least-squares fit of the classic noise terms, σ²(τ) = N²/τ + (0.664·B)² + K²·τ/3.
    ///
    /// Residuals are relative ((model − σ²)/σ²) so every decade counts, and each point is
    /// weighted by its number of independent clusters (L/m): a σ(τ) from ten clusters is far
    /// noisier than one from ten thousand. With `includeBiasInstability` false the flat term is
    /// left out, which is the right model when the sensor is known to have none (it otherwise
    /// trades off against K).
    public func fitNoiseTerms(includeBiasInstability: Bool = true) -> AllanNoiseTerms? {
        guard tau.count >= 3 else { return nil }
        // Unknowns a = N², b = (0.664 B)², c = K²/3.
        var normal = [[Double]](repeating: [0, 0, 0], count: 3)
        var rhs = [0.0, 0.0, 0.0]
        for index in tau.indices where deviation[index] > 0 {
            let t = tau[index], variance = deviation[index] * deviation[index]
            let clusters = Double(terms[index]) * sampleInterval / t  // independent clusters, L/m
            let row = [1 / t / variance, includeBiasInstability ? 1 / variance : 0, t / variance]
            for i in 0..<3 {
                for j in 0..<3 { normal[i][j] += clusters * row[i] * row[j] }
                rhs[i] += clusters * row[i]
            }
        }
        if !includeBiasInstability { normal[1][1] = 1 }  // pins b = 0
        guard let solution = Self.solve3(normal, rhs) else { return nil }
        let whiteNoise = max(0, solution[0]).squareRoot()
        let instability = max(0, solution[1]).squareRoot() / 0.664
        let randomWalk = (3 * max(0, solution[2])).squareRoot()
        return AllanNoiseTerms(noiseDensity: whiteNoise, biasInstability: instability, randomWalk: randomWalk)
    }

    /// Gaussian elimination with partial pivoting for a 3 × 3 system.
    static func solve3(_ matrix: [[Double]], _ vector: [Double]) -> [Double]? {
        var a = matrix, b = vector
        for column in 0..<3 {
            let pivot = (column..<3).max { abs(a[$0][column]) < abs(a[$1][column]) }!
            guard abs(a[pivot][column]) > 1e-300 else { return nil }
            a.swapAt(column, pivot)
            b.swapAt(column, pivot)
            for row in (column + 1)..<3 {
                let factor = a[row][column] / a[column][column]
                for k in column..<3 { a[row][k] -= factor * a[column][k] }
                b[row] -= factor * b[column]
            }
        }
        var x = [0.0, 0.0, 0.0]
        for row in stride(from: 2, through: 0, by: -1) {
            var sum = b[row]
            for k in (row + 1)..<3 { sum -= a[row][k] * x[k] }
            x[row] = sum / a[row][row]
        }
        return x
    }
}

/// The noise parameters read off an Allan deviation curve, in the signal's unit.
public struct AllanNoiseTerms: Sendable, Equatable {
    /// White noise density N (σ at τ = 1 s on the −½ slope), unit/√Hz.
    public var noiseDensity: Double
    /// Bias instability B (flat part / 0.664), unit.
    public var biasInstability: Double
    /// Random walk K (σ at τ = 3 s on the +½ slope), unit/√s.
    public var randomWalk: Double
}
