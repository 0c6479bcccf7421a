import ArgumentParser
import OrbitBench

/// `fusion --recording … --twin` and what shapes the twin: each option is a mechanism of
/// `RecordingTwin` that can be changed or turned off, so the docs can show what it moves.
struct TwinOptions: ParsableArguments {
    @Flag(
        help: ArgumentHelp(
            "With --recording: also run every filter on each trial's twin (the simulator's sensors along the trial's reference motion, calibrated from its still window and its motion), one stream per seed, each with the gyroscope scale errors it draws from what the motion shows; writes twin.csv."
        ))
    var twin = false

    @Option(
        name: .customLong("twin-scale-prior"),
        help: ArgumentHelp(
            "With --twin: the prior, ppm (one standard deviation), each seed's gyroscope scale errors are drawn with against the trial's motion calibration; 0 draws none.",
            valueName: "ppm"))
    var scalePrior = RecordingTwin.defaultGyroscopeScalePriorPPM

    @Option(
        name: .customLong("twin-magnetometer-delay"),
        help: ArgumentHelp(
            "With --twin: the twin's magnetometer reads this many ms after its gyroscope instead of the delay each trial's motion calibration measures; 0 reads with the gyroscope.",
            valueName: "ms"))
    var magnetometerDelay: Double?

    /// Whether a twin's magnetometer carries the offset its trial's motion shows.
    enum Offset: String, ExpressibleByArgument, CaseIterable {
        case measured, none
    }

    @Option(
        name: .customLong("twin-magnetometer-offset"),
        help: ArgumentHelp(
            "With --twin: 'measured' (the default) gives each twin's magnetometer the constant offset its trial's motion identifies; 'none' leaves it out.",
            valueName: "measured|none"))
    var magnetometerOffset = Offset.measured

    @Option(
        name: .customLong("twin-prediction-factor"),
        help: ArgumentHelp(
            "With --twin: widen each seeds' 10–90 % range by this factor both ways into the twin's prediction of the real error (the default is measured on real trials by conformal prediction at the default 20 seeds, see docs/validation.md; fewer seeds cover less); 1 keeps the seeds' range alone.",
            valueName: "factor"))
    var predictionFactor = TwinComparison.defaultPredictionFactor

    @Option(
        name: .customLong("twin-knots"),
        help: ArgumentHelp(
            "With --twin: fit each trial's reference with knots this many seconds apart, attitude:position (e.g. 0.04:0.1), instead of choosing them by cross-validation.",
            valueName: "attitude:position"))
    var knots: String?

    func validate() throws {
        let shaped =
            knots != nil || scalePrior != RecordingTwin.defaultGyroscopeScalePriorPPM || magnetometerDelay != nil || magnetometerOffset != .measured
            || predictionFactor != TwinComparison.defaultPredictionFactor
        if !twin && shaped {
            throw ValidationError(
                "--twin-knots, --twin-scale-prior, --twin-magnetometer-delay/-offset and --twin-prediction-factor shape the twin; give --twin too")
        }
        guard predictionFactor.isFinite && predictionFactor >= 1 else {
            throw ValidationError("--twin-prediction-factor must be 1 or more and finite (1 keeps the seeds' range), not \(predictionFactor)")
        }
        if let delay = magnetometerDelay, !(delay.isFinite && abs(delay) <= 1000) {
            throw ValidationError("--twin-magnetometer-delay must be -1000 to 1000 ms, not \(delay)")
        }
        guard scalePrior.isFinite && scalePrior >= 0 else { throw ValidationError("--twin-scale-prior must be 0 or more ppm, not \(scalePrior)") }
        _ = try motionSettings()
    }

    /// `--twin-knots` as the twin's reference fit; nil without it (cross-validation chooses).
    func motionSettings() throws(ValidationError) -> RecordedMotion.Settings? {
        guard let knots else { return nil }
        let parts = knots.split(separator: ":", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let attitude = parts[0], let position = parts[1], attitude > 0, position > 0, attitude.isFinite, position.isFinite
        else {
            throw ValidationError("--twin-knots '\(knots)' is not attitude:position in seconds, both above 0 (e.g. 0.04:0.1)")
        }
        var settings = RecordedMotion.Settings()
        settings.knotSpacing = attitude
        settings.positionKnotSpacing = position
        return settings
    }

    /// The twin of `measured` as these options shape it (`Bench.twin`).
    func comparison(
        _ measured: Bench.RecordingFusion, filters: [FilterName], settings: FusionSettings, useMagnetometer: Bool, seeds: [UInt64],
        progress: (@Sendable (Int) -> Void)?
    ) throws -> TwinComparison {
        try Bench.twin(
            measured, filters: filters, settings: settings, useMagnetometer: useMagnetometer, seeds: seeds, motion: try motionSettings(),
            gyroscopeScalePriorPPM: scalePrior, magnetometerDelay: magnetometerDelay, magnetometerOffset: magnetometerOffset == .measured,
            predictionFactor: predictionFactor, progress: progress)
    }
}
