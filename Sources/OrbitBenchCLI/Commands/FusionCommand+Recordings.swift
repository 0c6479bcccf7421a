import ArgumentParser
import Foundation
import OrbitBench

extension FusionCommand {
    /// `orbitbench fusion --recording FILE…`: every filter, default parameters, on each file.
    func runRecordings() throws {
        let kinds: [FilterName] = try ListParsing.names(filters, option: "--filters")
        let columns = try CommandFailure.wrapping { try mapping.map(CSVMapping.load) }
        // The same filter settings for every file: the defaults, with any fusion.* overrides.
        if let other = scenarioOptions.parsedOverrides.first(where: { $0.path.first != "fusion" }) {
            throw CommandFailure("--set \(other): with --recording only fusion.* keys apply")
        }
        // fusion.parameters.<name> goes to every filter of --filters that declares it.
        let (parameters, others) = try scenarioOptions.fusionParameters(for: kinds)
        var settings = try CommandFailure.wrapping { try ScenarioLoader.builtInDefault(overrides: others).fusion.settings }
        settings.parameters = try CommandFailure.wrapping { try Scenario.fusionParameters(parameters, filters: kinds.map(\.rawValue)) }
        let figures = try CommandFailure.wrapping("--reference: ") { try reference.map(TrialReference.load) }
        // Fail on unwritable output before any work.
        _ = try ReportDirectory(destination: URL(fileURLWithPath: out), owner: "fusion", overwrite: outputOptions.overwrite)
        let useMagnetometer = dof == 9
        let progress = workOptions.progress(total: recordings.count * kinds.count, label: "orbitbench fusion", unit: "filter runs")
        let measured = try Bench.fusion(
            recordings: recordings, mapping: columns, isolation: RecordingIsolation.commandLine, filters: kinds, settings: settings,
            useMagnetometer: useMagnetometer, keepAttitude: attitude
        ) { progress.update($0) }
        progress.finish()
        var comparison: TwinComparison?
        if twinOptions.twin {
            let seedList = try seeds.map(ListParsing.seeds) ?? Array(1...20)
            let twinProgress = workOptions.progress(
                total: measured.recordings.count * seedList.count * kinds.count, label: "orbitbench fusion --twin", unit: "filter runs")
            comparison = try twinOptions.comparison(
                measured, filters: kinds, settings: settings, useMagnetometer: useMagnetometer, seeds: seedList
            ) { twinProgress.update($0) }
            twinProgress.finish()
        }
        for recording in measured.recordings {
            for finding in recording.degenerateSensors() {
                FileHandle.standardError.write(Data("orbitbench fusion: \(TextExcerpt.escaped("warning: \(recording.file): \(finding)"))\n".utf8))
            }
        }
        let summary = try Bench.writeRecordingFusionReport(
            measured, useMagnetometer: useMagnetometer, reference: figures, twin: comparison, to: out, figures: plotOptions.figures,
            origin: ReportOrigin(command: "fusion", overrides: scenarioOptions.overrides),
            overwrite: outputOptions.overwrite)
        print(summary, terminator: "")
        let plotted = !plotOptions.noPlots && !RecordingFusionReport.averages(measured.rows).isEmpty
        print(
            "wrote \(URL(fileURLWithPath: out).standardizedFileURL.path)/fusion.csv, fusion-groups.csv, fusion-summary.txt, fusion.md\(attitude ? ", attitude/<trial>-<filter>.csv" : "")\(comparison == nil ? "" : ", twin.csv, twin.md")\(comparison?.motionCalibrations.isEmpty == false ? ", twin-calibration.csv" : "")\(plotted ? ", " + plotOptions.file("plots/fusion-broad.png") + ", " + plotOptions.file("plots/fusion-error.png") : "")\(plotted && comparison != nil ? ", " + plotOptions.file("plots/twin.png") : "")"
        )
    }
}
