import Foundation
import Scenarios

/// A calibrated key: its centre over the training trials and the width of the distribution
/// each seed draws it from, with the basis of both in words (written to calibration.csv).
public struct KeyEstimate: Sendable, Equatable {
    public var key: CalibrationKey
    /// In the key's unit: the mean over the training trials (geometric mean for log keys), or
    /// the scenario's value when `isEstimated` is false.
    public var value: Double
    /// Standard deviation of the per-seed draws: of ln(value) for log keys, in the key's unit
    /// for linear ones; 0 when no spread could be estimated.
    public var width: Double
    /// Whether `value` comes from the trials (false: the scenario's value is kept).
    public var isEstimated: Bool
    /// Whether `width` comes from the trials.
    public var isWidthEstimated: Bool
    /// The factor over which the scenario itself spreads the value per seed, log-uniformly
    /// (a disturbance's `strength_spread` kept where the trials give no width); 1 for none.
    public var keptSpread: Double = 1
    /// How `value` and `width` were obtained, e.g. "mean of 1 training trial (05); width: SD of
    /// the key within groups, pooled over attached magnet (2), fast translation (2) × √(1 + 1/1)
    /// × 1.47 (t, 2 d.f.)".
    public var basis: String

    public init(key: CalibrationKey, value: Double, width: Double, isEstimated: Bool, isWidthEstimated: Bool, basis: String) {
        self.key = key
        self.value = value
        self.width = width
        self.isEstimated = isEstimated
        self.isWidthEstimated = isWidthEstimated
        self.basis = basis
    }

    /// The value a seed uses for standard normal deviate `z`: value·exp(width·z) for log keys,
    /// value + width·z otherwise, clamped to the key's limits.
    public func drawn(_ z: Double) -> Double { key.drawn(about: value, width: width, z: z) }

    /// The standard normal's 90 % point (its 10–90 % range is ± this).
    static let normal90 = 1.2815515655446004

    /// The 10–90 % range of the per-seed draws (clamped to the key's limits), for reports;
    /// with no width, that of the kept log-uniform spread.
    public var range1090: ClosedRange<Double> {
        let z = Self.normal90
        if width == 0 && keptSpread != 1 {  // value × spread^(u − 1/2), u uniform: p10 and p90 at u = 0.1, 0.9
            let low = value * pow(keptSpread, -0.4), high = value * pow(keptSpread, 0.4)
            return max(low, key.limits.lowerBound)...min(high, key.limits.upperBound)
        }
        let low = drawn(-z), high = drawn(z)
        return min(low, high)...max(low, high)
    }
}
