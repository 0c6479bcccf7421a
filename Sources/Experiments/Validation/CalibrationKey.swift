import OrbitMath
import Scenarios
import StatisticsKit

extension CalibrationKey {
    /// The key's value in one trial as its statistics show it directly (lead-in and -out, the
    /// break count, bias, the magnet); nil for the keys fitted by simulation and where the
    /// trial does not show it.
    public func measured(in statistics: TrialStatistics) -> Double? {
        let bias = statistics.gyroscopeBias.map { $0 * Angles.degrees(1) }
        switch self {
        case .leadIn: return statistics.leadIn
        case .leadOut: return statistics.leadOut
        case .breakCount: return Double(statistics.breaks.count)
        case .imuDelay: return statistics.referenceDelay.map { -$0 * 1000 }
        case .magnetometerDelay: return statistics.magnetometerDelay.map { $0 * 1000 }
        case .biasX: return bias?.x
        case .biasY: return bias?.y
        case .biasZ: return bias?.z
        case .leverX: return statistics.leverArm?.x
        case .leverY: return statistics.leverArm?.y
        case .leverZ: return statistics.leverArm?.z
        case .magnetStrength: return statistics.bodyField?.field.norm
        case .magnetStart: return statistics.bodyField?.onset
        case .magnetDuration: return statistics.bodyField.map { $0.offset - $0.onset }
        case .motionDuration, .breakLength, .tiltRMS, .headingRMS, .bandwidth, .translationRMS, .translationAxisShare: return nil
        }
    }

    /// Whether the key describes the phone and the session rather than the motion (the
    /// gyroscope's bias, the IMU's and the magnetometer's delays): the trial's group says nothing about it, so a fold
    /// estimates it from every trial it may use, of every group, not only the group's.
    public var isSensorProperty: Bool {
        switch self {
        case .imuDelay, .magnetometerDelay, .biasX, .biasY, .biasZ: return true
        default: return false
        }
    }

    /// Keys fitted by simulating the scenario until its statistics match the trial's.
    /// Motion and breaks are fitted too: the rest detector sees a break only once it has been
    /// still for 1.5 s, so measured breaks are shorter than the scenario's.
    public static let fitted: [CalibrationKey] = [
        .motionDuration, .breakLength, .tiltRMS, .headingRMS, .bandwidth, .translationRMS, .translationAxisShare,
    ]

    /// How far a linear key moves per fit step, times the difference of the statistics.
    var fitGain: Double { self == .translationAxisShare ? 1.5 : 1 }
}
