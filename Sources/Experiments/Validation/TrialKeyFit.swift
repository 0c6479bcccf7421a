import Foundation
import OrbitMath
import Runs
import Scenarios
import Simulation
import StatisticsKit

/// One trial's scenario keys: the ones its statistics show directly (timing, breaks, the
/// gyroscope's bias at the first rest, a magnet riding on the sensor) and the motion keys
/// fitted by simulating the scenario until its statistics match the trial's.
///
/// The fit is a fixed-point iteration on scale factors: each motion key is multiplied by the
/// ratio of the trial's statistic to the simulated one (mean over `seeds`), at most ×2 or ×½
/// per step, since each statistic grows about in proportion to its key:
///
/// | key | statistic |
/// |---|---|
/// | `tilt_rms_deg` | RMS tilt from the up direction before the motion (reference) |
/// | `heading_rms_deg` | median rotation rate about the earth's vertical (reference) |
/// | `tilt_bandwidth_hz` (heading's in ratio) | median rotation rate about horizontal axes (reference) |
/// | `translation_rms_m` | geometric mean of the median and 90th percentile of \|\|f\| − g\| |
///
/// The keys are coupled (a faster tilt also turns about the vertical), so all move together
/// each step. A key whose statistic the trial lacks (no reference) keeps the scenario's value.
public struct TrialKeyFit: Sendable {
    public var trial: String
    public var statistics: TrialStatistics
    /// The same statistics of the fitted scenario's simulation (the first fit seed, final
    /// keys): the evidence of what the simulation now matches and what it does not.
    public var simulated: TrialStatistics
    /// The estimated keys, in each key's unit.
    public var values: [CalibrationKey: Double]
    /// Direction of the body field (unit), when the trial shows one.
    public var magnetDirection: Vector3?
    /// How well the fitted statistics match after the last step.
    public var matches: [Match]

    /// A fitted statistic: the trial's and the simulation's (mean over the fit seeds).
    public struct Match: Sendable, Equatable {
        public var key: CalibrationKey
        /// What is matched, with its unit.
        public var statistic: String
        public var real: Double
        public var simulated: Double
    }

    /// The statistic each fitted key is matched on, in display units; nil where the trial
    /// does not have it.
    static func target(_ key: CalibrationKey, _ statistics: TrialStatistics) -> Double? {
        let value: Double?
        switch key {
        case .tiltRMS: value = statistics.tiltRMS.map(Angles.degrees)
        case .headingRMS: value = statistics.verticalRate
        case .bandwidth: value = statistics.horizontalRate
        case .translationRMS:
            let excess = statistics.motion.accelerationExcess
            value = (excess.p50 * excess.p90).squareRoot()
        default: value = nil
        }
        guard let value, value.isFinite, value > 0 else { return nil }
        return value
    }

    static func statisticName(_ key: CalibrationKey) -> String {
        switch key {
        case .tiltRMS: return "tilt RMS (°)"
        case .headingRMS: return "|ω vertical| p50 (°/s)"
        case .bandwidth: return "|ω horizontal| p50 (°/s)"
        case .translationRMS: return "||f|−g| √(p50·p90) (m/s²)"
        default: return key.rawValue
        }
    }

    /// Largest change of a fitted key in one step (factor).
    static let maximumStep = 2.0

    /// Fits `base` (a hand-held scenario) to the trial with these statistics.
    ///
    /// - Parameters:
    ///   - seeds: seeds of the matching simulations (their statistics are averaged).
    ///   - iterations: scale steps; the simulation runs `iterations + 1` times per seed.
    /// - Throws: `GSLError` from the simulation.
    public static func fit(trial: String, statistics: TrialStatistics, base: Scenario, seeds: [UInt64], iterations: Int) throws -> TrialKeyFit {
        precondition(!seeds.isEmpty, "a fit needs at least one seed")
        var scenario = base
        var values: [CalibrationKey: Double] = [:]
        for key in CalibrationKey.allCases {
            guard let value = key.measured(in: statistics), key.value(in: scenario) != nil else { continue }
            values[key] = value
            key.set(value, in: &scenario)
        }
        let direction = statistics.bodyField.flatMap { $0.field.normalized }
        if let direction, values[.magnetStrength] != nil {
            CalibrationKey.magnetStrength.set(statistics.bodyField!.field.norm, in: &scenario)
            if let index = CalibrationKey.magnetIndex(scenario) {
                scenario.world.environment.disturbances[index].field = direction * statistics.bodyField!.field.norm
            }
        }
        let fitted = CalibrationKey.fitted.filter { target($0, statistics) != nil }
        var simulated: [CalibrationKey: Double] = [:]
        var last: [TrialStatistics] = []
        for step in 0...iterations {
            last = try seeds.map { try simulatedStatistics(scenario, seed: $0) }
            simulated = averageTargets(last, keys: fitted)
            guard step < iterations else { break }
            for key in fitted {
                guard let real = target(key, statistics), let now = simulated[key], now > 0, let current = key.value(in: scenario) else { continue }
                let factor = min(max(real / now, 1 / maximumStep), maximumStep)
                key.set(current * factor, in: &scenario)
            }
        }
        var matches: [Match] = []
        for key in fitted {
            values[key] = key.value(in: scenario)
            if let real = target(key, statistics) {
                matches.append(Match(key: key, statistic: statisticName(key), real: real, simulated: simulated[key] ?? .nan))
            }
        }
        return TrialKeyFit(
            trial: trial, statistics: statistics, simulated: last[0], values: values, magnetDirection: direction, matches: matches)
    }

    /// The fitted statistics averaged over simulated runs.
    static func averageTargets(_ runs: [TrialStatistics], keys: [CalibrationKey]) -> [CalibrationKey: Double] {
        var sums: [CalibrationKey: (Double, Int)] = [:]
        for statistics in runs {
            for key in keys {
                guard let value = target(key, statistics) else { continue }
                let (sum, count) = sums[key] ?? (0, 0)
                sums[key] = (sum + value, count + 1)
            }
        }
        return sums.mapValues { $0.0 / Double($0.1) }
    }

    /// The statistics of one simulated run, measured as a recording's are.
    public static func simulatedStatistics(_ scenario: Scenario, seed: UInt64) throws -> TrialStatistics {
        let run = try SimulatedRun(world: scenario.world, seed: seed)
        return TrialStatistics(TrialSignals(FusionInput(run: run, calibrate: scenario.fusion.magnetometerCalibration == .ideal)))
    }
}
