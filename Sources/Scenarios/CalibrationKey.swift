import Foundation
import OrbitMath
import Simulation

/// A scenario key that `validate` estimates from trials and a scenario's `spread` draws per
/// seed, with how it is read from and written to a scenario and how its spread over trials is
/// modelled.
///
/// Keys the table does not name (the IMU's noise, scale and misalignment, taps, vibration, a
/// field fixed in the world, …) keep the scenario's values.
public enum CalibrationKey: String, CaseIterable, Sendable, Comparable {
    case leadIn = "handheld.lead_in_s"
    case motionDuration = "handheld.motion_s"
    case leadOut = "handheld.lead_out_s"
    /// Breaks in the motion: a count, written as `break_every_s` = motion_s / (count + 1).
    case breakCount = "handheld.break_every_s (breaks)"
    case breakLength = "handheld.break_s"
    case tiltRMS = "handheld.tilt_rms_deg"
    /// The heading wander; the tilt's twist about the body z axis (`tilt_z_scale`) follows
    /// in the scenario's ratio, so both rotations about the vertical scale together.
    case headingRMS = "handheld.heading_rms_deg"
    /// The tilt bandwidth; the heading bandwidth follows in the scenario's ratio.
    case bandwidth = "handheld.tilt_bandwidth_hz"
    case translationRMS = "handheld.translation_rms_m"
    case leverX = "handheld.lever_arm_m[0]"
    case leverY = "handheld.lever_arm_m[1]"
    case leverZ = "handheld.lever_arm_m[2]"
    /// The share of the displacement along a body axis (`translation_axis`, the trials'
    /// principal axis of linear acceleration, set with it).
    case translationAxisShare = "handheld.translation_axis_share"
    /// How late the IMU reads against the reference (the negative of the reference's delay).
    case imuDelay = "imu.delay_ms"
    /// How much later than the gyroscope the magnetometer reads the attitude.
    case magnetometerDelay = "imu.magnetometer.delay_ms"
    case biasX = "imu.gyroscope.bias_dps[0]"
    case biasY = "imu.gyroscope.bias_dps[1]"
    case biasZ = "imu.gyroscope.bias_dps[2]"
    /// |field| of the scenario's first body-frame disturbance (a magnet riding on the sensor).
    case magnetStrength = "environment.disturbances[body].field_ut (magnitude)"
    case magnetStart = "environment.disturbances[body].start_s"
    case magnetDuration = "environment.disturbances[body].duration_s"

    /// How the spread over trials is modelled: positive quantities whose trials differ by a
    /// factor spread in the logarithm (log-normal draws), the others linearly (normal draws).
    public enum Scale: String, Sendable {
        case log, linear
    }

    public var scale: Scale {
        switch self {
        case .tiltRMS, .headingRMS, .bandwidth, .translationRMS, .magnetStrength: return .log
        default: return .linear
        }
    }

    /// Values a draw is clamped to (the schema's ranges, tightened where a value outside would
    /// describe another experiment).
    public var limits: ClosedRange<Double> {
        switch self {
        case .leadIn, .leadOut: return 1...600
        case .motionDuration: return 5...3600
        case .breakCount: return 0...20
        case .imuDelay: return 0...100
        case .magnetometerDelay: return -50...50  // as far as MotionCalibration searches
        case .leverX, .leverY, .leverZ: return -1...1  // within an arm's length of the point the hand turns about
        case .translationAxisShare: return 0...0.95
        case .breakLength: return 0.5...120
        case .tiltRMS: return 0.5...120
        case .headingRMS: return 0.5...720
        case .bandwidth: return 0.01...20
        case .translationRMS: return 0.0005...5
        case .biasX, .biasY, .biasZ: return -10...10
        case .magnetStrength: return 0.1...1000
        case .magnetStart: return 0...3600
        case .magnetDuration: return 1...3600
        }
    }

    /// The value one seed uses for standard normal deviate `z` when the key spreads with
    /// `width` about `centre`: centre·exp(width·z) for log keys, centre + width·z otherwise,
    /// clamped to `limits`.
    public func drawn(about centre: Double, width: Double, z: Double) -> Double {
        let raw = scale == .log ? centre * exp(width * z) : centre + width * z
        return min(max(raw, limits.lowerBound), limits.upperBound)
    }

    /// The unit of `value(in:)`, for reports.
    public var unit: String {
        switch self {
        case .leadIn, .motionDuration, .leadOut, .breakLength, .magnetStart, .magnetDuration: return "s"
        case .breakCount: return "breaks"
        case .imuDelay, .magnetometerDelay: return "ms"
        case .translationAxisShare: return "share"
        case .tiltRMS, .headingRMS: return "°"
        case .bandwidth: return "Hz"
        case .translationRMS, .leverX, .leverY, .leverZ: return "m"
        case .biasX, .biasY, .biasZ: return "°/s"
        case .magnetStrength: return "µT"
        }
    }

    public static func < (lhs: CalibrationKey, rhs: CalibrationKey) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Index of the scenario's first body-frame disturbance, the one the magnet keys describe.
    package static func magnetIndex(_ scenario: Scenario) -> Int? {
        scenario.world.environment.disturbances.firstIndex { $0.frame == .body }
    }

    /// The scenario value a key reads (and, but for the heading and the bandwidth, writes) as
    /// it is; nil for the break count and the magnet, which have rules of their own.
    var keyPath: WritableKeyPath<Scenario, Double>? {
        switch self {
        case .leadIn: return \.world.handheld.leadIn
        case .motionDuration: return \.world.handheld.motionDuration
        case .leadOut: return \.world.handheld.leadOut
        case .breakLength: return \.world.handheld.breakDuration
        case .tiltRMS: return \.world.handheld.tiltRMS
        case .headingRMS: return \.world.handheld.headingRMS
        case .bandwidth: return \.world.handheld.tiltBandwidth
        case .translationRMS: return \.world.handheld.translationRMS
        case .translationAxisShare: return \.world.handheld.translationAxisShare
        case .leverX: return \.world.handheld.leverArm.x
        case .leverY: return \.world.handheld.leverArm.y
        case .leverZ: return \.world.handheld.leverArm.z
        case .imuDelay: return \.world.imu.delay
        case .magnetometerDelay: return \.world.imu.magnetometer.delay
        case .biasX: return \.world.imu.gyroscope.bias.x
        case .biasY: return \.world.imu.gyroscope.bias.y
        case .biasZ: return \.world.imu.gyroscope.bias.z
        case .breakCount, .magnetStrength, .magnetStart, .magnetDuration: return nil
        }
    }

    /// The key's value in `scenario`; nil when the scenario has nothing it describes (no
    /// body-frame disturbance).
    public func value(in scenario: Scenario) -> Double? {
        if let keyPath { return scenario[keyPath: keyPath] }
        if self == .breakCount { return Double(scenario.world.handheld.breakCount) }
        guard let index = Self.magnetIndex(scenario) else { return nil }
        let magnet = scenario.world.environment.disturbances[index]
        return self == .magnetStrength ? magnet.field.norm : self == .magnetStart ? magnet.start : magnet.duration
    }

    /// Writes `value` (clamped to `limits`) into `scenario`. The break count is written as
    /// `break_every_s` for the scenario's current motion_s, so set `motionDuration` first;
    /// the magnet's strength keeps the field's direction.
    public func set(_ value: Double, in scenario: inout Scenario) {
        let value = min(max(value, limits.lowerBound), limits.upperBound)
        switch self {
        case .breakCount:
            let count = value.rounded()
            scenario.world.handheld.breakEvery = count < 1 ? 0 : scenario.world.handheld.motionDuration / (count + 1)
        case .headingRMS:
            let handheld = scenario.world.handheld
            if handheld.headingRMS > 0 {
                scenario.world.handheld.tiltVerticalScale = min(max(handheld.tiltVerticalScale * value / handheld.headingRMS, 0), 10)
            }
            scenario.world.handheld.headingRMS = value
        case .bandwidth:
            let handheld = scenario.world.handheld
            let ratio = handheld.tiltBandwidth > 0 ? handheld.headingBandwidth / handheld.tiltBandwidth : 1
            scenario.world.handheld.tiltBandwidth = value
            scenario.world.handheld.headingBandwidth = min(max(value * ratio, 0.001), 50)
        case .magnetStrength, .magnetStart, .magnetDuration:
            guard let index = Self.magnetIndex(scenario) else { return }
            var magnet = scenario.world.environment.disturbances[index]
            switch self {
            case .magnetStrength: magnet.field = (magnet.field.normalized ?? Vector3(0, 0, 1)) * value
            case .magnetStart: magnet.start = value
            default: magnet.duration = value
            }
            scenario.world.environment.disturbances[index] = magnet
        default: scenario[keyPath: keyPath!] = value
        }
    }

    /// The keys a command-line name selects: those whose path starts with it
    /// ("imu.gyroscope.bias_dps" selects all three axes).
    public static func matching(_ name: String) -> [CalibrationKey] {
        allCases.filter { $0.rawValue.hasPrefix(name) }
    }
}
