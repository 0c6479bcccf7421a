import Foundation

extension Bench {
    /// `orbitbench validate`: reads the recordings (each HDF5 file first by a capped child
    /// process), places each in its BROAD group, and runs `ValidationRun.run` with the group's
    /// prior: its scenario looked up in the `priors` folder of each of `searchDirectories`
    /// before the folder itself (`overrides` applied to every scenario). The shipped `broad-*`
    /// scenarios are validate's calibration of `scenarios/priors/broad-*` on the project's
    /// trials; starting from their priors, a run does not depend on an earlier calibration.
    ///
    ///     let run = try Bench.validate(recordings: ["data/broad/05_undisturbed_slow_rotation_with_breaks_B.hdf5"], settings: .fast)
    ///     try Bench.writeValidationReport(run, to: "reports/validate")
    public static func validate(
        recordings paths: [String], settings: ValidationSettings = .full, overrides: [String] = [],
        searchDirectories: [String] = scenarioDirectories, isolation: RecordingIsolation = .probe,
        progress: (@Sendable (_ stage: String, _ finished: Int, _ total: Int) -> Void)? = nil
    ) throws -> ValidationRun {
        let recordings = try paths.map { try sensorRecording($0, isolation: isolation) }
        return try ValidationRun.run(
            recordings: recordings, settings: settings,
            scenario: { try scenario($0, overrides: overrides, searchDirectories: searchDirectories.flatMap { [$0 + "/priors", $0] }) },
            progress: progress)
    }

    /// Writes `validate`'s folder (validation.csv, calibration.csv, trials.csv, fits.csv, the
    /// calibrated scenarios, validation-summary.txt, plots/validation.png, report.html);
    /// returns the console text.
    @discardableResult
    public static func writeValidationReport(
        _ run: ValidationRun, to directory: String, figures: FigureFormat? = .png, origin: ReportOrigin = ReportOrigin(command: "validate"),
        overwrite: Bool = false
    ) throws -> String {
        let report = try ReportDirectory(destination: URL(fileURLWithPath: directory), owner: origin.command, overwrite: overwrite)
        let text = try ValidationReport.write(run, to: report, figures: figures, origin: origin)
        try report.commit()
        return text
    }
}
