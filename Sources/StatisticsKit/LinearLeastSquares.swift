import CGSL

/// Ordinary least squares y ≈ X·β (GSL's `gsl_multifit_linear`, SVD based), with standard
/// errors for time series: the residuals of a sensor fit are correlated from sample to sample,
/// so the errors use the effective number of samples n·(1 − ρ)/(1 + ρ), ρ the residuals' lag-1
/// autocorrelation (0 when it is negative), instead of n.
public struct LinearLeastSquares: Sendable {
    /// β, one per column of X.
    public let coefficients: [Double]
    /// Standard error of each coefficient (correlation-adjusted as above).
    public let standardErrors: [Double]
    /// RMS of the residuals y − X·β.
    public let residualRMS: Double
    /// The effective number of samples behind the standard errors.
    public let effectiveSamples: Double

    /// Fits `rows` (n rows of p regressors) to `values` (n).
    ///
    /// - Returns: nil when n ≤ p, a value or regressor is not finite, or GSL fails.
    public init?(rows: [[Double]], values: [Double]) {
        let n = rows.count
        guard let p = rows.first?.count, p > 0, n > p, values.count == n,
            values.allSatisfy(\.isFinite), rows.allSatisfy({ $0.count == p && $0.allSatisfy(\.isFinite) })
        else { return nil }
        _ = gsl_set_error_handler_off()
        guard let x = gsl_matrix_alloc(n, p), let y = gsl_vector_alloc(n), let beta = gsl_vector_alloc(p), let covariance = gsl_matrix_alloc(p, p),
            let work = gsl_multifit_linear_alloc(n, p)
        else { return nil }
        defer {
            gsl_matrix_free(x)
            gsl_vector_free(y)
            gsl_vector_free(beta)
            gsl_matrix_free(covariance)
            gsl_multifit_linear_free(work)
        }
        for (i, row) in rows.enumerated() {
            for (j, value) in row.enumerated() { gsl_matrix_set(x, i, j, value) }
            gsl_vector_set(y, i, values[i])
        }
        var chiSquared = 0.0
        guard gsl_multifit_linear(x, y, beta, covariance, &chiSquared, work) == 0 else { return nil }
        let coefficients = (0..<p).map { gsl_vector_get(beta, $0) }
        let residuals = rows.indices.map { i in values[i] - zip(rows[i], coefficients).reduce(0) { $0 + $1.0 * $1.1 } }
        let sumSquares = residuals.reduce(0) { $0 + $1 * $1 }
        let lagged = zip(residuals.dropFirst(), residuals).reduce(0) { $0 + $1.0 * $1.1 }
        let rho = sumSquares > 0 ? max(0, min(0.999, lagged / sumSquares)) : 0
        let effective = Double(n) * (1 - rho) / (1 + rho)
        // GSL's covariance is s²·(XᵀX)⁻¹, s² = χ²/(n − p): widen it by n / n_eff.
        self.coefficients = coefficients
        standardErrors = (0..<p).map { (max(0, gsl_matrix_get(covariance, $0, $0)) * Double(n) / effective).squareRoot() }
        residualRMS = (sumSquares / Double(n)).squareRoot()
        effectiveSamples = effective
    }
}
