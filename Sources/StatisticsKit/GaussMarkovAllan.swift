import Foundation

/// The Allan variance of a first-order Gauss–Markov process (the simulator's bias instability):
/// stationary standard deviation σ, correlation time T,
///
///     σ²_A(τ) = σ² · g(τ/T),  g(x) = (2/x)·[1 − (3 − 4e^(−x) + e^(−2x)) / (2x)].
///
/// For τ ≪ T it rises like a rate random walk, 2σ²τ/(3T); for τ ≫ T it falls like white noise,
/// 2σ²T/τ; in between it peaks at g ≈ 0.42 near τ ≈ 1.9·T.
public enum GaussMarkovAllan {
    /// g(τ/T): the Allan variance for σ = 1.
    public static func shape(tau: Double, correlationTime: Double) -> Double {
        let x = tau / correlationTime
        // The bracket cancels to x²/3 − x³/4 + 7x⁴/60 − … for small x.
        if x < 1e-2 { return x * (2.0 / 3.0 + x * (-0.5 + x * 7.0 / 30.0)) }
        let bracket = 1 - (3 - 4 * exp(-x) + exp(-2 * x)) / (2 * x)
        return 2 / x * bracket
    }

    /// σ²_A(τ) for stationary standard deviation `sigma` (signal unit) and correlation time (s).
    public static func variance(tau: Double, sigma: Double, correlationTime: Double) -> Double {
        sigma * sigma * shape(tau: tau, correlationTime: correlationTime)
    }
}
