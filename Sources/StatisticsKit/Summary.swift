/// Small descriptive statistics used by the metrics.
public enum Statistics {
    /// Arithmetic mean; NaN for no values.
    public static func mean(_ values: [Double]) -> Double {
        values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count)
    }

    /// Percentile p ∈ [0, 100] with linear interpolation between order statistics (the common
    /// "type 7" definition); NaN for no values.
    public static func percentile(_ values: [Double], _ p: Double) -> Double {
        percentile(sorted: values.sorted(), fraction: p / 100) ?? .nan
    }

    /// The `fraction` ∈ [0, 1] quantile of values already sorted ascending, type 7 as
    /// `percentile(_:_:)`; nil for no values. For several quantiles of one sample.
    public static func percentile(sorted: [Double], fraction: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let position = fraction * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down)), upper = min(lower + 1, sorted.count - 1)
        return sorted[lower] + (position - Double(lower)) * (sorted[upper] - sorted[lower])
    }

    /// Sample standard deviation (n − 1); 0 for fewer than two values.
    public static func standardDeviation(_ values: [Double]) -> Double {
        guard values.count > 1 else { return 0 }
        let m = mean(values)
        return (values.map { ($0 - m) * ($0 - m) }.reduce(0, +) / Double(values.count - 1)).squareRoot()
    }
}
