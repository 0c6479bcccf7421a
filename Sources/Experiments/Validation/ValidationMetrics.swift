import StatisticsKit

/// What a `ValidationRun` shows: per trial and filter the real error against the predicted
/// one in sample and out of sample; per group and filter the factor; whether the ranking and
/// the best filter agree; the calibration score. Pure arithmetic on the run's numbers.
public struct ValidationMetrics: Sendable {
    /// A factor predicted/real within [1/limit, limit] counts as right.
    public static let factorLimit = 1.5
    /// The seed interval a real error should fall in: 10–90 %.
    public static let interval = (low: 10.0, high: 90.0)
    /// A calibration score (share inside the interval) below this is over-confident, above
    /// `uninformativeAbove` uninformative; the interval's own share is 80 %.
    public static let overConfidentBelow = 0.65, uninformativeAbove = 0.90

    /// The seeds' errors for one trial and filter, summarised.
    public struct Prediction: Sendable, Equatable {
        /// Median, 10th and 90th percentile over the seeds, °.
        public var median: Double
        public var low: Double
        public var high: Double
        /// median / real.
        public var factor: Double
        /// Whether the real error lies in [low, high].
        public var contains: Bool
        /// Rank of the median among the filters of this trial (1 = lowest error).
        public var rank: Int
    }

    /// One trial × filter.
    public struct Row: Sendable, Equatable {
        public var group: String
        public var trial: String
        public var filter: String
        /// Total RMSE on the real trial, °.
        public var real: Double
        public var realRank: Int
        public var inSample: Prediction
        /// nil in a group of one trial.
        public var outOfSample: Prediction?
    }

    /// One group × filter: means over the group's trials.
    public struct GroupFilter: Sendable, Equatable {
        public var group: String
        public var filter: String
        public var trials: Int
        /// Mean real error, mean of the predicted medians in and out of sample, °.
        public var real: Double
        public var inSample: Double
        public var outOfSample: Double?
    }

    /// Whether the filters' order agrees, per group (on the group means).
    public struct Agreement: Sendable, Equatable {
        public var group: String
        public var trials: Int
        /// Filters from lowest to highest mean error.
        public var real: [String]
        public var inSample: [String]
        public var outOfSample: [String]?
    }

    /// The share of real errors inside their seed interval and what it means.
    public struct Score: Sendable, Equatable {
        public var inside: Int
        public var count: Int
        public var share: Double { count > 0 ? Double(inside) / Double(count) : .nan }
        /// "calibrated", "over-confident", "uninformative", or "no predictions".
        public var verdict: String {
            guard count > 0 else { return "no predictions" }
            if share < ValidationMetrics.overConfidentBelow { return "over-confident" }
            if share > ValidationMetrics.uninformativeAbove { return "uninformative" }
            return "calibrated"
        }
    }

    public var rows: [Row]
    public var groupFilters: [GroupFilter]
    public var agreements: [Agreement]
    public var inSampleScore: Score
    public var outOfSampleScore: Score

    public init(_ run: ValidationRun) {
        var rows: [Row] = []
        for group in run.groups {
            let inSample = run.folds.firstIndex { $0.group == group.name && $0.heldOut == nil }!
            for trial in group.trials {
                let heldOut = run.folds.firstIndex { $0.group == group.name && $0.heldOut == trial }
                let real = run.filters.map { run.real[trial]?[$0] ?? .nan }
                let inSampleMedians = run.predicted[inSample].map { Statistics.percentile($0, 50) }
                let outMedians = heldOut.map { fold in run.predicted[fold].map { Statistics.percentile($0, 50) } }
                let realRanks = Self.ranks(real), inRanks = Self.ranks(inSampleMedians), outRanks = outMedians.map(Self.ranks)
                for (index, filter) in run.filters.enumerated() {
                    rows.append(
                        Row(
                            group: group.name, trial: trial, filter: filter, real: real[index], realRank: realRanks[index],
                            inSample: Self.prediction(run.predicted[inSample][index], real: real[index], rank: inRanks[index]),
                            outOfSample: heldOut.map { Self.prediction(run.predicted[$0][index], real: real[index], rank: outRanks![index]) }))
                }
            }
        }
        self.rows = rows
        var groupFilters: [GroupFilter] = []
        var agreements: [Agreement] = []
        for group in run.groups {
            let members = rows.filter { $0.group == group.name }
            let means = run.filters.map { filter -> GroupFilter in
                let cells = members.filter { $0.filter == filter }
                let outside = cells.compactMap { $0.outOfSample?.median }
                return GroupFilter(
                    group: group.name, filter: filter, trials: cells.count, real: Statistics.mean(cells.map(\.real)),
                    inSample: Statistics.mean(cells.map(\.inSample.median)),
                    outOfSample: outside.count == cells.count ? Statistics.mean(outside) : nil)
            }
            groupFilters += means
            func order(_ values: [Double]) -> [String] { run.filters.indices.sorted { values[$0] < values[$1] }.map { run.filters[$0] } }
            let predicted = !means.isEmpty && means.allSatisfy { $0.outOfSample != nil }
            let outOfSample = predicted ? order(means.map { $0.outOfSample! }) : nil
            agreements.append(
                Agreement(
                    group: group.name, trials: group.trials.count, real: order(means.map(\.real)), inSample: order(means.map(\.inSample)),
                    outOfSample: outOfSample))
        }
        self.groupFilters = groupFilters
        self.agreements = agreements
        inSampleScore = Score(inside: rows.filter(\.inSample.contains).count, count: rows.count)
        let predicted = rows.compactMap(\.outOfSample)
        outOfSampleScore = Score(inside: predicted.filter(\.contains).count, count: predicted.count)
    }

    static func prediction(_ errors: [Double], real: Double, rank: Int) -> Prediction {
        let median = Statistics.percentile(errors, 50)
        let low = Statistics.percentile(errors, interval.low), high = Statistics.percentile(errors, interval.high)
        return Prediction(median: median, low: low, high: high, factor: median / real, contains: low <= real && real <= high, rank: rank)
    }

    /// Ranks 1…n, lowest value first (ties by position).
    static func ranks(_ values: [Double]) -> [Int] {
        var ranks = [Int](repeating: 0, count: values.count)
        for (rank, index) in values.indices.sorted(by: { values[$0] < values[$1] }).enumerated() { ranks[index] = rank + 1 }
        return ranks
    }

    /// Whether a factor is within `factorLimit` either way.
    public static func isWithin(_ factor: Double) -> Bool { factor.isFinite && factor <= factorLimit && factor >= 1 / factorLimit }

    /// Counts of group × filter factors within the limit: (in sample, of; out of sample, of).
    public var factorCounts: (inSample: Int, inSampleOf: Int, outOfSample: Int, outOfSampleOf: Int) {
        let inside = groupFilters.filter { Self.isWithin($0.inSample / $0.real) }.count
        let outside = groupFilters.compactMap { cell in cell.outOfSample.map { $0 / cell.real } }
        return (inside, groupFilters.count, outside.filter(Self.isWithin).count, outside.count)
    }

    /// Counts of trial × filter factors within the limit: (in sample, of; out of sample, of).
    public var trialFactorCounts: (inSample: Int, inSampleOf: Int, outOfSample: Int, outOfSampleOf: Int) {
        let outside = rows.compactMap { $0.outOfSample?.factor }
        return (rows.filter { Self.isWithin($0.inSample.factor) }.count, rows.count, outside.filter(Self.isWithin).count, outside.count)
    }

    /// Groups whose full ranking and whose best filter agree: (in sample, out of sample), each
    /// (ranking, best, of).
    public var agreementCounts: (inSample: (ranking: Int, best: Int, of: Int), outOfSample: (ranking: Int, best: Int, of: Int)) {
        let outside = agreements.filter { $0.outOfSample != nil }
        return (
            (agreements.filter { $0.inSample == $0.real }.count, agreements.filter { $0.inSample.first == $0.real.first }.count, agreements.count),
            (
                outside.filter { $0.outOfSample! == $0.real }.count, outside.filter { $0.outOfSample!.first == $0.real.first }.count,
                outside.count
            )
        )
    }
}
