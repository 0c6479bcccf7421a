import Capture
import Evaluation
import Foundation
import Scenarios

/// The files of `orbitbench replay`: the run layout (frames.csv, slots.csv, recording.json)
/// with the metrics a logged session supports.
public enum ReplayReport {
    /// Writes the replay's files into `report` (not committed).
    public static func write(_ result: CaptureRunResult, name: String, scenario: Scenario, to report: ReportDirectory, plots: Bool) throws {
        let columns = columns(for: result)
        var csv = CSVWriter(header: ["session"] + columns)
        csv.text(name)
        csv.metrics(RunMetrics(result.metrics, columns: columns), columns: columns)
        csv.endRow()
        try report.write(csv.bytes, to: "metrics.csv")
        try report.write(CaptureReport.framesCSV([result]).bytes, to: "frames.csv")
        try report.write(CaptureReport.slotsCSV([result]).bytes, to: "slots.csv")
        try report.write(Array(try result.recording.jsonData()), to: "recording.json")
        try report.write(Array(try summaryJSON(result, name: name, scenario: scenario)), to: "summary.json")
        if plots {
            let shown = named(scenario, name)
            let provenance = Provenance.texts(command: "replay", scenarios: [name], seeds: [])
            try report.write(try CapturePlots.coveragePolar(scenario: shown, [result], label: "replayed session", provenance: provenance), to: "plots/coverage-polar.png")
            try report.write(try CapturePlots.timeline(scenario: shown, result, label: "replayed session", provenance: provenance), to: "plots/timeline.png")
        }
    }

    /// The replay metrics that this session can support: truth-based ones only with a reference.
    public static func columns(for result: CaptureRunResult) -> [String] {
        let hasTruth = result.frames.contains { $0.trueAngle != nil }
        let truthColumns: Set = ["slot_angle_err_mean_deg", "angle_est_err_mean_deg", "angle_est_err_max_deg", "dev_pitch_mean_deg", "dev_roll_mean_deg"]
        return RunMetrics.replayColumns.filter { hasTruth || !truthColumns.contains($0) }
    }

    public static func summaryJSON(_ result: CaptureRunResult, name: String, scenario: Scenario) throws -> Data {
        struct Summary: Encodable {
            var tool: String
            var session: String
            var settingsFrom: String
            var selector: String
            var slots: Int
            var metrics: [String: Double?]
            var motionUpdatesProcessed: Int
            var motionUpdatesCoalesced: Int
            var notes: [String]
        }
        let columns = columns(for: result)
        let metrics = RunMetrics(result.metrics, columns: columns)
        let summary = Summary(
            tool: "orbitbench \(ToolVersion.current)", session: name, settingsFrom: scenario.name,
            selector: scenario.selection.selector.rawValue, slots: result.slots.count,
            metrics: Dictionary(uniqueKeysWithValues: columns.map { ($0, metrics[$0]) }),
            motionUpdatesProcessed: result.motionProcessed, motionUpdatesCoalesced: result.motionCoalesced,
            notes: [
                "Replayed in delivery order (motion first on equal times); frames marked dropped were withheld from the selector.",
                "Truth-based metrics need reference attitudes and positions (ref_q*, ref_*_m) in motion.csv; blur needs the scene and is not computed.",
            ])
        return try ReportJSON.encode(summary)
    }

    /// A one-screen table for stdout.
    public static func table(_ result: CaptureRunResult, name: String, scenario: Scenario) -> String {
        let columns = columns(for: result)
        let metrics = RunMetrics(result.metrics, columns: columns)
        var text = "\(name): replayed with selector \(scenario.selection.selector.rawValue) (settings of \(scenario.name))\n"
        text += TextTable.render(header: ["metric", "value"], rows: columns.map { column in
            [column, metrics[column].map { RunMetrics.integerColumns.contains(column) ? String(Int($0)) : String(format: "%.4g", $0) } ?? "–"]
        })
        return text
    }

    /// A warning when most frames found no motion: the usual cause is two logs on different clocks.
    public static func warnings(_ result: CaptureRunResult, log: CaptureSessionLog) -> [String] {
        let delivered = result.frames.filter { !$0.dropped }.count
        guard delivered > 0, result.metrics.framesNoMotion * 2 > delivered,
              let firstFrame = log.frames.first?.timestamp, let lastFrame = log.frames.last?.timestamp,
              let firstMotion = log.motion.first?.timestamp, let lastMotion = log.motion.last?.timestamp else { return [] }
        let span = { (a: Double, b: Double) in String(format: "%.3f–%.3f s", a, b) }
        return ["\(result.metrics.framesNoMotion) of \(delivered) frames found no motion covering their timestamp (frames \(span(firstFrame, lastFrame)), motion \(span(firstMotion, lastMotion))): do motion.csv and frames.csv share a clock and a time unit?"]
    }

    private static func named(_ scenario: Scenario, _ name: String) -> Scenario {
        var shown = scenario
        shown.name = name
        return shown
    }
}
