import Foundation
import OrbitMath
import Fusion

/// How the phone's magnetometer calibration relates to the simulated hard and soft iron.
public enum MagnetometerCalibrationMode: String, CaseIterable, Sendable {
    /// The phone has calibrated exactly (the inverse of the simulated errors is applied).
    case ideal
    /// Raw readings go to the filter.
    case none
}

/// The fusion part of a scenario: the filters' settings plus how the simulated phone
/// calibrates its magnetometer. `scenario.fusion.filter` reads through to `settings`.
@dynamicMemberLookup
public struct FusionScenarioSettings: Sendable, Equatable {
    /// Which filter, in which reference frame, with which parameters.
    public var settings = FusionSettings()
    public var magnetometerCalibration = MagnetometerCalibrationMode.ideal
    public init() {}

    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<FusionSettings, Value>) -> Value {
        get { settings[keyPath: keyPath] }
        set { settings[keyPath: keyPath] = newValue }
    }
}

extension ConfigSchema where Root == FusionScenarioSettings {
    static var fusion: ConfigSchema {
        let fields: [ConfigField<FusionScenarioSettings>] = [
            .choice(
                "filter", \.settings.filter, help: "attitude filter feeding the capture code: a built-in one or a name registered with FilterRegistry"
            ),
            .choice("reference_frame", \.settings.referenceFrame, help: "CoreMotion reference frame of the DeviceMotion stream"),
            .choice(
                "magnetometer_calibration", \.magnetometerCalibration, help: "ideal: the phone removes the simulated hard/soft iron; none: raw field"),
            .section("complementary", \.settings.complementary, .complementary, help: "complementary filter"),
            .section("mahony", \.settings.mahony, .mahony, help: "Mahony filter"),
            .section("madgwick", \.settings.madgwick, .madgwick, help: "Madgwick filter"),
            .section("bias_estimating", \.settings.biasEstimating, .biasEstimating, help: "bias-estimating filter"),
            .numberMap(
                "parameters", \.settings.parameters, help: "a registered filter's parameters, as declared at registration (FusionSettings.parameters)"
            ),
        ]
        return ConfigSchema(fields)
    }
}

extension ConfigSchema where Root == ComplementaryFilter.Settings {
    static var complementary: ConfigSchema {
        let fields: [ConfigField<ComplementaryFilter.Settings>] = [
            .number("tilt_time_constant_s", \.tiltTimeConstant, 0.01...1000, help: "time constant of the accelerometer tilt correction"),
            .number("heading_time_constant_s", \.headingTimeConstant, 0.01...1000, help: "time constant of the magnetometer heading correction"),
            .number("acceleration_rejection_m_s2", \.accelerationRejection, 0.01...100, help: "skip tilt correction when |a| differs from g by more"),
        ]
        return ConfigSchema(fields)
    }
}

extension ConfigSchema where Root == MahonyFilter.Settings {
    static var mahony: ConfigSchema {
        let fields: [ConfigField<MahonyFilter.Settings>] = [
            .number("kp", \.proportionalGain, 0...100, help: "proportional gain, rad/s per unit direction error"),
            .number("ki", \.integralGain, 0...100, help: "integral (bias) gain, rad/s² per unit direction error"),
            .number("bias_limit_dps", \.biasLimit, 0...100, scale: Angles.radiansPerDegree, help: "largest bias estimate"),
        ]
        return ConfigSchema(fields)
    }
}

extension ConfigSchema where Root == MadgwickFilter.Settings {
    static var madgwick: ConfigSchema {
        let fields: [ConfigField<MadgwickFilter.Settings>] = [
            .number("beta", \.beta, 0...10, help: "gradient step, rad/s")
        ]
        return ConfigSchema(fields)
    }
}

extension ConfigSchema where Root == BiasEstimatingFilter.Settings {
    static var biasEstimating: ConfigSchema {
        let fields: [ConfigField<BiasEstimatingFilter.Settings>] = [
            .number(
                "acceleration_time_constant_s", \.accelerationTimeConstant, 0.01...1000, help: "accelerometer low-pass in the almost-inertial frame"),
            .number("heading_time_constant_s", \.headingTimeConstant, 0.01...1000, help: "magnetometer heading correction"),
            .number(
                "heading_startup_time_constant_s", \.headingStartupTimeConstant, 0.01...1000, help: "heading correction during the start-up phase"),
            .number("startup_duration_s", \.startupDuration, 0...1000, help: "length of the start-up phase"),
            .number(
                "bias_initial_sigma_dps", \.biasInitialSigma, 0.0001...100, scale: Angles.radiansPerDegree, help: "bias uncertainty (1σ) at start-up"),
            .number(
                "bias_drift_sigma_dps", \.biasDriftSigma, 0.0001...100, scale: Angles.radiansPerDegree,
                help: "the bias may wander this much within bias_drift_time_s"),
            .number("bias_drift_time_s", \.biasDriftTime, 0.01...100_000, help: "see bias_drift_sigma_dps"),
            .number(
                "motion_bias_sigma_dps", \.motionBiasSigma, 0.0001...100, scale: Angles.radiansPerDegree,
                help: "uncertainty the bias settles at from inclination corrections in motion"),
            .number(
                "heading_bias_sigma_dps", \.headingBiasSigma, 0.0001...100, scale: Angles.radiansPerDegree,
                help: "uncertainty the vertical bias settles at from heading corrections"),
            .number(
                "rest_bias_sigma_dps", \.restBiasSigma, 0.0001...100, scale: Angles.radiansPerDegree,
                help: "uncertainty the bias settles at during a long rest"),
            .number("bias_limit_dps", \.biasLimit, 0...100, scale: Angles.radiansPerDegree, help: "largest bias estimate"),
            .number(
                "rest_gyroscope_threshold_dps", \.restGyroscopeThreshold, 0...100, scale: Angles.radiansPerDegree,
                help: "rest detection: gyroscope deviation limit"),
            .number(
                "rest_steadiness_threshold_dps", \.restSteadinessThreshold, 0...100, scale: Angles.radiansPerDegree,
                help: "rest: the 0.5 s and 2 s gyroscope means must agree within this to measure the bias"),
            .number("rest_acceleration_threshold_m_s2", \.restAccelerationThreshold, 0...100, help: "rest detection: accelerometer deviation limit"),
            .number("rest_minimum_duration_s", \.restMinimumDuration, 0...1000, help: "rest detection: required duration"),
            .number("magnetic_norm_tolerance", \.magneticNormTolerance, 0...10, help: "disturbance: relative field magnitude tolerance"),
            .number("magnetic_dip_tolerance_deg", \.magneticDipTolerance, 0...90, scale: Angles.radiansPerDegree, help: "disturbance: dip tolerance"),
            .number(
                "magnetic_accept_after_s", \.magneticAcceptAfter, 0...100_000,
                help: "a steady disturbance becomes the new reference after this long of turning"),
            .number(
                "magnetic_reference_time_constant_s", \.magneticReferenceTimeConstant, 0.01...100_000,
                help: "how fast the undisturbed field reference follows"),
            .number(
                "magnetic_current_time_constant_s", \.magneticCurrentTimeConstant, 0.001...100,
                help: "low-pass of field magnitude and dip before they are judged"),
            .number(
                "magnetic_minimum_undisturbed_s", \.magneticMinimumUndisturbedTime, 0...1000,
                help: "undisturbed time needed before the field is used again"),
            .number(
                "magnetic_new_field_rate_dps", \.magneticNewFieldMinimumRate, 0...10_000, scale: Angles.radiansPerDegree,
                help: "acceptance of a new field counts only above this turn rate"),
            .number(
                "magnetic_max_rejection_s", \.magneticMaximumRejectionTime, 0...1e9,
                help: "after this long of rejection a disturbed field is used again, weakly"),
            .number(
                "magnetic_rejection_slowdown", \.magneticRejectionSlowdown, 1...1000,
                help: "a disturbed field used after magnetic_max_rejection_s corrects this many times slower"),
            .number(
                "magnetic_offset_time_constant_s", \.magneticOffsetTimeConstant, 0...100_000,
                help: "a disturbance riding on the device is learned in the body frame over this (0: off)"),
            .number(
                "magnetic_offset_min_turn_deg", \.magneticOffsetMinimumTurn, 0...1e9, scale: Angles.radiansPerDegree,
                help: "the learned offset is trusted after the device turned this much"),
            .number(
                "magnetic_offset_tolerance_ut", \.magneticOffsetTolerance, 0...1000,
                help: "the field must stay within this of the learned offset (RMS)"),
        ]
        return ConfigSchema(fields)
    }
}
