import CGSL

extension Statistics {
    /// The `p` quantile (0 < p < 1) of Student's t with `degrees` (> 0) degrees of freedom
    /// (`gsl_cdf_tdist_Pinv`); 1.886 for p = 0.9 and 2 degrees.
    public static func studentTQuantile(_ p: Double, degrees: Double) -> Double { gsl_cdf_tdist_Pinv(p, degrees) }
}
