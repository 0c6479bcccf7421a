import Foundation
import OrbitMath

extension FilterName {
    public static let complementary = FilterName(builtIn: "complementary")
}

/// A complementary filter with decoupled tilt and heading corrections.
///
/// The gyroscope propagates the attitude; then the measured up direction pulls the estimated
/// one towards it by rotating about a horizontal axis (tilt), and the measured field's
/// horizontal direction pulls the heading towards magnetic north by rotating about the
/// vertical (heading). Each correction removes the fraction dt/(τ + dt) of its error per step,
/// a first-order blend with time constant τ. Because the two corrections act about orthogonal
/// earth axes, a disturbed magnetometer cannot tilt the estimate. Accelerometer samples whose
/// magnitude is far from gravity are not used for tilt (the device is accelerating). No bias
/// is estimated.
public struct ComplementaryFilter: SingleStageFilter, BuiltInFilter {
    public static var name: FilterName { .complementary }
    public static var settingsSection: String { "complementary" }
    public static var settingsHelp: String { "complementary filter" }

    public struct Settings: BuiltInFilterSettings {
        /// Time constant of the tilt correction, s.
        public var tiltTimeConstant: Double = 1.0
        /// Time constant of the heading correction, s.
        public var headingTimeConstant: Double = 5.0
        /// Accelerometer samples whose magnitude differs from `gravity` by more than this are not
        /// used for tilt, m/s².
        public var accelerationRejection: Double = 2.0
        /// Expected magnitude of gravity, m/s².
        public var gravity: Double = Units.standardGravity

        /// The defaults, as documented on each property.
        public init() {}

        public static let `default` = Settings()

        public static var keys: [SettingKey<Settings>] {
            [
                SettingKey("tilt_time_constant_s", \.tiltTimeConstant, 0.01...1000, help: "time constant of the accelerometer tilt correction"),
                SettingKey(
                    "heading_time_constant_s", \.headingTimeConstant, 0.01...1000, help: "time constant of the magnetometer heading correction"),
                SettingKey(
                    "acceleration_rejection_m_s2", \.accelerationRejection, 0.01...100, help: "skip tilt correction when |a| differs from g by more"),
            ]
        }
    }

    public var settings: Settings
    public var state = SingleStageState()

    public init(settings: Settings = .default) {
        self.settings = settings
    }

    public mutating func integrate(gyroscope: Vector3, accelerometer: Vector3, field: Vector3?, dt: Double) {
        var q = (state.attitude * Quaternion(rotationVector: dt * gyroscope)).renormalized ?? state.attitude

        let magnitude = accelerometer.norm
        state.diagnostics.accelerationRejected = abs(magnitude - settings.gravity) > settings.accelerationRejection || magnitude == 0
        if state.diagnostics.accelerationRejected {
            state.diagnostics.accelerationRejections += 1
        } else {
            // Rotate the measured up (in earth coordinates) a fraction of the way onto z.
            let up = q.rotate((1 / magnitude) * accelerometer)
            let gain = dt / (settings.tiltTimeConstant + dt)
            let axis = up.cross(.unitZ)  // |axis| = sin(error angle), horizontal
            let angle = atan2(axis.norm, up.z)
            if let unit = axis.normalized {
                q = (Quaternion(rotationVector: (gain * angle) * unit) * q).renormalized ?? q
            }
        }

        if let m = field, m.normSquared > 0 {
            let horizontal = q.rotate(m)
            if horizontal.x != 0 || horizontal.y != 0 {
                let headingError = atan2(horizontal.y, horizontal.x)  // field azimuth from x
                let gain = dt / (settings.headingTimeConstant + dt)
                q = (Quaternion(about: .z, angle: -gain * headingError) * q).renormalized ?? q
            }
        }
        state.attitude = q
    }
}
