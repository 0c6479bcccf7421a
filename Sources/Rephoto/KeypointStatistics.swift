/// A key point in an image normalised to 100 × 100 (thesis 6.2): (0, 0) top left.
public struct NormalizedPoint: Sendable, Equatable, Codable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// From pixel coordinates in an image of the given size.
    public init(pixelX: Double, pixelY: Double, width: Double, height: Double) {
        self.init(x: 100 * pixelX / width, y: 100 * pixelY / height)
    }

    /// Euclidean distance, thesis eq. 6.1, in percent of the image size.
    public func distance(to other: NormalizedPoint) -> Double {
        ((other.x - x) * (other.x - x) + (other.y - y) * (other.y - y)).squareRoot()
    }
}

/// Spread of a set of values, with both the standard deviation and the mean absolute
/// deviation. The thesis labels its σ "standard deviation" but its figures are the mean
/// absolute deviation about the mean (see `orbitbench thesis`).
public struct Spread: Sendable, Equatable {
    public var mean: Double
    /// √(Σ(v − mean)²/n).
    public var populationStandardDeviation: Double
    /// √(Σ(v − mean)²/(n − 1)); 0 for a single value.
    public var sampleStandardDeviation: Double
    /// Σ|v − mean|/n: what the thesis reports as σ.
    public var meanAbsoluteDeviation: Double
    public var count: Int

    public init(_ values: [Double]) {
        count = values.count
        guard !values.isEmpty else {
            mean = .nan
            populationStandardDeviation = .nan
            sampleStandardDeviation = .nan
            meanAbsoluteDeviation = .nan
            return
        }
        let n = Double(values.count)
        let m = values.reduce(0, +) / n
        let squares = values.reduce(0) { $0 + ($1 - m) * ($1 - m) }
        mean = m
        populationStandardDeviation = (squares / n).squareRoot()
        sampleStandardDeviation = values.count > 1 ? (squares / (n - 1)).squareRoot() : 0
        meanAbsoluteDeviation = values.reduce(0) { $0 + abs($1 - m) } / n
    }
}

/// Tables 6.2 and 6.3: distances of each rephotograph's key points from the reference's, and
/// their statistics per key point and overall.
public struct KeypointErrorTable: Sendable, Equatable, Codable {
    /// distances[image][keypoint], percent of image size.
    public var distances: [[Double]]
    /// Per key point, over the rephotographs.
    public var perKeypoint: [Spread]

    /// `reference` key points and each rephotograph's (same order and count).
    public init(reference: [NormalizedPoint], rephotographs: [[NormalizedPoint]]) {
        precondition(rephotographs.allSatisfy { $0.count == reference.count }, "every image needs every key point")
        self.init(distances: rephotographs.map { points in zip(reference, points).map { $0.distance(to: $1) } })
    }

    /// From distances already computed (e.g. the published Table 6.2).
    public init(distances: [[Double]]) {
        self.distances = distances
        let keypoints = distances.first?.count ?? 0
        perKeypoint = (0..<keypoints).map { column in Spread(distances.map { $0[column] }) }
    }

    /// The thesis's overall figures: the mean of all distances and the mean of the per-key-point
    /// σ (mean absolute deviations).
    public var thesisOverallMean: Double { Spread(distances.flatMap { $0 }).mean }
    public var thesisOverallSigma: Double { perKeypoint.map(\.meanAbsoluteDeviation).reduce(0, +) / Double(max(perKeypoint.count, 1)) }

    /// Standard statistics over all distances.
    public var overall: Spread { Spread(distances.flatMap { $0 }) }
}
