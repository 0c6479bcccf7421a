import Foundation
import StatisticsKit

/// The twin's 10–90 % as a prediction of the real error, calibrated on real trials.
///
/// A twin's seeds differ only in their sensors' noise, so their spread is narrow, while the real
/// error of a trial also carries everything the model leaves out. Read as a prediction, the
/// seeds' 10–90 % held the real error in few of the project's undisturbed (trial, filter) pairs.
/// The score of conformalized quantile regression (Romano, Patterson and Candès 2019), on a log
/// scale around the simulator's own quantiles (nothing is fitted to the real errors), widens it
/// by what real trials show: each pair's score is the factor its seeds' range must widen by to
/// reach the real error (`Row.conformityScore`); the ⌈0.8 · (n + 1)⌉-th smallest score over n
/// pairs widens a new pair's range so that it holds its real error with probability at least
/// 80 %, if the new pair is exchangeable with those n. The four filters of a trial share its
/// motion, so the pairs come in clusters and the guarantee is approximate; the coverage is over
/// pairs (trials and filters), not per trial; and a factor measured at one number of seeds
/// covers less with fewer (their range is narrower).
extension TwinComparison {
    /// The probability the twin's 10–90 % is meant to hold the real error with.
    public static let predictionCoverage = 0.8

    /// The prediction factor `fusion --twin` uses: `conformalFactor(_:)` of the six undisturbed
    /// BROAD trials this project has (02, 05, 07, 10, 15, 18), four filters, seeds 1-20, rounded
    /// up to two decimals, as `fusion --twin` prints it under "Agreement" (docs/validation.md
    /// shows the measured factor beside this one, generated; a test fails when they part).
    public static let defaultPredictionFactor = 1.29

    /// The fewest pairs a finite factor can be measured on: ⌈0.8 · (n + 1)⌉ ≤ n from n = 4.
    public static var minimumPairs: Int { Int((predictionCoverage / (1 - predictionCoverage) - 1e-9).rounded(.up)) }

    /// A factor as reports print it: rounded up to two decimals, so that a printed factor never
    /// covers less than the one measured.
    public static func factorText(_ factor: Double) -> String { String(format: "%.2f", (factor * 100 - 1e-9).rounded(.up) / 100) }

    /// The rows of trials whose twin models what happened in them (no `unmodelled` entry):
    /// the only ones a prediction factor is measured on or judged by.
    public var modelledRows: [Row] { rows.filter { unmodelled[$0.trial] == nil } }

    /// The factor, at least 1, that widens each row's seeds' range so that the twin's 10–90 %
    /// holds a new pair's real error with probability at least `predictionCoverage`:
    /// `Statistics.conformalQuantile` of the rows' `conformityScore`s. Rows without a score
    /// (NaN: no real error or no seed range to compare) are left out; nil when none is left;
    /// +∞ for fewer than `minimumPairs` (no finite factor can promise 80 % from so few).
    public static func conformalFactor(_ rows: [Row]) -> Double? {
        let scores = rows.map(\.conformityScore).filter { !$0.isNaN }
        guard !scores.isEmpty, let quantile = Statistics.conformalQuantile(scores, coverage: predictionCoverage) else { return nil }
        return max(1, quantile)
    }

    /// Each modelled trial judged out of sample: its rows widened by the `conformalFactor` of
    /// the other modelled trials' rows, and how many of the rows judged then hold the real
    /// error. A trial whose others have too few rows for a finite factor is not judged (an
    /// endless range would hold anything); nil when no trial can be.
    public func leaveOneTrialOut() -> (inside: Int, count: Int)? {
        let modelled = modelledRows
        var inside = 0, count = 0
        for trial in Set(modelled.map(\.trial)) {
            guard let factor = Self.conformalFactor(modelled.filter { $0.trial != trial }), factor.isFinite else { continue }
            for var row in modelled where row.trial == trial {
                row.predictionFactor = factor
                count += 1
                if row.realInsideSpread { inside += 1 }
            }
        }
        return count == 0 ? nil : (inside, count)
    }
}
