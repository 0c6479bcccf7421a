import Foundation

/// Resource bounds checked while a scenario is validated, before any work starts.
public enum ScenarioLimits {
    /// IMU samples one capture run may simulate: `$ORBITBENCH_MAX_SAMPLES`, default 10⁶ (83 min
    /// at 200 Hz, about 1 GB).
    public static let maximumImuSamples: Int =
        ProcessInfo.processInfo.environment["ORBITBENCH_MAX_SAMPLES"].flatMap(Int.init).map { max(1000, $0) } ?? 1_000_000
}
