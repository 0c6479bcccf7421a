import Foundation

extension Bench {
    /// `orbitbench fusion --recording … --twin`: for each recording with a reference attitude,
    /// its twin (`RecordingTwin`: the simulator's sensors along the recording's own reference
    /// motion, calibrated from its still window) for every seed, the same filters and settings
    /// on each twin stream, and the real error of `measured` beside the twins'.
    ///
    ///     let measured = try Bench.fusion(recordings: ["data/broad/05_undisturbed_slow_rotation_with_breaks_B.hdf5"],
    ///                                     filters: FilterName.allCases, useMagnetometer: true)
    ///     let twin = try Bench.twin(measured, filters: FilterName.allCases, useMagnetometer: true, seeds: Array(1...20))
    ///
    /// Recordings without a reference attitude get no twin (`TwinComparison.withoutReference`).
    /// `motion` fits every trial's reference (nil, the default: each trial's own by
    /// cross-validation, `ReferenceSmoothing`); `gyroscopeScalePriorPPM` is each twin's
    /// (`RecordingTwin.gyroscopeScalePriorPPM`; 0 draws no scale errors); `magnetometerDelay`,
    /// ms, replaces the magnetometer's own delay the motion calibration measures on each trial
    /// (nil, the default, keeps it; 0 reads with the gyroscope); `magnetometerOffset` false
    /// leaves out the magnetometer offset the motion calibration identifies; `predictionFactor`
    /// widens each row's seeds' 10–90 % into the twin's prediction of the real error
    /// (`TwinComparison.Row.predictionFactor`; 1 keeps the seeds' range; finite and at least 1,
    /// or the comparison's precondition stops the program).
    ///
    /// - Throws: `RecordingError` when no recording has a reference, for one without a still
    ///   window to calibrate from or a reference too sparse to fit; what `fusion(recordings:…)`
    ///   throws.
    public static func twin(
        _ measured: RecordingFusion, filters: [FilterName], settings: FusionSettings = FusionSettings(), useMagnetometer: Bool, seeds: [UInt64],
        motion: RecordedMotion.Settings? = nil, gyroscopeScalePriorPPM: Double = RecordingTwin.defaultGyroscopeScalePriorPPM,
        magnetometerDelay: Double? = nil, magnetometerOffset: Bool = true, predictionFactor: Double = TwinComparison.defaultPredictionFactor,
        progress: (@Sendable (Int) -> Void)? = nil
    ) throws -> TwinComparison {
        var rows: [TwinComparison.Row] = []
        var unmodelled: [String: String] = [:], unbridged: [String: Double] = [:], calibrations: [String: MotionCalibration] = [:]
        var withoutReference: [String] = []
        var smoothings: [String: ReferenceSmoothing] = [:], smoothingProblems: [String: String] = [:]
        // The filter runs of earlier trials and batches: `progress` counts over all of them.
        var finishedRuns = 0
        for recording in measured.recordings {
            guard let truth = recording.truth, truth.contains(where: { $0 != nil }) else {
                withoutReference.append(recording.name)
                continue
            }
            var configured = try RecordingTwin(recording: recording, motionSettings: motion)
            configured.gyroscopeScalePriorPPM = gyroscopeScalePriorPPM
            if let magnetometerDelay { configured.imu.magnetometer.delay = magnetometerDelay }
            if !magnetometerOffset { configured.imu.magnetometer.hardIron = .zero }
            let twin = configured
            // A few seeds at a time (two batches' worth of work per core), so that memory holds
            // those streams only and the next batch reuses their pages.
            var twinRows: [RecordingFusionReport.Row] = []
            try twin.simulate(seeds: seeds, batchSize: 2 * Parallel.workerLimit) { (streams: [SensorRecording]) throws -> Void in
                let finished = finishedRuns
                var batchProgress: (@Sendable (Int) -> Void)?
                if let progress { batchProgress = { @Sendable done in progress(finished + done) } }
                twinRows += try fusion(
                    recordings: streams, filters: filters, settings: settings, useMagnetometer: useMagnetometer, keepAttitude: false,
                    progress: batchProgress)
                finishedRuns += streams.count * filters.count
            }
            for real in measured.rows where real.trial == recording.name {
                let label = real.result.label
                // fusion(recordings:) returns rows in (recording, filter) order: seeds in order.
                let twins = twinRows.filter { $0.result.label == label }.map(\.result.rmse.totalDegrees)
                rows.append(TwinComparison.Row(trial: recording.name, filter: label, real: real.result.rmse.totalDegrees, twins: twins))
            }
            if let what = twin.unmodelled { unmodelled[recording.name] = what }
            if let measured = twin.motionCalibration { calibrations[recording.name] = measured }
            if let smoothing = twin.smoothing { smoothings[recording.name] = smoothing }
            if let problem = twin.smoothingProblem { smoothingProblems[recording.name] = problem }
            unbridged[recording.name] = twin.motion.unbridged.map { $0.upperBound - $0.lowerBound }.reduce(0, +)
        }
        if rows.isEmpty, let first = measured.recordings.first {
            throw RecordingError(file: first.file, message: "--twin follows a recording's reference attitude, and none of these recordings has one")
        }
        var comparison = TwinComparison(
            rows: rows, seeds: seeds, unmodelled: unmodelled, unbridgedSeconds: unbridged, motionCalibrations: calibrations,
            predictionFactor: predictionFactor)
        comparison.withoutReference = withoutReference
        comparison.smoothings = smoothings
        comparison.smoothingProblems = smoothingProblems
        return comparison
    }
}

extension Bench {
    /// `orbitbench calibrate --from-motion FILE…`: each recording read as
    /// `sensorRecording(_:mapping:isolation:)` reads it, its reference fitted (`RecordedMotion`)
    /// and the sensor's errors measured against it (`MotionCalibration`), by trial name.
    ///
    /// - Throws: `RecordingError` for a recording without a reference attitude, two of one
    ///   name, or too few samples with a reference during motion.
    public static func motionCalibration(
        recordings paths: [String], mapping: CSVMapping? = nil, isolation: RecordingIsolation = .probe,
        motion settings: RecordedMotion.Settings = RecordedMotion.Settings()
    ) throws -> [String: MotionCalibration] {
        var calibrations: [String: MotionCalibration] = [:]
        for path in paths {
            let recording = try sensorRecording(path, mapping: mapping, isolation: isolation)
            guard calibrations[recording.name] == nil else {
                throw RecordingError(file: path, message: "has the same trial name '\(recording.name)' as an earlier file")
            }
            let motion = try RecordedMotion(reference: recording, settings: settings, purpose: "the motion calibration compares with it")
            calibrations[recording.name] = try MotionCalibration(recording: recording, motion: motion)
        }
        return calibrations
    }
}
