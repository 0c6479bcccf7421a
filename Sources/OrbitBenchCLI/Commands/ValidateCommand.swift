import ArgumentParser
import Foundation
import OrbitBench
import Synchronization

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Does a hand-held scenario calibrated on some BROAD trials predict the filters' errors on a trial it has not seen?",
        discussion: """
            Places every trial in its group (the broad-* scenario that describes it, from BROAD's \
            trials.json; each scenario folder's priors/ is searched before the folder itself: \
            scenarios/priors/ holds the uncalibrated priors of the shipped broad-* scenarios), \
            estimates the scenario's keys from each trial's statistics (lead-in and -out, breaks, \
            the gyroscope's bias at the first rest, the IMU's delay against the reference, the lever arm, \
            a magnet riding on the sensor; motion length, break length, tilt, \
            rotation rates, specific force and its principal axis fitted by simulation; \
            calibration.csv lists every key, estimated or kept), calibrates the scenario \
            on every trial of the group (in sample) and on all but one, for each trial in turn \
            (out of sample), draws the keys per seed from their spread over the trials, and runs \
            every filter on the simulated seeds and the real trials. Reports per trial and filter \
            the real error, the median prediction and whether the real error lies in the seeds' \
            10–90 % interval (the calibration score), per group the factor predicted / real and \
            whether the filters' ranking agrees. Writes <out>/validation.csv, calibration.csv, \
            trials.csv, fits.csv, predictions.csv, scenarios/*.yaml, validation-summary.txt, \
            plots/validation.png and report.html. See docs/validation.md ("Out of sample").

            Examples:
              orbitbench validate --recording ../shared/data/broad/*.hdf5
              orbitbench validate --fast --recording data/broad/*.hdf5
            """)

    @Option(
        name: .customLong("recording"), parsing: .upToNextOption,
        help: ArgumentHelp("BROAD trials (.hdf5 with trials.json beside them), all files up to the next option.", valueName: "file"))
    var recordings: [String] = []

    @Flag(help: "Few seeds and short fits (4 seeds, key fits on one seed with 2 steps): for tests, not for figures.")
    var fast = false

    @Option(help: "Prediction seeds, e.g. 1-20 (default: 1-20, with --fast 1-4).")
    var seeds: String?

    @Flag(help: "Allow more than \(Self.seedLimit) seeds (each seed runs every filter on every group: hours at thousands).")
    var manySeeds = false

    /// Seeds a validation takes without --many-seeds: a few minutes' work at most.
    static let seedLimit = 200

    @Option(
        help: ArgumentHelp(
            "Comma-separated keys to leave at the scenario's values (a key path or its start, e.g. handheld.translation_axis_share,imu.gyroscope.bias_dps): what their calibration changes.",
            valueName: "keys"))
    var keep: String?

    @Option(help: "Comma-separated filters.")
    var filters: String = FilterName.allCases.map(\.rawValue).joined(separator: ",")

    @Option(help: ArgumentHelp("Output directory.", valueName: "dir"))
    var out: String = "reports/validate"

    @OptionGroup var plotOptions: PlotOptions

    @OptionGroup var scenarioOptions: ScenarioOptions
    @OptionGroup var workOptions: WorkOptions
    @OptionGroup var outputOptions: OutputOptions

    func validate() throws {
        try OutputOptions.check(out: out)
        if recordings.isEmpty { throw ValidationError("give the trials: --recording FILE…") }
        if let seeds, case let count = try ListParsing.seeds(seeds).count, count > Self.seedLimit, !manySeeds {
            throw ValidationError(
                "--seeds \(seeds): \(count) seeds is more than \(Self.seedLimit) (each runs every filter on every group; 20 are the default); pass --many-seeds to run them anyway"
            )
        }
        let named: [FilterName] = try ListParsing.names(filters, option: "--filters")
        if named.isEmpty { throw ValidationError("--filters: name at least one of \(FilterName.allCases.map(\.rawValue).joined(separator: ", "))") }
        _ = try keptKeys()
    }

    func keptKeys() throws -> Set<CalibrationKey> {
        var keys: Set<CalibrationKey> = []
        guard let keep else { return keys }
        let names = keep.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        if names.contains(where: \.isEmpty) {
            throw ValidationError("--keep: an empty key in '\(keep)'; name keys separated by single commas, e.g. --keep imu.delay_ms")
        }
        for name in names {
            let matching = CalibrationKey.matching(name)
            guard !matching.isEmpty else {
                throw ValidationError(
                    "--keep: '\(name)' names no calibrated key; they are \(CalibrationKey.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            keys.formUnion(matching)
        }
        return keys
    }

    func run() throws {
        var settings: ValidationSettings = fast ? .fast : .full
        if let seeds { settings.seeds = try ListParsing.seeds(seeds) }
        settings.filters = try ListParsing.names(filters, option: "--filters")
        settings.kept = try keptKeys()
        // Fail on an unwritable output folder before any work.
        _ = try ReportDirectory(destination: URL(fileURLWithPath: out), owner: "validate", overwrite: outputOptions.overwrite)
        let lines = Mutex<[String: ProgressLine]>([:])
        let work = workOptions
        // A file, a scenario or a trial that cannot be validated: one line.
        let validation = try CommandFailure.wrapping {
            try Bench.validate(
                recordings: recordings, settings: settings, overrides: scenarioOptions.overrides,
                searchDirectories: scenarioOptions.searchDirectories, isolation: .commandLine
            ) { stage, finished, total in
                let line = lines.withLock { lines in
                    if let line = lines[stage] { return line }
                    let line = work.progress(total: total, label: "orbitbench validate: \(stage)", unit: stage == "fit" ? "trials" : "seeds")
                    lines[stage] = line
                    return line
                }
                line.update(finished)
                if finished == total { line.finish() }
            }
        }
        let text = try Bench.writeValidationReport(
            validation, to: out, figures: plotOptions.figures, origin: ReportOrigin(command: "validate", overrides: scenarioOptions.overrides),
            overwrite: outputOptions.overwrite)
        print(text, terminator: "")
        print(
            "wrote \(URL(fileURLWithPath: out).standardizedFileURL.path)/validation.csv, calibration.csv, trials.csv, fits.csv, predictions.csv, scenarios/, validation-summary.txt\(plotOptions.noPlots ? "" : ", " + plotOptions.file("plots/validation.png")), report.html"
        )
    }
}
