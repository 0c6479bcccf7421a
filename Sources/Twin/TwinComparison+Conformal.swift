import StatisticsKit

/// The twin's 10–90 % as a prediction of the real error, calibrated on real trials.
///
/// A twin's seeds differ only in their sensors' noise, so their spread is narrow (often ±1 %),
/// while the real error of a trial also carries everything the model leaves out. Read as a
/// prediction, the seeds' 10–90 % held the real error in few of the project's undisturbed
/// pairs. Conformalized quantile regression (Romano, Patterson and Candès 2019) widens it by what the
/// real trials show: each pair's score is the factor its seeds' range must widen by to reach the
/// real error (`Row.conformityScore`); the ⌈0.8 · (n + 1)⌉-th smallest score over n pairs of
/// other trials widens a new pair's range so that it holds its real error with probability at
/// least 80 %, if the new trial is like those measured.
extension TwinComparison {
    /// The probability the twin's 10–90 % is meant to hold the real error with.
    public static let predictionCoverage = 0.8

    /// The prediction factor `fusion --twin` uses: `conformalFactor(_:)` of the six undisturbed
    /// BROAD trials this project has (02, 05, 07, 10, 15, 18), four filters, seeds 1-20, as
    /// `fusion --twin` prints it under "Agreement" (docs/validation.md shows it, generated).
    public static let defaultPredictionFactor = 1.28

    /// The rows of trials whose twin models what happened in them (no `unmodelled` entry):
    /// the only ones a prediction factor is measured on or judged by.
    public var modelledRows: [Row] { rows.filter { unmodelled[$0.trial] == nil } }

    /// The factor, at least 1, that widens each row's seeds' range so that the twin's 10–90 %
    /// holds a new trial's real error with probability at least `predictionCoverage`:
    /// `Statistics.conformalQuantile` of the rows' `conformityScore`s. nil for no rows;
    /// +∞ for fewer than 4 (no finite factor can promise 80 % from so few).
    public static func conformalFactor(_ rows: [Row]) -> Double? {
        guard !rows.isEmpty, let quantile = Statistics.conformalQuantile(rows.map(\.conformityScore), coverage: predictionCoverage) else {
            return nil
        }
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
