import Capture
import Runs
import Foundation
import Plotting
import ReportIO
import Scenarios
import Recordings
import ReportFormats

/// The files of `orbitbench replay`: the run layout (frames.csv, slots.csv, recording.json)
/// with the metrics a logged session supports.
public enum ReplayReport {
    /// What `replay --render` draws from: the session, its folder (pictures already there are
    /// copied, not drawn) and the render settings.
    public struct Rendering {
        public var settings: FrameImages.Settings
        public var log: CaptureSessionLog
        public var sessionFolder: URL

        public init(settings: FrameImages.Settings, log: CaptureSessionLog, sessionFolder: URL) {
            self.settings = settings
            self.log = log
            self.sessionFolder = sessionFolder
        }
    }

    /// Writes the replay's files into `report` (not committed); with `render`, the selected
    /// frames' pictures into images/ — the session's own where it has them, drawn from its
    /// reference poses otherwise — and the spin viewer. Returns what rendering did.
    @discardableResult
    public static func write(
        _ result: CaptureRunResult, name: String, scenario: Scenario, to report: ReportDirectory, figures format: FigureFormat?, origin: ReportOrigin,
        render: Rendering? = nil
    ) throws -> ReplayRenderOutcome? {
        let origin = origin.with(scenarios: [scenario.name], seeds: [])
        try report.record(origin, scenarios: [scenario])
        let columns = columns(for: result)
        var csv = CSVWriter(header: ["session"] + columns)
        csv.text(name)
        csv.metrics(RunMetrics(result.metrics, columns: columns), columns: columns)
        csv.endRow()
        try report.write(csv.bytes, to: "metrics.csv")
        try CaptureReport.writeFramesCSV([result], to: report)
        try report.write(CaptureReport.slotsCSV([result]).bytes, to: "slots.csv")
        try report.write(Array(try result.recording.jsonData()), to: "recording.json")
        let rendered = try render.map { try images(result, scenario: scenario, rendering: $0, to: report) }
        let summary = summary(result, name: name, scenario: scenario)
        try report.write(Array(try summary.jsonData()), to: "summary.json")
        let shown = scenario.renamed(name)
        try report.writeFigure("plots/coverage-polar.png", format: format, origin: origin) {
            try CapturePlots.coveragePolar(scenario: shown, [result], label: "replayed session", output: $0)
        }
        try report.writeFigure("plots/timeline.png", format: format, origin: origin) {
            try CapturePlots.timeline(scenario: shown, result, label: "replayed session", output: $0)
        }
        try report.writeHTMLReport(
            title: "\(name): replayed session",
            summary: "A recorded capture session replayed through the selection code. " + HTMLReport.headline(summary),
            whatRan: HTMLReport.whatRan(origin: origin, scenarios: [scenario], extra: [HTMLReport.Fact("session", name)]),
            sections: [HTMLReport.metrics(summary)] + (rendered.map { [$0.htmlSection] } ?? []), origin: origin,
            viewerHint:
                "replay --render puts the session's pictures (or drawn ones) in images/ with the spin viewer; orbitbench view <this folder> --html writes the viewer alone"
        )
        return rendered
    }

    /// The largest picture of a session that is copied (a camera frame is a few MB).
    public static let maximumImageBytes = 256 << 20

    /// images/ for `replay --render`: copies the selected frames' pictures the session folder
    /// has (beside frames.csv or in its images/; regular files only, no symbolic link on the
    /// way, at most `maximumImageBytes` each), draws the others from the reference poses,
    /// writes the viewer.
    static func images(_ result: CaptureRunResult, scenario: Scenario, rendering: Rendering, to report: ReportDirectory) throws
        -> ReplayRenderOutcome
    {
        var copied = 0
        var present: Set<Int> = []
        for slot in result.slots {
            guard let entry = slot.entry else { continue }
            // Only regular files inside the session folder: a symbolic link is an error, not a
            // way to copy any readable file into the report.
            guard
                let bytes = try ContainedFile.read([entry.image], in: rendering.sessionFolder, maximumBytes: maximumImageBytes)
                    ?? ContainedFile.read(["images", entry.image], in: rendering.sessionFolder, maximumBytes: maximumImageBytes)
            else { continue }
            try report.write(bytes, to: "images/\(entry.image)")
            present.insert(entry.frameIndex)
            copied += 1
        }
        let reference = ReferenceTrack(rendering.log)
        let drawn = try FrameImages.render(scenario: scenario, replayed: result, reference: reference, settings: rendering.settings, skip: present)
        for frame in drawn { try report.write(frame.jpeg, to: "images/\(frame.name)") }
        if !drawn.isEmpty { try report.write(FrameImages.csv(drawn).bytes, to: "images.csv") }
        try report.write(
            SpinViewerPage.html(result.recording, slotCount: result.slots.count, imageBase: SpinViewerPage.defaultImageBase),
            to: "\(SpinViewerFile.folderName)/\(SpinViewerFile.fileName)")
        let selected = result.slots.filter { $0.entry != nil }.count
        return ReplayRenderOutcome(copied: copied, drawn: drawn.count, missing: selected - copied - drawn.count)
    }

    /// The replay metrics that this session can support: true angles need reference positions,
    /// true deviations reference attitudes.
    public static func columns(for result: CaptureRunResult) -> [String] {
        let hasAngles = result.frames.contains { $0.trueAngle != nil }, hasDeviations = result.frames.contains { $0.truePose != nil }
        let angleColumns: Set = ["slot_angle_err_mean_deg", "angle_est_err_mean_deg", "angle_est_err_max_deg"]
        let deviationColumns: Set = ["dev_pitch_mean_deg", "dev_roll_mean_deg"]
        return RunMetrics.replayColumns.filter { (hasAngles || !angleColumns.contains($0)) && (hasDeviations || !deviationColumns.contains($0)) }
    }

    public static func summary(_ result: CaptureRunResult, name: String, scenario: Scenario) -> RunSummary {
        let columns = columns(for: result)
        var settings: [String: SettingValue] = [
            "settings_from": .text(scenario.name), "selector": .text(result.selector), "slots": .integer(result.slots.count),
        ]
        if let filter = result.filter { settings["fused_with"] = .text(filter) }
        return RunSummary(
            kind: .replay, name: name, description: "session \(name) replayed with the settings of \(scenario.name)", seeds: [],
            settings: settings, metrics: RunSummary.metrics([RunMetrics(result.metrics, columns: columns)], columns: columns),
            diagnostics: [
                "motion_updates_processed": MetricSummary([Double(result.motionProcessed)], unit: "count"),
                "motion_updates_coalesced": MetricSummary([Double(result.motionCoalesced)], unit: "count"),
            ],
            notes: [
                "Replayed in delivery order (motion first on equal times); frames marked dropped were withheld from the selector.",
                "Truth-based metrics need reference attitudes and positions (ref_q*, ref_*_m) in motion.csv; blur needs the scene and is not computed.",
                "fused_with names the filter that fused a raw motion log; absent when the log held DeviceMotion.",
            ])
    }

    /// A one-screen table for stdout: each value in its metric's decimals (counts whole).
    public static func table(_ result: CaptureRunResult, name: String, scenario: Scenario) -> String {
        let columns = columns(for: result)
        let metrics = RunMetrics(result.metrics, columns: columns)
        var text =
            "\(name): replayed with selector \(result.selector)\(result.filter.map { ", raw motion fused by \($0)" } ?? "") (settings of \(scenario.name))\n"
        text += TextTable.render(
            header: ["metric", "value"],
            rows: columns.map { column in
                [
                    column,
                    metrics[column].map { value in
                        Metric.named(column)?.unit == .count ? String(Int(value)) : String(format: "%.\(Metric.named(column)?.decimals ?? 3)f", value)
                    } ?? "–",
                ]
            })
        return text
    }

    /// Warnings about what the session cannot support: most frames without motion (the usual
    /// cause is two logs on different clocks), half a reference.
    public static func warnings(_ result: CaptureRunResult, log: CaptureSessionLog) -> [String] {
        var warnings: [String] = []
        let references = log.motion.compactMap(\.reference)
        if !references.isEmpty {
            if !references.contains(where: { $0.position != nil }) {
                warnings.append(
                    "motion.csv has reference attitudes but no positions (ref_x_m, ref_y_m, ref_z_m): true deviations only, no true angles")
            } else if !references.contains(where: { $0.attitude != nil }) {
                warnings.append("motion.csv has reference positions but no attitudes (ref_qw, …): true angles only, no true deviations")
            }
        }
        return warnings + clockWarning(result, log: log)
    }

    private static func clockWarning(_ result: CaptureRunResult, log: CaptureSessionLog) -> [String] {
        let delivered = result.frames.reduce(0) { $0 + ($1.dropped ? 0 : 1) }
        guard delivered > 0, result.metrics.framesNoMotion * 2 > delivered,
            let firstFrame = log.frames.first?.timestamp, let lastFrame = log.frames.last?.timestamp,
            let firstMotion = log.motion.first?.timestamp, let lastMotion = log.motion.last?.timestamp
        else { return [] }
        let span = { (a: Double, b: Double) in String(format: "%.3f–%.3f s", a, b) }
        return [
            "\(result.metrics.framesNoMotion) of \(delivered) frames found no motion covering their timestamp (frames \(span(firstFrame, lastFrame)), motion \(span(firstMotion, lastMotion))): do motion.csv and frames.csv share a clock and a time unit?"
        ]
    }
}
