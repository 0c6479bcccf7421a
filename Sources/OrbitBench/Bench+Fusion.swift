import Foundation
import ReportIO

extension Bench {
    /// `orbitbench fusion`: every filter on every (scenario, seed), on all cores; rows in
    /// (scenario, seed, filter) order. A filter that throws or breaks its contract stops the
    /// whole evaluation with its `PluginFailure`.
    public static func fusion(
        _ scenarios: [Scenario], seeds: [UInt64]? = nil, filters: [FilterName], useMagnetometer: Bool, progress: (@Sendable (Int) -> Void)? = nil
    ) throws -> [FusionReport.Row] {
        let jobs = scenarios.flatMap { scenario in (seeds ?? scenario.seeds).map { (scenario, $0) } }
        let results = try Parallel.map(jobs.count, progress: progress) { index -> [FilterRunResult] in
            let (scenario, seed) = jobs[index]
            let input = FusionInput(
                run: try SimulatedRun(world: scenario.world, seed: seed), calibrate: scenario.fusion.magnetometerCalibration == .ideal)
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

    /// Writes fusion.csv, fusion-summary.txt and (with `plots`) plots/fusion-error.png; returns the summary.
    @discardableResult
    public static func writeFusionReport(
        _ rows: [FusionReport.Row], scenarios: [Scenario], useMagnetometer: Bool, to directory: String, plots: Bool = true,
        origin: ReportOrigin = ReportOrigin(command: "fusion"), overwrite: Bool = false
    ) throws -> String {
        let report = try ReportDirectory(destination: URL(fileURLWithPath: directory), owner: origin.command, overwrite: overwrite)
        let summary = try FusionReport.write(
            rows, scenarios: scenarios, useMagnetometer: useMagnetometer, to: report, plots: plots, origin: origin)
        try report.commit()
        return summary
    }

    /// `orbitbench fusion --recording`: every filter with the same `settings` on every
    /// recording, on all cores; rows in (recording, filter) order. `keepAttitude` keeps every
    /// sample's estimate, bias and flags for attitude.csv.
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
        return zip(jobs, results).map { job, result in
            RecordingFusionReport.Row(
                trial: recordings[job.0].name, group: recordings[job.0].primaryGroup ?? "", result: result,
                times: keepAttitude ? inputs[job.0].readings.map(\.time) : [])
        }
    }
}
