import Foundation
import Runs
import Rephoto

/// Recomputes Tables 6.2 and 6.3 from Table 6.1 and checks every published cell.
///
/// "Within the published rounding": every Table 6.1 coordinate is known to ±0.005, so a
/// recomputed value is an interval; a published value p (itself ±0.005) agrees when
/// [p − 0.005, p + 0.005] meets that interval.
public struct ThesisAudit: Sendable {
    public struct Interval: Sendable, Equatable {
        public var lower: Double
        public var upper: Double
        public func meets(published value: Double) -> Bool {
            value + 0.005 + 1e-9 >= lower && value - 0.005 - 1e-9 <= upper
        }
    }

    public struct DistanceCell: Sendable {
        public var image: String
        public var keypoint: String
        public var published: Double
        public var recomputed: Double
        public var range: Interval
        public var agrees: Bool { range.meets(published: published) }
    }

    public enum Statistic: String, Sendable { case mean, sigma }

    public struct StatisticCell: Sendable {
        /// A key point name or "overall".
        public var row: String
        public var statistic: Statistic
        public var published: Double
        /// From Table 6.1 (full precision) with the thesis's definitions, and its rounding range.
        public var fromTable61: Double
        public var fromTable61Range: Interval
        /// From the published (rounded) Table 6.2 cells with the thesis's definitions.
        public var fromPublished62: Double
        public var agreesFromTable61: Bool { fromTable61Range.meets(published: published) }
        public var agreesFromPublished62: Bool { abs(fromPublished62 - published) <= 0.005 + 1e-9 }
    }

    /// A definition of σ tried against the published column.
    public struct SigmaCandidate: Sendable {
        public var name: String
        /// Per key point, from the published Table 6.2 cells.
        public var values: [Double]
        public var matchesAll: Bool
    }

    /// What was tried to explain a key point's column that does not reproduce.
    public struct ColumnInvestigation: Sendable {
        public var keypoint: String
        /// Largest distance between two rephotographs' positions of the point.
        public var rephotoSpread: Double
        /// Largest difference between two published distances of the point.
        public var publishedSpread: Double
        /// Hypotheses tried, with how many published cells each explained.
        public var hypotheses: [(name: String, tried: Int, explained: Int)]
    }

    public let data: ThesisData
    public let distances: [DistanceCell]
    public let statistics: [StatisticCell]
    public let sigmaCandidates: [SigmaCandidate]
    public let investigations: [ColumnInvestigation]

    public init(data: ThesisData) {
        self.data = data
        var distances: [DistanceCell] = []
        var ranges: [[Interval]] = []
        for (imageIndex, points) in data.rephotographs.enumerated() {
            var row: [Interval] = []
            for (key, point) in points.enumerated() {
                let reference = data.reference[key]
                let range = Self.distanceRange(reference, point)
                row.append(range)
                distances.append(
                    DistanceCell(
                        image: data.images[imageIndex + 1], keypoint: data.keypoints[key], published: data.published62[imageIndex][key],
                        recomputed: reference.distance(to: point), range: range))
            }
            ranges.append(row)
        }
        self.distances = distances

        let recomputed = KeypointErrorTable(reference: data.reference, rephotographs: data.rephotographs)
        let published = KeypointErrorTable(distances: data.published62)
        var statistics: [StatisticCell] = []
        for (key, name) in data.keypoints.enumerated() {
            let columnRanges = ranges.map { $0[key] }
            statistics.append(
                StatisticCell(
                    row: name, statistic: .mean, published: data.published63[key].mean, fromTable61: recomputed.perKeypoint[key].mean,
                    fromTable61Range: Self.range(of: columnRanges) { Spread($0).mean }, fromPublished62: published.perKeypoint[key].mean))
            statistics.append(
                StatisticCell(
                    row: name, statistic: .sigma, published: data.published63[key].sigma,
                    fromTable61: recomputed.perKeypoint[key].meanAbsoluteDeviation,
                    fromTable61Range: Self.range(of: columnRanges) { Spread($0).meanAbsoluteDeviation },
                    fromPublished62: published.perKeypoint[key].meanAbsoluteDeviation))
        }
        let allRanges = ranges.flatMap { $0 }
        statistics.append(
            StatisticCell(
                row: "overall", statistic: .mean, published: data.publishedOverall.mean, fromTable61: recomputed.thesisOverallMean,
                fromTable61Range: Interval(lower: Spread(allRanges.map(\.lower)).mean, upper: Spread(allRanges.map(\.upper)).mean),
                fromPublished62: published.thesisOverallMean))
        let sigmaRows = statistics.filter { $0.statistic == .sigma }
        statistics.append(
            StatisticCell(
                row: "overall", statistic: .sigma, published: data.publishedOverall.sigma, fromTable61: recomputed.thesisOverallSigma,
                fromTable61Range: Interval(
                    lower: Spread(sigmaRows.map(\.fromTable61Range.lower)).mean, upper: Spread(sigmaRows.map(\.fromTable61Range.upper)).mean),
                fromPublished62: published.thesisOverallSigma))
        self.statistics = statistics

        let definitions: [(String, (Spread) -> Double)] = [
            ("population standard deviation √(Σ(d−d̄)²/n)", \.populationStandardDeviation),
            ("sample standard deviation √(Σ(d−d̄)²/(n−1))", \.sampleStandardDeviation),
            ("mean absolute deviation Σ|d−d̄|/n", \.meanAbsoluteDeviation),
        ]
        sigmaCandidates = definitions.map { name, value in
            let values = published.perKeypoint.map(value)
            let matches = zip(values, data.published63).allSatisfy { abs($0 - $1.sigma) <= 0.005 + 1e-9 }
            return SigmaCandidate(name: name, values: values, matchesAll: matches)
        }

        var investigations: [ColumnInvestigation] = []
        for (key, name) in data.keypoints.enumerated() where distances.contains(where: { $0.keypoint == name && !$0.agrees }) {
            investigations.append(Self.investigate(data: data, keypoint: key, name: name))
        }
        self.investigations = investigations
    }

    /// Exact range of the distance between two points each known to ±0.005 per coordinate.
    static func distanceRange(_ a: NormalizedPoint, _ b: NormalizedPoint) -> Interval {
        func axis(_ difference: Double) -> (Double, Double) {
            let low = difference - 0.01, high = difference + 0.01
            let minimum = (low <= 0 && high >= 0) ? 0 : min(abs(low), abs(high))
            return (minimum, max(abs(low), abs(high)))
        }
        let (xMin, xMax) = axis(b.x - a.x), (yMin, yMax) = axis(b.y - a.y)
        return Interval(lower: (xMin * xMin + yMin * yMin).squareRoot(), upper: (xMax * xMax + yMax * yMax).squareRoot())
    }

    /// Range of a statistic over the corners of its inputs' intervals (mean and mean absolute
    /// deviation are piecewise linear, so the corners bound them well).
    static func range(of intervals: [Interval], _ statistic: ([Double]) -> Double) -> Interval {
        var lower = Double.infinity, upper = -Double.infinity
        for corner in 0..<(1 << intervals.count) {
            let values = intervals.enumerated().map { index, interval in corner & (1 << index) != 0 ? interval.upper : interval.lower }
            let value = statistic(values)
            lower = min(lower, value)
            upper = max(upper, value)
        }
        return Interval(lower: lower, upper: upper)
    }

    /// Tries the plausible ways a column could have gone wrong.
    static func investigate(data: ThesisData, keypoint: Int, name: String) -> ColumnInvestigation {
        let reference = data.reference, rephotos = data.rephotographs
        let targets = data.published62.map { $0[keypoint] }
        var spread = 0.0
        for a in rephotos { for b in rephotos { spread = max(spread, a[keypoint].distance(to: b[keypoint])) } }
        func explained(_ candidates: (Int) -> [Double]) -> (Int, Int) {
            var tried = 0, hits = 0
            for (image, target) in targets.enumerated() {
                let values = candidates(image)
                tried += values.count
                if values.contains(where: { abs($0 - target) <= 0.01 }) { hits += 1 }
            }
            return (tried, hits)
        }
        func swapped(_ p: NormalizedPoint) -> NormalizedPoint { NormalizedPoint(x: p.y, y: p.x) }
        var hypotheses: [(String, Int, Int)] = []
        let otherPoints = explained { image in
            reference.indices.flatMap { a in
                rephotos[image].indices.flatMap { b in
                    [
                        reference[a].distance(to: rephotos[image][b]), swapped(reference[a]).distance(to: rephotos[image][b]),
                        reference[a].distance(to: swapped(rephotos[image][b])),
                    ]
                }
            }
        }
        hypotheses.append(("another key point or x/y swapped, in the reference or the rephotograph", otherPoints.0, otherPoints.1))
        let shifted = explained { image in
            var values: [Double] = []
            for rx in reference.indices {
                for ry in reference.indices {
                    for px in reference.indices {
                        for py in reference.indices {
                            values.append(
                                NormalizedPoint(x: reference[rx].x, y: reference[ry].y).distance(
                                    to: NormalizedPoint(x: rephotos[image][px].x, y: rephotos[image][py].y)))
                        }
                    }
                }
            }
            return values
        }
        hypotheses.append(("x and y taken from different key points (a column shift)", shifted.0, shifted.1))
        let typos = explained { image in
            var values: [Double] = []
            let numbers = [reference[keypoint].x, reference[keypoint].y, rephotos[image][keypoint].x, rephotos[image][keypoint].y]
            for (which, number) in numbers.enumerated() {
                for variant in singleEdits(number) {
                    var edited = numbers
                    edited[which] = variant
                    values.append(NormalizedPoint(x: edited[0], y: edited[1]).distance(to: NormalizedPoint(x: edited[2], y: edited[3])))
                }
            }
            return values
        }
        hypotheses.append(("one mistyped digit or swapped pair of digits in any of the four coordinates", typos.0, typos.1))
        let metrics = explained { image in
            let dx = rephotos[image][keypoint].x - reference[keypoint].x, dy = rephotos[image][keypoint].y - reference[keypoint].y
            return [dx * dx + dy * dy, abs(dx) + abs(dy), max(abs(dx), abs(dy))]
        }
        hypotheses.append(("another distance (squared, Manhattan, Chebyshev)", metrics.0, metrics.1))
        return ColumnInvestigation(
            keypoint: name, rephotoSpread: spread, publishedSpread: (targets.max() ?? 0) - (targets.min() ?? 0),
            hypotheses: hypotheses)
    }

    /// Every number obtained by changing one digit of `value` (2 decimals) or swapping two
    /// neighbouring digits.
    static func singleEdits(_ value: Double) -> [Double] {
        let text = Array(String(format: "%.2f", value))
        var variants: [Double] = []
        for (index, character) in text.enumerated() where character.isNumber {
            for digit in "0123456789" where digit != character {
                var edited = text
                edited[index] = digit
                if let number = Double(String(edited)) { variants.append(number) }
            }
            if index + 1 < text.count, text[index + 1].isNumber {
                var edited = text
                edited.swapAt(index, index + 1)
                if let number = Double(String(edited)) { variants.append(number) }
            }
        }
        return variants
    }
}
