import OrbitMath
import Runs
import Scenarios
import Simulation
import StatisticsKit

/// One trial's scenario keys: the ones its statistics show directly (timing, breaks, the
/// gyroscope's bias at the first rest, a magnet riding on the sensor) and the motion keys
/// fitted by simulating the scenario until its statistics match the trial's.
///
/// The fit is a fixed-point iteration: each motion key is multiplied by the ratio of the
/// trial's statistic to the simulated one (mean over `seeds`), at most ×2 or ×½ per step,
/// since each statistic grows about in proportion to its key; the axis share moves by 1.5×
/// the difference of the shares (a share of s along one axis shows as about s + (1 − s)/3):
///
/// | key | statistic |
/// |---|---|
/// | `motion_s`, `break_s` | the motion without breaks, the mean break (rests of 3 s or more in the motion) |
/// | `tilt_rms_deg` | RMS tilt of the up direction from its mean over the motion (reference) |
/// | `heading_rms_deg` | median rotation rate about the earth's vertical (reference) |
/// | `tilt_bandwidth_hz` (heading's in ratio) | median rotation rate about horizontal axes (reference) |
/// | `translation_rms_m` | geometric mean of the median and 90th percentile of \|\|f\| − g\| |
/// | `translation_axis_share` (along the trial's principal axis) | share of the linear acceleration's variance on its principal body axis |
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
    /// The principal body axis of the trial's linear acceleration (unit), when it has a reference.
    public var translationAxis: Vector3?
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
        case .motionDuration: value = statistics.motionDuration
        case .breakLength: value = statistics.breaks.isEmpty ? nil : statistics.breaks.reduce(0, +) / Double(statistics.breaks.count)
        case .tiltRMS: value = statistics.tiltRMS.map(Angles.degrees)
        case .headingRMS: value = statistics.verticalRate
        case .bandwidth: value = statistics.horizontalRate
        case .translationRMS:
            let excess = statistics.motion.accelerationExcess
            value = (excess.p50 * excess.p90).squareRoot()
        case .translationAxisShare: value = statistics.accelerationShape?.bodyShare
        default: value = nil
        }
        guard let value, value.isFinite, value > 0 else { return nil }
        return value
    }

    static func statisticName(_ key: CalibrationKey) -> String {
        switch key {
        case .motionDuration: return "motion without breaks (s)"
        case .breakLength: return "mean break (s)"
        case .tiltRMS: return "tilt RMS (°)"
        case .headingRMS: return "|ω vertical| p50 (°/s)"
        case .bandwidth: return "|ω horizontal| p50 (°/s)"
        case .translationRMS: return "||f|−g| √(p50·p90) (m/s²)"
        case .translationAxisShare: return "body principal-axis share of linear acceleration"
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
    ///   - kept: keys left at the scenario's values.
    /// - Throws: `GSLError` from the simulation.
    public static func fit(
        trial: String, statistics: TrialStatistics, base: Scenario, seeds: [UInt64], iterations: Int, kept: Set<CalibrationKey> = []
    ) throws -> TrialKeyFit {
        precondition(!seeds.isEmpty, "a fit needs at least one seed")
        var scenario = base
        scenario.spread = []  // the fit matches the keys themselves, not draws about them
        var values: [CalibrationKey: Double] = [:]
        for key in CalibrationKey.allCases where !kept.contains(key) {
            guard let value = key.measured(in: statistics), key.value(in: scenario) != nil else { continue }
            values[key] = value
            key.set(value, in: &scenario)
        }
        // A kept magnet keeps its direction too.
        let direction = kept.contains(.magnetStrength) ? nil : statistics.bodyField.flatMap { $0.field.normalized }
        if let direction, let strength = values[.magnetStrength], let index = CalibrationKey.magnetIndex(scenario) {
            scenario.world.environment.disturbances[index].field = direction * strength
            // The trial's own strength was measured: its copy does not draw another one.
            scenario.world.environment.disturbances[index].strengthSpread = 1
        }
        let axis = kept.contains(.translationAxisShare) ? nil : statistics.accelerationShape?.bodyAxis.normalized
        if let axis { scenario.world.handheld.translationAxis = axis }
        let fitted = CalibrationKey.fitted.filter {
            !kept.contains($0) && target($0, statistics) != nil && ($0 != .translationAxisShare || axis != nil)
        }
        var simulated: [CalibrationKey: Double] = [:]
        var last: [TrialStatistics] = []
        for step in 0...iterations {
            last = try seeds.map { try simulatedStatistics(scenario, seed: $0) }
            simulated = averageTargets(last, keys: fitted)
            guard step < iterations else { break }
            defer {
                // break_every_s holds the count for the motion length: write it for the new one.
                if let count = values[.breakCount] { CalibrationKey.breakCount.set(count, in: &scenario) }
            }
            for key in fitted {
                guard let real = target(key, statistics), let now = simulated[key], now > 0, let current = key.value(in: scenario) else { continue }
                if key.scale == .log {
                    key.set(current * min(max(real / now, 1 / maximumStep), maximumStep), in: &scenario)
                } else {
                    key.set(current + key.fitGain * (real - now), in: &scenario)
                }
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
            trial: trial, statistics: statistics, simulated: last[0], values: values, magnetDirection: direction, translationAxis: axis,
            matches: matches)
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
        TrialStatistics(TrialSignals(try FusionInput(scenario: scenario, seed: seed)))
    }
}
