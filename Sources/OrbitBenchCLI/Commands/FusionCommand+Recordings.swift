import ArgumentParser
import Foundation
import OrbitBench

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
        do { settings = try ScenarioLoader.builtInDefault(overrides: scenarioOptions.parsedOverrides).fusion.settings } catch {
            throw CommandFailure(error.description)
        }
        let report = try ReportDirectory(destination: URL(fileURLWithPath: out), owner: "fusion", overwrite: outputOptions.overwrite)
        var loaded: [SensorRecording] = []
        var readSeconds: [Double] = []
        for path in recordings {
            let start = CPUClock.wall()
            do { loaded.append(try IsolatedRecording.read(path, mapping: columns)) } catch { throw CommandFailure("\(error)") }
            readSeconds.append(CPUClock.wall() - start)
        }
        // A recording's name (its file name) names its attitude/<trial>-<filter>.csv files.
        for recording in loaded {
            if let problem = OutputPath.problem(withName: recording.name) {
                throw CommandFailure(
                    "\(recording.file): its name \(OutputPath.quoted(recording.name)) cannot name the report's files: it \(problem); rename the file")
            }
        }
        let useMagnetometer = dof == 9
        if useMagnetometer, let missing = loaded.first(where: { $0.magnetometer == nil }) {
            throw CommandFailure("\(missing.file): no magnetometer; use --dof 6")
        }
        let progress = workOptions.progress(total: loaded.count * kinds.count, label: "orbitbench fusion", unit: "filter runs")
        let rows = try Bench.fusion(
            recordings: loaded, filters: kinds, settings: settings, useMagnetometer: useMagnetometer, keepAttitude: attitude
        ) { progress.update($0) }
        progress.finish()
        // A recording no filter could update has nothing to report: an error, not a row of NaN.
        for row in rows {
            guard let recording = loaded.first(where: { $0.name == row.trial }),
                let problem = row.result.noUpdateProblem(samples: recording.count)
            else { continue }
            throw CommandFailure("\(recording.file): \(problem)")
        }
        var reading = String(
            format: "Reading: %.1f ms per file on average (slowest %.1f ms).\n", readSeconds.reduce(0, +) / Double(readSeconds.count) * 1000,
            (readSeconds.max() ?? 0) * 1000)
        for recording in loaded {
            for finding in recording.degenerateSensors() {
                let line = "warning: \(recording.file): \(finding)"
                FileHandle.standardError.write(Data("orbitbench fusion: \(TerminalText.escaped(line))\n".utf8))
                reading += line + "\n"
            }
        }
        let summary = try RecordingFusionReport.write(
            rows, useMagnetometer: useMagnetometer, extraSummary: reading, to: report, plots: !noPlots,
            origin: ReportOrigin(command: "fusion", overrides: scenarioOptions.overrides))
        try report.commit()
        print(summary, terminator: "")
        let plotted = !noPlots && !RecordingFusionReport.averages(rows).isEmpty
        print(
            "wrote \(report.destination.path)/fusion.csv, fusion-groups.csv, fusion-summary.txt\(attitude ? ", attitude/<trial>-<filter>.csv" : "")\(plotted ? ", plots/fusion-broad.png, plots/fusion-error.png" : "")"
        )
    }
}
