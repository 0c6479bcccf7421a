import Foundation
import StatisticsKit

/// The real error of each filter on each recording beside what its twin's seeds predict:
/// `twin.csv`'s rows.
public struct TwinComparison: Sendable {
    public struct Row: Sendable, Equatable {
        public var trial: String
        /// Filter label ("madgwick", "madgwick-6d").
        public var filter: String
        /// Total attitude RMSE on the real recording, °.
        public var real: Double
        /// Total attitude RMSE on each seed's twin, °, in seed order.
        public var twins: [Double]

        public init(trial: String, filter: String, real: Double, twins: [Double]) {
            self.trial = trial
            self.filter = filter
            self.real = real
            self.twins = twins
        }

        /// How far the twin's 10–90 % reaches beyond its seeds' own range, both ways: p10 =
        /// seed p10 / f, p90 = seed p90 · f. At least 1 (1 is the seeds' range alone);
        /// `TwinComparison.init` sets it for every row.
        public var predictionFactor = 1.0

        public var mean: Double { Statistics.mean(twins) }
        /// The seeds' 10 % and 90 % quantiles (type 7), °: the spread of sensor noise alone.
        public var seedP10: Double { Statistics.percentile(twins, 10) }
        public var seedP90: Double { Statistics.percentile(twins, 90) }
        /// The twin's predicted 10 % and 90 % of the real error, °: the seeds' range widened by
        /// `predictionFactor` (twin.csv's twin_p10_deg and twin_p90_deg).
        public var p10: Double { seedP10 / predictionFactor }
        public var p90: Double { seedP90 * predictionFactor }
        /// Twin mean / real: above 1 the twin is too pessimistic, below too optimistic.
        public var factor: Double { mean / real }
        /// Whether the real error lies in the twin's predicted 10–90 % range: its
        /// `conformityScore` is at most `predictionFactor` (the same test as the range's
        /// bounds, without their rounding). False when the score is NaN.
        public var realInsideSpread: Bool { conformityScore <= predictionFactor }
        /// Whether the real error lies in the seeds' own 10–90 % range.
        public var realInsideSeeds: Bool { conformityScore <= 1 }
        /// The factor the seeds' range must widen by, both ways, to reach the real error:
        /// max(seed p10 / real, real / seed p90) — below 1 when the real error lies inside
        /// with room to spare. The nonconformity score of `TwinComparison.conformalFactor`.
        /// NaN unless the real error and both seed quantiles are finite and above 0 (a run
        /// without evaluated samples, no seeds), which no range can be said to hold.
        public var conformityScore: Double {
            let (low, high) = (seedP10, seedP90)
            guard [real, low, high].allSatisfy({ $0.isFinite && $0 > 0 }) else { return .nan }
            return Swift.max(low / real, real / high)
        }
        /// Whether the factor is within [1/1.5, 1.5].
        public var withinFactor: Bool { factor >= 1 / 1.5 && factor <= 1.5 }
    }

    /// One row per trial and filter; each takes `predictionFactor`, also when set later.
    public var rows: [Row] { didSet { stampPredictionFactor() } }
    /// Every row's `predictionFactor`: how far the twin's 10–90 % reaches beyond the seeds'.
    public private(set) var predictionFactor: Double
    public var seeds: [UInt64]
    /// Per trial, the disturbance its twin does not model (disturbed trials only).
    public var unmodelled: [String: String]
    /// Per trial, seconds of reference gaps too long to bridge (left out of every error).
    public var unbridgedSeconds: [String: Double]
    /// Per trial, the sensor errors measured during motion that its twin took over.
    public var motionCalibrations: [String: MotionCalibration]
    /// Trials without a reference attitude: they have no twin.
    public var withoutReference: [String] = []
    /// Per trial, how its reference's smoothing was chosen (absent when the caller set it).
    public var smoothings: [String: ReferenceSmoothing] = [:]
    /// Per trial, why its smoothing could not be chosen (it kept the default knots).
    public var smoothingProblems: [String: String] = [:]

    /// - Precondition: `predictionFactor` is finite and at least 1.
    public init(
        rows: [Row], seeds: [UInt64], unmodelled: [String: String] = [:], unbridgedSeconds: [String: Double] = [:],
        motionCalibrations: [String: MotionCalibration] = [:], predictionFactor: Double = 1
    ) {
        precondition(predictionFactor.isFinite && predictionFactor >= 1, "a prediction factor is finite and at least 1")
        self.rows = rows
        self.predictionFactor = predictionFactor
        self.seeds = seeds
        self.unmodelled = unmodelled
        self.unbridgedSeconds = unbridgedSeconds
        self.motionCalibrations = motionCalibrations
        stampPredictionFactor()
    }

    /// Gives every row the comparison's factor (once: the assignment's own `didSet` finds
    /// nothing left to do).
    private mutating func stampPredictionFactor() {
        let factor = predictionFactor
        guard rows.contains(where: { $0.predictionFactor != factor }) else { return }
        rows = rows.map { row in
            var row = row
            row.predictionFactor = factor
            return row
        }
    }

    /// The column names of twin.csv.
    public static let columns = ["trial", "filter", "real_rmse_total_deg", "twin_mean_deg", "twin_p10_deg", "twin_p90_deg", "factor"]
}
