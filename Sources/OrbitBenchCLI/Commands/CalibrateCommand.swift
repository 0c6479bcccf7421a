import ArgumentParser
import Foundation
import OrbitBench

struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract:
            "Measure an IMU's noise (Allan deviation) from a still stretch of a recording, or its errors during motion (--from-motion); write an imu: block for a scenario.",
        discussion: """
            Computes the overlapping Allan deviation of every gyroscope and accelerometer axis over \
            the window and fits the simulator's model: white noise density N, a Gauss–Markov bias \
            instability σ_b with correlation time T, and rate random walk K \
            (σ² = N²/τ + σ_b²·g(τ/T) + K²·τ/3), each with a 95 % interval from the number of \
            independent clusters. A term the window cannot identify (its interval reaches zero) is \
            reported as not identified (with the largest value the window allows) and left out of <out>/imu.yaml (the \
            block to paste into a scenario, averaged over the axes, with the sample rate, \
            quantisation step and magnetometer noise) with a comment, so the scenario keeps the \
            simulator's default. Also writes allan.csv, noise.csv (the fitted terms) and plots/allan.png. Without --window the \
            longest still stretch is used (at least 10 s); a --window with motion is an error.

            --from-motion FILE… measures instead what a still window cannot show, against each \
            recording's reference motion (recordings with a reference attitude, e.g. BROAD): the \
            IMU–reference time offset, scale errors and misalignments (written to imu.yaml where \
            their combined 95 % interval excludes zero), the frame turn, g-sensitivity and lever \
            arm (in motion-calibration.csv).

            Examples:
              orbitbench calibrate \\
                  --recording data/broad/05_undisturbed_slow_rotation_with_breaks_B.hdf5
              orbitbench calibrate --recording data/broad/24_disturbed_tapping_A.hdf5 \\
                  --window 2:40
              orbitbench calibrate --from-motion data/broad/*.hdf5
            """)

    @Option(help: ArgumentHelp("The recording: BROAD .hdf5, EuRoC .csv, or any .csv with --mapping.", valueName: "file"))
    var recording: String?

    @Option(
        name: .customLong("from-motion"), parsing: .upToNextOption,
        help: ArgumentHelp("Recordings with a reference attitude: measure the IMU's errors during motion instead.", valueName: "file"))
    var fromMotion: [String] = []

    @Option(help: ArgumentHelp("YAML that maps the columns of a CSV recording.", valueName: "file"))
    var mapping: String?

    @Option(help: ArgumentHelp("Still window in seconds from the start, e.g. 5:65 (default: the longest still stretch).", valueName: "from:to"))
    var window: String?

    @Option(help: ArgumentHelp("Output directory.", valueName: "dir"))
    var out: String = "reports/calibrate"

    @OptionGroup var plotOptions: PlotOptions

    func validate() throws {
        try OutputOptions.check(out: out)
        _ = try parsedWindow()
        if (recording == nil) == fromMotion.isEmpty { throw ValidationError("give --recording FILE or --from-motion FILE…, one of them") }
        if window != nil && recording == nil { throw ValidationError("--window picks the still stretch of --recording") }
    }

    func parsedWindow() throws -> ClosedRange<Double>? {
        guard let window else { return nil }
        let parts = window.split(separator: ":", omittingEmptySubsequences: false).map { Double($0) }
        guard parts.count == 2, let from = parts[0], let to = parts[1], from >= 0, to > from else {
            throw ValidationError("--window \(window): expected FROM:TO in seconds with FROM < TO, e.g. 5:65")
        }
        return from...to
    }

    @OptionGroup var outputOptions: OutputOptions

    @OptionGroup var quietOption: QuietOption

    func run() throws {
        guard let recording else { return try runFromMotion() }
        // The output folder is checked before the recording is read and analysed.
        let report = try ReportDirectory(destination: URL(fileURLWithPath: out), owner: "calibrate", overwrite: outputOptions.overwrite)
        // A RecordingError or ConfigError: one line with file and place.
        let calibration = try CommandFailure.wrapping {
            let columns = try mapping.map(CSVMapping.load)
            let loaded = try Bench.sensorRecording(recording, mapping: columns, isolation: .commandLine)
            for finding in loaded.degenerateSensors() {
                FileHandle.standardError.write(Data("orbitbench calibrate: warning: \(TextExcerpt.escaped("\(recording): \(finding)"))\n".utf8))
            }
            return try ImuCalibration(recording: loaded, window: try parsedWindow())
        }
        let origin = ReportOrigin(command: "calibrate", scenarios: [calibration.recording])
        try report.record(origin, scenarios: [])
        let yaml = CalibrationReport.yaml(calibration, file: recording)
        try report.write(yaml, to: "imu.yaml")
        try report.write(CalibrationReport.csv(calibration).bytes, to: "allan.csv")
        try report.write(CalibrationReport.termsCSV(calibration).bytes, to: "noise.csv")
        try report.write(CalibrationReport.document(calibration).markdown, to: "calibration.md")
        try report.writeFigure("plots/allan.png", format: plotOptions.figures, origin: origin) {
            try CalibrationReport.figure(calibration, output: $0)
        }
        try CalibrationReport.writePage(calibration, file: recording, to: report, origin: origin)
        try report.commit()
        print(CalibrationReport.table(calibration), terminator: "")
        print(yaml, terminator: "")
        print(
            "wrote \(report.destination.path)/{imu.yaml, allan.csv, noise.csv, calibration.md\(plotOptions.noPlots ? "" : ", " + plotOptions.file("plots/allan.png"))}"
        )
    }
}
