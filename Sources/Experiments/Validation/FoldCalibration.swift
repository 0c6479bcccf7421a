import Foundation
import OrbitMath
import Scenarios
import Simulation
import StatisticsKit

/// A group's scenario calibrated on its training trials: every key's centre (the mean of the
/// training trials' fitted values) and the width each seed draws it from.
///
/// The width is the spread the trials show, widened for predicting a new trial: the
/// within-group standard deviation (of the statistic a fitted key is matched to, of the key
/// for measured ones), pooled over every group with two or more usable trials (this fold's
/// training trials for its own group, every trial but the held-out one for the others),
/// × √(1 + 1/n) for a centre from n trials, × Student's t 90 % point over the normal's for
/// the pooled degrees of freedom (`predictiveFactor`). Keys of the phone rather than the
/// motion (`CalibrationKey.isSensorProperty`: bias, delay) take every trial but the held-out
/// one, of every group, as their training trials and their spread over them. With no group of
/// two, no spread (said in the basis). A field riding on the sensor without an estimated width
/// keeps the scenario's own `strength_spread`.
public struct FoldCalibration: Sendable {
    /// The validation group (e.g. "rotation").
    public var group: String
    /// The trial predicted out of sample; nil for the in-sample calibration on every trial.
    public var heldOut: String?
    public var training: [String]
    public var estimates: [KeyEstimate]
    /// The base scenario with every estimate at its centre.
    public var scenario: Scenario

    /// Calibrates `base` on `training` (trial names of `fits`). `groupOf` names each trial's
    /// group, for the pooled widths; `heldOut` is left out of every estimate; `kept` keys stay
    /// at the scenario's values.
    public init(
        base: Scenario, group: String, training: [String], heldOut: String?, fits: [String: TrialKeyFit], groupOf: [String: String],
        kept: Set<CalibrationKey> = []
    ) {
        self.group = group
        self.heldOut = heldOut
        self.training = training
        var scenario = base
        var estimates: [KeyEstimate] = []
        let directions = training.compactMap { fits[$0]?.magnetDirection }
        if let index = CalibrationKey.magnetIndex(scenario), let mean = directions.reduce(Vector3.zero, +).normalized {
            scenario.world.environment.disturbances[index].field = mean * scenario.world.environment.disturbances[index].field.norm
        }
        // The shaking axis: the mean of the training trials' principal axes, each turned to the
        // first one's side (an axis has no sign).
        let axes = training.compactMap { fits[$0]?.translationAxis }
        if let first = axes.first, let mean = axes.reduce(Vector3.zero, { $0 + ($1.dot(first) < 0 ? -1 : 1) * $1 }).normalized {
            scenario.world.handheld.translationAxis = mean
        }
        for key in CalibrationKey.allCases {
            guard let current = key.value(in: scenario) else { continue }
            var estimate =
                Self.estimate(key, training: training, heldOut: heldOut, group: group, fits: fits, groupOf: groupOf)
                ?? KeyEstimate(
                    key: key, value: current, width: 0, isEstimated: false, isWidthEstimated: false,
                    basis: kept.contains(key) ? "scenario's value (kept)" : "scenario's value: no training trial shows it")
            if key == .magnetStrength, !estimate.isWidthEstimated, let index = CalibrationKey.magnetIndex(scenario) {
                let spread = scenario.world.environment.disturbances[index].strengthSpread
                if spread != 1 {
                    estimate.basis += "; the scenario's strength_spread \(Self.format(spread)) (log-uniform) is kept"
                    estimate.keptSpread = spread
                }
            } else if key == .magnetStrength, let index = CalibrationKey.magnetIndex(scenario) {
                scenario.world.environment.disturbances[index].strengthSpread = 1
            }
            key.set(estimate.value, in: &scenario)
            // The draws are about the value the scenario holds (a whole break count, a value
            // within the key's limits), so the reports say that one.
            if let held = key.value(in: scenario), held != estimate.value {
                estimate.basis += "; held as \(Self.format(held)) (\(key == .breakCount ? "a whole count" : "the key's limits"))"
                estimate.value = held
            }
            estimates.append(estimate)
        }
        self.estimates = estimates
        // Every seed draws the keys the trials gave a width, about their centres.
        scenario.spread = estimates.filter { $0.width > 0 }.map { KeySpread(key: $0.key, width: $0.width) }
        self.scenario = scenario
    }

    /// The centre and width of `key` from the training trials, nil when none shows it.
    static func estimate(
        _ key: CalibrationKey, training: [String], heldOut: String?, group: String, fits: [String: TrialKeyFit], groupOf: [String: String]
    ) -> KeyEstimate? {
        // A property of the phone comes from every trial the fold may use (never the held-out one).
        let pool = key.isSensorProperty ? groupOf.keys.filter { $0 != heldOut }.sorted() : training
        let shown = pool.filter { fits[$0]?.values[key] != nil }
        guard !shown.isEmpty else { return nil }
        let values = shown.map { key.scale == .log ? log(max(fits[$0]!.values[key]!, 1e-12)) : fits[$0]!.values[key]! }
        let mean = values.reduce(0, +) / Double(values.count)
        let centre = key.scale == .log ? exp(mean) : mean
        let names = shown.map(Self.short).joined(separator: ", ")
        var basis = "\(key.scale == .log ? "geometric mean" : "mean") of \(shown.count) training \(shown.count == 1 ? "trial" : "trials") (\(names))"
        if key.isSensorProperty { basis += ", of every group: a property of the phone, not of the motion" }
        let inflation = (1 + 1 / Double(shown.count)).squareRoot()
        // The spread: of the phone's keys over the trials they come from; of the motion's keys
        // within groups, pooled over every group (this fold's training trials for its own,
        // every trial but the held-out one for the others), so that a width rests on more than
        // one pair of trials and a group of one still gets one.
        var samples: [[Double]] = []
        var described: [String] = []
        if key.isSensorProperty {
            samples = [shown.compactMap { spread(key, fits[$0]!) }]
        } else {
            for other in Set(groupOf.values).union([group]).sorted() {
                let members = (other == group ? training : groupOf.filter { $0.value == other && $0.key != heldOut }.map(\.key)).sorted()
                let memberValues = members.compactMap { fits[$0].flatMap { spread(key, $0) } }
                guard memberValues.count >= 2 else { continue }
                samples.append(memberValues)
                described.append("\(other) (\(memberValues.count))")
            }
        }
        var squares = 0.0, degrees = 0
        for sample in samples where sample.count >= 2 {
            let sampleMean = sample.reduce(0, +) / Double(sample.count)
            squares += sample.reduce(0) { $0 + ($1 - sampleMean) * ($1 - sampleMean) }
            degrees += sample.count - 1
        }
        var width = 0.0, widthEstimated = false
        if degrees > 0 {
            width = (squares / Double(degrees)).squareRoot() * inflation * Self.predictiveFactor(degrees: degrees)
            widthEstimated = true
            let over = key.isSensorProperty ? "over them" : "within groups, pooled over \(described.joined(separator: ", "))"
            basis += "; width: SD of \(spreadName(key)) \(over) × √(1 + 1/\(shown.count)) × \(Self.factorText(degrees)) (t, \(degrees) d.f.)"
        } else {
            basis += "; no width: no group with two trials shows it"
        }
        return KeyEstimate(key: key, value: centre, width: width, isEstimated: true, isWidthEstimated: widthEstimated, basis: basis)
    }

    /// How much wider a spread estimated with `degrees` degrees of freedom makes the predictive
    /// 10–90 % range than a known one: Student's t 90 % point over the normal's (2.40 for one
    /// degree, 1.08 for nine). The draws stay normal with the widened width: they span the t
    /// interval's 10–90 % range without its tails, which from one degree of freedom would throw
    /// a tenth of the seeds to the keys' limits.
    static func predictiveFactor(degrees: Int) -> Double {
        Statistics.studentTQuantile(0.9, degrees: Double(degrees)) / KeyEstimate.normal90
    }

    static func factorText(_ degrees: Int) -> String { String(format: "%.2f", predictiveFactor(degrees: degrees)) }

    /// What a key's width is measured on, in the key's scale (logarithm for log keys): the
    /// statistic a fitted key is matched to (each grows about in proportion to its key, and
    /// keys that trade off, such as an amplitude and a bandwidth, vary far more from trial to
    /// trial than the motion they describe), the key itself for measured ones. A linear
    /// statistic is scaled by the key's slope (`fitGain`: the shaking axis's share moves its
    /// statistic by two thirds of a step), so that its spread is in the key's unit.
    static func spread(_ key: CalibrationKey, _ fit: TrialKeyFit) -> Double? {
        guard fit.values[key] != nil else { return nil }
        let isFitted = CalibrationKey.fitted.contains(key)
        let value = isFitted ? TrialKeyFit.target(key, fit.statistics) : fit.values[key]
        guard let value else { return nil }
        return key.scale == .log ? log(max(value, 1e-12)) : value * (isFitted ? key.fitGain : 1)
    }

    static func spreadName(_ key: CalibrationKey) -> String {
        CalibrationKey.fitted.contains(key) ? "the fitted statistic (\(TrialKeyFit.statisticName(key)))" : "the key"
    }

    /// The scenario one seed simulates: every estimated key drawn from its distribution
    /// (`Scenario.drawn(seed:)` with the fold's `spread`).
    public func scenario(forSeed seed: UInt64) throws(GSLError) -> Scenario {
        try scenario.drawn(seed: seed)
    }

    /// A trial's name up to its first underscore ("05" for "05_undisturbed_…").
    public static func short(_ trial: String) -> String {
        trial.split(separator: "_").first.map(String.init) ?? trial
    }

    static func format(_ value: Double) -> String { String(format: "%g", value) }
}
