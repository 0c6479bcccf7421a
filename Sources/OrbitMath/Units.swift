/// Physical constants and unit factors used across the package; SI inside the code. Angles
/// have their own vocabulary in `Angles`.
public enum Units {
    /// Standard gravity g₀, m/s² (the "g" of accelerometer data sheets and of CoreMotion's
    /// accelerations, and of the `_g`, `mg`, `ug` scenario keys). The simulated site's local
    /// gravity is a scenario key of its own (`environment.gravity_m_s2`).
    @inlinable public static var standardGravity: Double { 9.80665 }
}
