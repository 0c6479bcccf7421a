import Foundation
import Fusion
import OrbitMath
import Runs
import Scenarios
import Simulation
import StatisticsKit
import TestSupport
import Testing

@testable import Experiments

/// `orbitbench validate`: the statistics and the key fit recover keys set in a simulation, the
/// folds hold every trial out once, groups of one trial get no out-of-sample row, and the
/// metrics count factors, ranks and the calibration score as documented.
@Suite struct ValidationTests {
    /// A short hand-held recording with every calibrated key set: 20 s rest, two breaks of
    /// 6 s in 60 s of motion, some shaking along body y, a 12 cm lever arm (the rotation's
    /// accelerations must stand out of the translation's for it to be identifiable), a 5 ms
    /// IMU delay.
    static func known() throws -> Scenario {
        var scenario = try ScenarioLoader.resolve("broad-fast-translation", searchDirectories: [Repository.scenarios])
        // The keys below and nothing drawn per seed: what the fit must recover does not follow
        // the shipped scenario's calibration.
        scenario.spread = []
        scenario.world.handheld.tiltVerticalScale = 1
        scenario.world.handheld.translationBandwidth = 1.8
        scenario.world.handheld.leadIn = 20
        scenario.world.handheld.motionDuration = 60
        scenario.world.handheld.leadOut = 15
        scenario.world.handheld.breakEvery = 20
        scenario.world.handheld.breakDuration = 6
        scenario.world.handheld.tiltRMS = 20
        scenario.world.handheld.headingRMS = 40
        scenario.world.handheld.tiltBandwidth = 1.5
        scenario.world.handheld.headingBandwidth = 0.75
        scenario.world.handheld.translationRMS = 0.03
        scenario.world.handheld.translationAxis = Vector3(0, 1, 0)
        scenario.world.handheld.translationAxisShare = 0.6
        scenario.world.handheld.leverArm = Vector3(0.12, 0.04, 0.02)
        scenario.world.imu.gyroscope.bias = Vector3(0.1, -0.2, 0.3)
        scenario.world.imu.delay = 5
        scenario.world.imu.magnetometer.delay = 8
        return scenario
    }

    static func statistics(_ scenario: Scenario, seed: UInt64) throws -> TrialStatistics {
        try TrialKeyFit.simulatedStatistics(scenario, seed: seed)
    }

    /// What is measured directly comes back within its noise: timing to a sample, two breaks,
    /// the bias to 0.005 °/s, the delay to 0.3 ms, the magnetometer's own delay to 1 ms, the lever arm to 1.5 cm, the shaking axis.
    /// (Where the hand's own translation dominates, the lever arm is not identifiable this
    /// well: a 5 cm lever under 0.25 m of shaking at 1.8 Hz comes out 15 cm off.)
    @Test func statisticsMeasureTheKeysASimulationSets() throws {
        let measured = try Self.statistics(Self.known(), seed: 11)
        #expect(abs(measured.leadIn - 20) < 0.01 && abs(measured.leadOut - 15) < 0.01, "\(measured.leadIn), \(measured.leadOut)")
        #expect(measured.breaks.count == 2, "\(measured.breaks)")
        let bias = try #require(measured.gyroscopeBias) * Angles.degrees(1)
        #expect((bias - Vector3(0.1, -0.2, 0.3)).norm < 0.005, "\(bias)")
        let delay = try #require(measured.referenceDelay)
        #expect(abs(delay * 1000 + 5) < 0.3, "reference delay \(delay * 1000) ms")
        let magnetometerDelay = try #require(measured.magnetometerDelay)
        #expect(abs(magnetometerDelay * 1000 - 8) < 1, "magnetometer delay \(magnetometerDelay * 1000) ms")
        let lever = try #require(measured.leverArm)
        #expect((lever - Vector3(0.12, 0.04, 0.02)).norm < 0.015, "\(lever)")
        let shape = try #require(measured.accelerationShape)
        #expect(shape.bodyShare > 0.5 && abs(shape.bodyAxis.y) > 0.9, "\(shape)")
        #expect(measured.bodyField == nil)
    }

    /// The fit starts from keys far off and recovers the ones the recording was simulated
    /// with: the measured ones as above, the fitted ones within 30 % (another seed's motion
    /// differs from this one's by about that much). The twist about the body's z axis follows
    /// the heading in the base scenario's ratio (one statistic, the rate about the vertical,
    /// cannot tell them apart), so the base has the known scenario's ratio.
    @Test func fitRecoversKnownKeys() throws {
        let known = try Self.known()
        var base = known
        base.world.handheld.leadIn = 35
        base.world.handheld.motionDuration = 100
        base.world.handheld.breakEvery = 0
        base.world.handheld.tiltRMS = 30
        base.world.handheld.headingRMS = 100
        base.world.handheld.tiltVerticalScale = 2.5
        base.world.handheld.tiltBandwidth = 0.5
        base.world.handheld.headingBandwidth = 0.25
        base.world.handheld.translationRMS = 0.05
        base.world.handheld.translationAxisShare = 0
        base.world.handheld.leverArm = .zero
        base.world.imu.gyroscope.bias = .zero
        base.world.imu.delay = 0
        base.world.imu.magnetometer.delay = 0
        let fit = try TrialKeyFit.fit(trial: "known", statistics: Self.statistics(known, seed: 11), base: base, seeds: [1, 2], iterations: 4)
        func value(_ key: CalibrationKey) throws -> Double { try #require(fit.values[key], "\(key.rawValue) not estimated") }
        #expect(try abs(value(.leadIn) - 20) < 0.01 && value(.breakCount) == 2)
        #expect(try abs(value(.motionDuration) - 60) < 4 && abs(value(.breakLength) - 6) < 1.5, "\(fit.values)")
        #expect(try abs(value(.biasZ) - 0.3) < 0.005 && abs(value(.imuDelay) - 5) < 0.3 && abs(value(.magnetometerDelay) - 8) < 1)
        for (key, truth) in [(CalibrationKey.tiltRMS, 20.0), (.headingRMS, 40), (.bandwidth, 1.5), (.translationRMS, 0.03)] {
            let estimate = try value(key)
            #expect(estimate / truth > 0.7 && estimate / truth < 1.3, "\(key.rawValue): \(estimate) for \(truth)")
        }
        for match in fit.matches { #expect(abs(match.simulated / match.real - 1) < 0.2, "\(match)") }
    }

    /// Leave-one-trial-out: the in-sample fold trains on all, then each trial is held out
    /// exactly once and never trains its own fold; a group of one trial has the in-sample
    /// fold only.
    @Test func leaveOneTrialOutHoldsOutEachTrialOnce() {
        let group = ValidationGroup(name: "rotation", scenario: "broad-rotation", trials: ["01", "02", "03"])
        let folds = group.folds
        #expect(folds.count == 4 && folds[0].heldOut == nil && folds[0].training == ["01", "02", "03"] && folds[0].predicted == folds[0].training)
        let heldOut = folds.dropFirst().compactMap(\.heldOut)
        #expect(heldOut.sorted() == ["01", "02", "03"])
        for fold in folds.dropFirst() {
            #expect(!fold.training.contains(fold.heldOut!) && fold.training.count == 2 && fold.predicted == [fold.heldOut!])
        }
        let single = ValidationGroup(name: "tapping", scenario: "broad-tapping", trials: ["24"])
        #expect(single.folds.count == 1 && single.folds[0].heldOut == nil)
    }

    /// BROAD's groups place a trial as the broad-* scenarios were built; combined motion has
    /// no scenario.
    @Test func broadGroupsMapToScenarios() {
        let (groups, ungrouped) = ValidationGroup.grouping([
            ("05", ["all_trials", "undisturbed", "rotation", "slow", "with_breaks"]), ("07", ["undisturbed", "rotation", "fast"]),
            ("21", ["undisturbed", "combined", "fast"]), ("34", ["disturbed", "attached_magnet"]), ("02", ["undisturbed", "rotation", "slow"]),
        ])
        #expect(groups.map(\.name) == ["rotation", "fast rotation", "attached magnet"])
        #expect(groups[0].trials == ["05", "02"] && groups[0].scenario == "broad-rotation" && groups[2].scenario == "broad-attached-magnet")
        #expect(ungrouped == ["21"])
    }

    /// Widths: two training trials give their spread × √(1 + 1/2); one gives the pooled
    /// within-group spread of the other groups × √2, never from the held-out trial; none: no
    /// width, and the basis says so. Each is widened by Student's t 90 % point over the
    /// normal's for its degrees of freedom: one here, t = tan(0.4π) (Cauchy).
    @Test func widthsComeFromTheTrialsSpread() throws {
        let scenario = try Self.known()
        let quiet = TrialStatistics(
            TrialSignals(
                times: (0..<10).map(Double.init), gyroscope: Array(repeating: .zero, count: 10),
                accelerometer: Array(repeating: Vector3(0, 0, 9.81), count: 10), magnetometer: nil, truth: nil, moving: nil,
                atRest: RestDetector.flags(
                    times: (0..<10).map(Double.init), gyroscope: Array(repeating: .zero, count: 10),
                    accelerometer: Array(repeating: Vector3(0, 0, 9.81), count: 10))))
        func fit(_ name: String, leadIn: Double) -> TrialKeyFit {
            TrialKeyFit(trial: name, statistics: quiet, simulated: quiet, values: [.leadIn: leadIn], matches: [])
        }
        let fits = ["a": fit("a", leadIn: 30), "b": fit("b", leadIn: 34), "c": fit("c", leadIn: 40), "d": fit("d", leadIn: 50)]
        let groupOf = ["a": "g", "b": "g", "c": "h", "d": "i"]
        let both = FoldCalibration(base: scenario, group: "g", training: ["a", "b"], heldOut: nil, fits: fits, groupOf: groupOf)
        let leadIn = try #require(both.estimates.first { $0.key == .leadIn })
        let oneDegree = tan(0.4 * Double.pi) / 1.2815515655446004
        #expect(abs(leadIn.value - 32) < 1e-12 && abs(leadIn.width - 8.0.squareRoot() * 1.5.squareRoot() * oneDegree) < 1e-9, "\(leadIn)")
        let pooled = FoldCalibration(base: scenario, group: "h", training: ["c"], heldOut: nil, fits: fits, groupOf: groupOf)
        let pooledLeadIn = try #require(pooled.estimates.first { $0.key == .leadIn })
        #expect(abs(pooledLeadIn.width - 8.0.squareRoot() * 2.0.squareRoot() * oneDegree) < 1e-9 && pooledLeadIn.basis.contains("pooled"))
        let alone = FoldCalibration(base: scenario, group: "g", training: ["b"], heldOut: "a", fits: fits, groupOf: groupOf)
        let aloneLeadIn = try #require(alone.estimates.first { $0.key == .leadIn })
        #expect(aloneLeadIn.value == 34 && aloneLeadIn.width == 0 && aloneLeadIn.basis.contains("no width"))
        // With a second pair (h: c, e), the width pools both pairs: squares 8 + 50 over 2 d.f.,
        // t(0.9; 2) = 0.8 / √0.18, and the held-out trial never enters (a pair with it is no pair).
        var pairs = fits
        pairs["e"] = fit("e", leadIn: 50)
        let twoPairs = FoldCalibration(
            base: scenario, group: "g", training: ["a", "b"], heldOut: nil, fits: pairs, groupOf: groupOf.merging(["e": "h"]) { $1 })
        let twoDegrees = 0.8 / 0.18.squareRoot() / 1.2815515655446004
        let pooledTwo = try #require(twoPairs.estimates.first { $0.key == .leadIn })
        #expect(abs(pooledTwo.width - 29.0.squareRoot() * 1.5.squareRoot() * twoDegrees) < 1e-9, "\(pooledTwo)")
        #expect(pooledTwo.basis.contains("g (2), h (2)"), "\(pooledTwo.basis)")
        let withoutE = FoldCalibration(
            base: scenario, group: "g", training: ["a", "b"], heldOut: "e", fits: pairs, groupOf: groupOf.merging(["e": "h"]) { $1 })
        #expect(try #require(withoutE.estimates.first { $0.key == .leadIn }).width == leadIn.width)
        // A key no trial shows keeps the scenario's value.
        let tilt = try #require(alone.estimates.first { $0.key == .tiltRMS })
        #expect(!tilt.isEstimated && tilt.value == 20 && alone.scenario.world.handheld.tiltRMS == 20)
        // Each seed draws its own value; the same seed draws the same.
        let draws = try (1...20).map { try both.scenario(forSeed: $0).world.handheld.leadIn }
        let third = try both.scenario(forSeed: 3).world.handheld.leadIn
        #expect(Set(draws).count == 20 && third == draws[2])
    }

    /// A kept log-uniform spread reports its own 10–90 % range: value × 10^(∓0.4) for a factor 10.
    @Test func keptSpreadGivesItsRange() {
        var estimate = KeyEstimate(key: .magnetStrength, value: 20, width: 0, isEstimated: true, isWidthEstimated: false, basis: "")
        #expect(estimate.range1090 == 20...20)
        estimate.keptSpread = 10
        let range = estimate.range1090
        #expect(abs(range.lowerBound - 20 / pow(10, 0.4)) < 1e-12 && abs(range.upperBound - 20 * pow(10, 0.4)) < 1e-12, "\(range)")
    }

    /// A property of the phone (the gyroscope's bias) comes from every trial but the held-out
    /// one, of every group: centre the mean of the three others, width their SD × √(1 + 1/3)
    /// × t(0.9; 2 d.f.) / z(0.9), t = 0.8 / √0.18 in closed form;
    /// the motion key beside it (lead-in) still comes from the group's own training trial.
    @Test func sensorKeysComeFromEveryOtherTrial() throws {
        let scenario = try Self.known()
        let quiet = TrialStatistics(
            TrialSignals(
                times: (0..<10).map(Double.init), gyroscope: Array(repeating: .zero, count: 10),
                accelerometer: Array(repeating: Vector3(0, 0, 9.81), count: 10), magnetometer: nil, truth: nil, moving: nil,
                atRest: RestDetector.flags(
                    times: (0..<10).map(Double.init), gyroscope: Array(repeating: .zero, count: 10),
                    accelerometer: Array(repeating: Vector3(0, 0, 9.81), count: 10))))
        func fit(_ name: String, bias: Double, leadIn: Double) -> TrialKeyFit {
            TrialKeyFit(trial: name, statistics: quiet, simulated: quiet, values: [.biasZ: bias, .leadIn: leadIn], matches: [])
        }
        let fits = [
            "a": fit("a", bias: 0.9, leadIn: 30), "b": fit("b", bias: 0.1, leadIn: 34), "c": fit("c", bias: 0.2, leadIn: 40),
            "d": fit("d", bias: 0.6, leadIn: 50),
        ]
        let groupOf = ["a": "g", "b": "g", "c": "h", "d": "i"]
        let fold = FoldCalibration(base: scenario, group: "g", training: ["b"], heldOut: "a", fits: fits, groupOf: groupOf)
        let bias = try #require(fold.estimates.first { $0.key == .biasZ })
        // b, c, d: mean 0.3, SD √(((−0.2)² + (−0.1)² + 0.3²)/2) = √0.07.
        let twoDegrees = 0.8 / 0.18.squareRoot() / 1.2815515655446004
        #expect(abs(bias.value - 0.3) < 1e-12 && abs(bias.width - 0.07.squareRoot() * (4.0 / 3).squareRoot() * twoDegrees) < 1e-9, "\(bias)")
        #expect(bias.basis.contains("of every group") && !bias.basis.contains("a,") && bias.basis.contains("(b, c, d)"), "\(bias.basis)")
        let leadIn = try #require(fold.estimates.first { $0.key == .leadIn })
        #expect(leadIn.value == 34, "\(leadIn)")
        // In sample (nothing held out) it uses all four.
        let inSample = FoldCalibration(base: scenario, group: "g", training: ["a", "b"], heldOut: nil, fits: fits, groupOf: groupOf)
        #expect(abs(try #require(inSample.estimates.first { $0.key == .biasZ }).value - 0.45) < 1e-12)
    }
    /// Factors, interval and ranks of a small made-up run; the one-trial group has no
    /// out-of-sample prediction, the score counts only held-out trials.
    @Test func metricsCountFactorsRanksAndScore() throws {
        let scenario = try Self.known()
        let groups = [
            ValidationGroup(name: "pair", scenario: "s", trials: ["a", "b"]), ValidationGroup(name: "single", scenario: "s", trials: ["c"]),
        ]
        let folds = [
            FoldCalibration(base: scenario, group: "pair", training: ["a", "b"], heldOut: nil, fits: [:], groupOf: [:]),
            FoldCalibration(base: scenario, group: "pair", training: ["b"], heldOut: "a", fits: [:], groupOf: [:]),
            FoldCalibration(base: scenario, group: "pair", training: ["a"], heldOut: "b", fits: [:], groupOf: [:]),
            FoldCalibration(base: scenario, group: "single", training: ["c"], heldOut: nil, fits: [:], groupOf: [:]),
        ]
        let seeds: [Double] = [1, 2, 3, 4, 5]
        let predicted = [
            [seeds, seeds.map { $0 * 4 }], [seeds, seeds.map { $0 * 4 }], [seeds.map { $0 * 10 }, seeds], [seeds, seeds],
        ]
        let run = ValidationRun(
            settings: ValidationSettings(seeds: [1, 2, 3, 4, 5], fitSeeds: [1], fitIterations: 0, filters: []), groups: groups,
            skipped: [], fits: [], folds: folds, filters: ["x", "y"],
            real: ["a": ["x": 2, "y": 12], "b": ["x": 3, "y": 1], "c": ["x": 9, "y": 1]], predicted: predicted)
        let metrics = ValidationMetrics(run)
        #expect(metrics.rows.count == 6)
        let ax = metrics.rows[0]
        // Median 3 of 1…5, 10–90 % = 1.4…4.6; real 2: factor 1.5, inside, rank 1 of 2.
        #expect(ax.inSample.median == 3 && abs(ax.inSample.low - 1.4) < 1e-12 && abs(ax.inSample.high - 4.6) < 1e-12)
        #expect(ax.inSample.factor == 1.5 && ax.inSample.contains && ax.inSample.rank == 1 && ax.realRank == 1)
        #expect(ValidationMetrics.isWithin(1.5) && !ValidationMetrics.isWithin(1.51) && ValidationMetrics.isWithin(1 / 1.5))
        // Held-out b: x predicted 30 against 3 (factor 10, outside), y 3 against 1: ranks flip.
        let bx = metrics.rows[2], by = metrics.rows[3]
        #expect(bx.outOfSample?.factor == 10 && bx.outOfSample?.contains == false && bx.outOfSample?.rank == 2 && bx.realRank == 2)
        #expect(by.outOfSample?.rank == 1 && by.realRank == 1)
        // The one-trial group: in sample only.
        #expect(metrics.rows.filter { $0.group == "single" }.allSatisfy { $0.outOfSample == nil })
        #expect(metrics.outOfSampleScore.count == 4 && metrics.inSampleScore.count == 6)
        let agreement = try #require(metrics.agreements.first { $0.group == "single" })
        #expect(agreement.outOfSample == nil && agreement.real == ["y", "x"])
        #expect(ValidationMetrics.Score(inside: 8, count: 10).verdict == "calibrated")
        #expect(ValidationMetrics.Score(inside: 5, count: 10).verdict == "over-confident")
        #expect(ValidationMetrics.Score(inside: 10, count: 10).verdict == "uninformative")
        #expect(ValidationMetrics.Score(inside: 0, count: 0).verdict == "no predictions")
    }
}
