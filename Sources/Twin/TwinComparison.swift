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

        public var mean: Double { Statistics.mean(twins) }
        /// The seeds' 10 % and 90 % quantiles (type 7), °.
        public var p10: Double { Statistics.percentile(twins, 10) }
        public var p90: Double { Statistics.percentile(twins, 90) }
        /// Twin mean / real: above 1 the twin is too pessimistic, below too optimistic.
        public var factor: Double { mean / real }
        /// Whether the real error lies in the seeds' 10–90 % range.
        public var realInsideSpread: Bool { real >= p10 && real <= p90 }
        /// Whether the factor is within [1/1.5, 1.5].
        public var withinFactor: Bool { factor >= 1 / 1.5 && factor <= 1.5 }
    }

    public var rows: [Row]
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

    public init(
        rows: [Row], seeds: [UInt64], unmodelled: [String: String] = [:], unbridgedSeconds: [String: Double] = [:],
        motionCalibrations: [String: MotionCalibration] = [:]
    ) {
        self.rows = rows
        self.seeds = seeds
        self.unmodelled = unmodelled
        self.unbridgedSeconds = unbridgedSeconds
        self.motionCalibrations = motionCalibrations
    }

    /// The column names of twin.csv.
    public static let columns = ["trial", "filter", "real_rmse_total_deg", "twin_mean_deg", "twin_p10_deg", "twin_p90_deg", "factor"]
}
