import Foundation

extension Bench {
    /// `orbitbench fusion`: every filter on every (scenario, seed), on all cores (a seed
    /// simulates the scenario with its `spread` drawn, `Scenario.drawn(seed:)`); rows in
    /// (scenario, seed, filter) order. A filter that throws or breaks its contract stops the
    /// whole evaluation with its `PluginFailure`.
    public static func fusion(
        _ scenarios: [Scenario], seeds: [UInt64]? = nil, filters: [FilterName], useMagnetometer: Bool, progress: (@Sendable (Int) -> Void)? = nil
    ) throws -> [FusionReport.Row] {
        let jobs = scenarios.flatMap { scenario in (seeds ?? scenario.seeds).map { (scenario, $0) } }
        let results = try Parallel.map(jobs.count, progress: progress) { index -> [FilterRunResult] in
            let (scenario, seed) = jobs[index]
            let input = try FusionInput(scenario: scenario, seed: seed)
            return try filters.map { filter throws(PluginFailure) in
                try scenario.fusion.settings.withFilter(
                    filter, FilterRunner(input: input, kind: filter, useMagnetometer: useMagnetometer, run: (scenario.name, seed))
                ).get()
            }
        }
        return zip(jobs, results).flatMap { job, filterResults in
            filterResults.map { FusionReport.Row(scenario: job.0.name, seed: job.1, result: $0) }
        }
    }

    /// Writes fusion.csv, fusion-summary.txt, (with `plots`) plots/fusion-error.png and report.html; returns the summary.
    @discardableResult
    public static func writeFusionReport(
        _ rows: [FusionReport.Row], scenarios: [Scenario], useMagnetometer: Bool, to directory: String, figures: FigureFormat? = .png,
        origin: ReportOrigin = ReportOrigin(command: "fusion"), overwrite: Bool = false
    ) throws -> String {
        let report = try ReportDirectory(destination: URL(fileURLWithPath: directory), owner: origin.command, overwrite: overwrite)
        let summary = try FusionReport.write(
            rows, scenarios: scenarios, useMagnetometer: useMagnetometer, to: report, figures: figures, origin: origin)
        let filters = rows.map(\.result.label).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        try FusionReport.writePage(rows, scenarios: scenarios, filters: filters, useMagnetometer: useMagnetometer, to: report, origin: origin)
        try report.commit()
        return summary
    }

    /// `orbitbench fusion --recording`: every filter with the same `settings` on every
    /// recording, on all cores; rows in (recording, filter) order. `keepAttitude` keeps every
    /// sample's estimate, bias and flags for attitude.csv.
    ///
    /// - Throws: `RecordingError` for two recordings of one name, a name that cannot name the
    ///   report's files, no magnetometer for a 9D run, or a filter that made no update on a
    ///   recording (nothing to measure); `PluginFailure` for a filter that throws or breaks
    ///   its contract.
    public static func fusion(
        recordings: [SensorRecording], filters: [FilterName], settings: FusionSettings, useMagnetometer: Bool, keepAttitude: Bool = true,
        progress: (@Sendable (Int) -> Void)? = nil
    ) throws -> [RecordingFusionReport.Row] {
        var seen: [String: String] = [:]
        for recording in recordings {
            if let other = seen.updateValue(recording.file, forKey: recording.name) {
                throw RecordingError(
                    file: recording.file,
                    message: "has the same name '\(recording.name)' as \(other); rows and attitude files would collide: rename one")
            }
            // Its name names its attitude/<trial>-<filter>.csv files.
            if let problem = OutputPath.problem(withName: recording.name) {
                throw RecordingError(
                    file: recording.file,
                    message: "its name \(OutputPath.quoted(recording.name)) cannot name the report's files: it \(problem); rename the file")
            }
            if useMagnetometer && recording.magnetometer == nil {
                throw RecordingError(file: recording.file, message: "no magnetometer; use --dof 6")
            }
        }
        let jobs = recordings.indices.flatMap { recording in filters.map { (recording, $0) } }
        let inputs = recordings.map { FusionInput(recording: $0) }
        let results = try Parallel.map(jobs.count, progress: progress) { index -> FilterRunResult in
            let (recording, filter) = jobs[index]
            return try settings.withFilter(
                filter,
                FilterRunner(
                    input: inputs[recording], kind: filter, useMagnetometer: useMagnetometer, keepTrace: keepAttitude,
                    run: (recordings[recording].name, nil))
            ).get()
        }
        // A recording no filter could update has nothing to report: an error, not a row of NaN.
        for (job, result) in zip(jobs, results) {
            if let problem = result.noUpdateProblem(samples: recordings[job.0].count) {
                throw RecordingError(file: recordings[job.0].file, message: problem)
            }
        }
        return zip(jobs, results).map { job, result in
            RecordingFusionReport.Row(
                trial: recordings[job.0].name, group: recordings[job.0].primaryGroup ?? "", result: result,
                times: keepAttitude ? inputs[job.0].readings.map(\.time) : [])
        }
    }

    /// What `fusion(recordings:)` of files measured: the recordings as read, the rows, and the
    /// seconds each file took to read (HDF5 isolation included).
    public struct RecordingFusion: Sendable {
        public var recordings: [SensorRecording]
        public var rows: [RecordingFusionReport.Row]
        public var readSeconds: [Double]
    }

    /// `orbitbench fusion --recording FILE…` from the files: each read as `sensorRecording(_:mapping:isolation:)`
    /// reads it (an HDF5 file first by a capped child process), then every filter with the same
    /// `settings` on every recording, as `fusion(recordings:…)` of the loaded recordings.
    ///
    ///     let measured = try Bench.fusion(recordings: ["data/broad/24_disturbed_tapping_A.hdf5"], filters: [.madgwick, .biasEstimating],
    ///                                     useMagnetometer: true)
    ///     try Bench.writeRecordingFusionReport(measured, useMagnetometer: true, to: "reports/broad")
    public static func fusion(
        recordings paths: [String], mapping: CSVMapping? = nil, isolation: RecordingIsolation = .probe, filters: [FilterName],
        settings: FusionSettings = FusionSettings(), useMagnetometer: Bool, keepAttitude: Bool = true, progress: (@Sendable (Int) -> Void)? = nil
    ) throws -> RecordingFusion {
        var recordings: [SensorRecording] = [], readSeconds: [Double] = []
        for path in paths {
            let start = CPUClock.wall()
            recordings.append(try sensorRecording(path, mapping: mapping, isolation: isolation))
            readSeconds.append(CPUClock.wall() - start)
        }
        let rows = try fusion(
            recordings: recordings, filters: filters, settings: settings, useMagnetometer: useMagnetometer, keepAttitude: keepAttitude,
            progress: progress)
        return RecordingFusion(recordings: recordings, rows: rows, readSeconds: readSeconds)
    }

    /// Writes `fusion --recording`'s folder: fusion.csv, fusion-groups.csv, fusion-summary.txt,
    /// fusion.md (with `reference`'s figures beside), attitude/ (when kept) and the plots, and
    /// with `twin` twin.csv, twin.md, plots/twin.png and its section of report.html; returns the
    /// summary, warnings for sensors that never changed included.
    @discardableResult
    public static func writeRecordingFusionReport(
        _ measured: RecordingFusion, useMagnetometer: Bool, reference: TrialReference? = nil, twin: TwinComparison? = nil, to directory: String,
        figures: FigureFormat? = .png, origin: ReportOrigin = ReportOrigin(command: "fusion"), overwrite: Bool = false
    ) throws -> String {
        let report = try ReportDirectory(destination: URL(fileURLWithPath: directory), owner: origin.command, overwrite: overwrite)
        let seconds = measured.readSeconds
        var reading = String(
            format: "Reading: %.1f ms per file on average (slowest %.1f ms).\n", seconds.reduce(0, +) / Double(max(1, seconds.count)) * 1000,
            (seconds.max() ?? 0) * 1000)
        for recording in measured.recordings {
            for finding in recording.degenerateSensors() { reading += "warning: \(recording.file): \(finding)\n" }
        }
        var twinDocument: ConsoleDocument?
        if let twin {
            let document = TwinReport.document(twin)
            twinDocument = document
            reading += "\n" + document.text
            try report.write(TwinReport.csv(twin).bytes, to: "twin.csv")
            if !twin.motionCalibrations.isEmpty {
                try report.write(MotionCalibrationReport.csv(twin.motionCalibrations).bytes, to: "twin-calibration.csv")
            }
            try report.write(document.markdown, to: "twin.md")
            if let figures, !twin.rows.isEmpty {
                try report.write(
                    try TwinReport.figure(twin, output: FigureOutput(figures, provenance: origin.pngTexts)), to: figures.fileName("plots/twin.png"))
            }
        }
        let summary = try RecordingFusionReport.write(
            measured.rows, useMagnetometer: useMagnetometer, extraSummary: reading, reference: reference, to: report, figures: figures,
            origin: origin)
        try RecordingFusionReport.writePage(
            measured.rows, useMagnetometer: useMagnetometer, to: report, origin: origin,
            extraSections: twinDocument.map { [HTMLReport.Section(heading: "Twin: real against simulated along the same motion", html: $0.html)] }
                ?? [])
        try report.commit()
        return summary
    }
}
