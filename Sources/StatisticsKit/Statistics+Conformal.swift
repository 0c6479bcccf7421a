extension Statistics {
    /// The split-conformal quantile of nonconformity `scores` for a prediction interval that
    /// holds a new case with probability at least `coverage` (Vovk et al.; Lei et al. 2018):
    /// the ⌈coverage · (n + 1)⌉-th smallest score. Exchangeable cases are all it assumes.
    ///
    /// Edge cases: +∞ when there are too few scores for the coverage asked (⌈coverage · (n + 1)⌉
    /// > n, e.g. fewer than 4 scores for 80 %) — no finite interval can promise it; nil for a
    /// coverage outside (0, 1) or a score that is NaN.
    public static func conformalQuantile(_ scores: [Double], coverage: Double) -> Double? {
        guard coverage > 0, coverage < 1, !scores.contains(where: \.isNaN) else { return nil }
        // Less a relative rounding error's worth: 0.035 · 200 is 7.000000000000001 in binary
        // floating point and rank 7, not 8.
        let exact = coverage * Double(scores.count + 1)
        let rank = Int((exact - exact * 1e-12).rounded(.up))
        guard rank <= scores.count else { return .infinity }
        return scores.sorted()[max(rank, 1) - 1]
    }
}
