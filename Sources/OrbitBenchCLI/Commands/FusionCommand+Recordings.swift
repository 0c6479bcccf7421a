import ArgumentParser
import Evaluation
import Foundation
import Fusion
import Recordings
import Reports
import Scenarios

extension FusionCommand {
    /// `orbitbench fusion --recording FILE…`: every filter, default parameters, on each file.
    func runRecordings() throws {
        let kinds: [FilterName] = try ListParsing.names(filters, option: "--filters")
        let columns: CSVMapping?
        do { columns = try mapping.map(CSVMapping.load) } catch { throw CommandFailure(error.description) }
        // The same filter settings for every file: the defaults, with any fusion.* overrides.
        if let other = scenarioOptions.parsedOverrides.first(where: { $0.path.first != "fusion" }) {
            throw CommandFailure("--set \(other): with --recording only fusion.* keys apply")
        }
        let settings: FusionSettings
        do { settings = try ScenarioLoader.builtInDefault(overrides: scenarioOptions.parsedOverrides).fusion.fusion } catch {
            throw CommandFailure(error.description)
        }
        let report = try ReportDirectory(destination: URL(fileURLWithPath: out))
        var loaded: [SensorRecording] = []
        var readSeconds: [Double] = []
        for path in recordings {
            let start = CPUClock.wall()
            do { loaded.append(try RecordingLoader.read(path, mapping: columns)) } catch { throw CommandFailure(error.description) }
            readSeconds.append(CPUClock.wall() - start)
        }
        let useMagnetometer = dof == 9
        if useMagnetometer, let missing = loaded.first(where: { $0.magnetometer == nil }) {
            throw CommandFailure("\(missing.file): no magnetometer; use --dof 6")
        }
        let jobs = loaded.indices.flatMap { recording in kinds.map { (recording, $0) } }
        let inputs = loaded.map { FusionInput(recording: $0) }
        let progress = ProgressLine(total: jobs.count, label: "orbitbench fusion")
        let results = try Parallel.map(jobs.count, progress: { progress.update($0) }) { index -> FilterRunResult in
            let (recording, kind) = jobs[index]
            return settings.withFilter(kind, FilterRunner(input: inputs[recording], kind: kind, useMagnetometer: useMagnetometer, keepTrace: attitude))
        }
        progress.finish()
        let rows = zip(jobs, results).map { job, result in
            RecordingFusionReport.Row(trial: loaded[job.0].name, group: loaded[job.0].primaryGroup ?? "", result: result)
        }
        try report.write(RecordingFusionReport.csv(rows).bytes, to: "fusion.csv")
        // Per-sample output of every filter on every file, with or without a reference.
        for (job, result) in zip(jobs, results) {
            guard let trace = result.trace else { continue }
            let times = inputs[job.0].readings.map(\.time)
            try report.write(RecordingFusionReport.attitudeCSV(times: times, trace: trace).bytes, to: "attitude/\(loaded[job.0].name)-\(result.label).csv")
        }
        let averages = RecordingFusionReport.averages(rows)
        try report.write(RecordingFusionReport.averagesCSV(averages).bytes, to: "fusion-groups.csv")
        let summary = RecordingFusionReport.summary(rows, useMagnetometer: useMagnetometer)
            + "\n" + RecordingFusionReport.diagnosticsTable(rows) + "\n"
            + String(format: "Reading: %.1f ms per file on average (slowest %.1f ms).\n", readSeconds.reduce(0, +) / Double(readSeconds.count) * 1000, (readSeconds.max() ?? 0) * 1000)
        try report.write(summary, to: "fusion-summary.txt")
        if !noPlots && !averages.isEmpty {
            let provenance = Provenance.texts(command: "fusion --recording", scenarios: loaded.map(\.name), seeds: [])
            try report.write(try RecordingFusionReport.figure(averages, trials: loaded.count, provenance: provenance), to: "plots/fusion-broad.png")
            let timeRows = rows.map { FusionReport.Row(scenario: $0.trial, seed: 0, result: $0.result) }
            try report.write(try FusionPlots.errorOverTime(timeRows, recordings: true, provenance: provenance), to: "plots/fusion-error.png")
        }
        try report.commit()
        print(summary, terminator: "")
        print("wrote \(report.destination.path)/fusion.csv, fusion-groups.csv, fusion-summary.txt\(attitude ? ", attitude/<trial>-<filter>.csv" : "")\(noPlots || averages.isEmpty ? "" : ", plots/fusion-broad.png, plots/fusion-error.png")")
    }
}
