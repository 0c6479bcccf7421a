import Capture
import Runs
import Foundation
import Plotting
import ReportIO
import Scenarios
import StatisticsKit
import Execution
import ReportFormats

/// The files of `orbitbench run` for one scenario.
public enum CaptureReport {
    /// metrics.csv columns: the metric table (`RunMetrics`), in this order, after scenario and seed.
    public static var metricColumns: [String] { RunMetrics.captureColumns }

    /// Writes a run's files into `report` (not committed): metrics.csv, frames.csv, slots.csv,
    /// summary.json, recording.json (first seed), with `format` the figures plots/*.png (or .svg, .pdf), with `render` the
    /// first seed's frames as images/*.jpg with images.csv and the spin viewer, and report.html;
    /// with `failures` (seeds whose plug-in failed, left out of everything else) failures.csv.
    /// Returns what rendering measured (nil without `render`).
    @discardableResult
    public static func write(
        scenario: Scenario, _ results: [CaptureRunResult], to report: ReportDirectory, figures format: FigureFormat?, origin: ReportOrigin,
        render: FrameImages.Settings? = nil, failures: [PluginFailure] = []
    ) throws -> RenderOutcome? {
        let origin = origin.with(scenarios: [scenario.name], seeds: results.map(\.seed))
        var rendered: RenderOutcome?
        if let render, let first = results.first {
            let started = Date()
            let frames = try FrameImages.render(scenario: scenario, result: first, settings: render)
            for frame in frames { try report.write(frame.jpeg, to: "images/\(frame.name)") }
            try report.write(FrameImages.csv(frames).bytes, to: "images.csv")
            rendered = RenderOutcome(
                seed: first.seed, frames: frames.count, bytes: frames.map(\.jpeg.count).reduce(0, +),
                sharpnessBlurCorrelation: FrameImages.sharpnessBlurCorrelation(frames), seconds: Date().timeIntervalSince(started))
            try report.write(
                SpinViewerPage.html(first.recording, slotCount: first.slots.count, imageBase: SpinViewerPage.defaultImageBase),
                to: "\(SpinViewerFile.folderName)/\(SpinViewerFile.fileName)")
        }
        var summary = summary(scenario: scenario, results)
        if !failures.isEmpty {
            summary.failures = failures
            try report.write(FailureReport.csv(failures).bytes, to: "failures.csv")
        }
        if let rendered {
            summary.diagnostics["render_sharpness_blur_spearman"] = MetricSummary([rendered.sharpnessBlurCorrelation], unit: "fraction")
        }
        let smallTables = { [summary] () throws in
            try report.record(origin, scenarios: [scenario])
            try report.write(metricsCSV(scenario: scenario.name, results.map { ($0.seed, $0.metrics) }).bytes, to: "metrics.csv")
            try report.write(slotsCSV(results).bytes, to: "slots.csv")
            try report.write(Array(try summary.jsonData()), to: "summary.json")
            if let first = results.first { try report.write(Array(try first.recording.jsonData()), to: "recording.json") }
        }
        if let format {
            // The tables are written by one worker while the others draw the figures, each
            // worker writing the figure it drew.
            let figures = CapturePlots.drawings(scenario: scenario, results, output: FigureOutput(format, provenance: origin.pngTexts))
            try report.createFolder("plots")
            let tables = {
                try smallTables()
                try writeFramesCSV(results, to: report, workers: 1)
            }
            _ = try Parallel.map(figures.count, besides: tables) {
                try report.write(try figures[$0].draw(), to: format.fileName("plots/\(figures[$0].name)"))
            }
        } else {
            // One worker writes the small tables while the others format frames.csv.
            try writeFramesCSV(results, to: report, besides: smallTables)
        }
        var sections = (failures.isEmpty ? [] : [FailureReport.section(failures)]) + [HTMLReport.metrics(summary)]
        if let rendered { sections.append(rendered.htmlSection) }
        try report.writeHTMLReport(
            title: "\(scenario.name): capture run", summary: scenario.description + " " + HTMLReport.headline(summary),
            whatRan: HTMLReport.whatRan(origin: origin, scenarios: [scenario]), sections: sections, origin: origin,
            viewerHint:
                "This run has no rendered frames, so there is no spin viewer: run again with --render (pictures of the first seed and the viewer), or write a viewer without pictures with: orbitbench view <this folder> --html"
        )
        return rendered
    }

    public static func metricsCSV(scenario: String, _ results: [(seed: UInt64, metrics: CaptureMetrics)]) -> CSVWriter {
        CSVWriter(header: ["scenario", "seed"] + metricColumns, rows: results) { csv, result in
            csv.text(scenario)
            csv.integer(result.seed)
            csv.metrics(RunMetrics(result.metrics), columns: metricColumns)
        }
    }

    static let framesHeader = [
        "seed", "frame", "capture_t_s", "capture_t_ns", "timestamp_s", "timestamp_ns", "delivery_t_s", "delivery_t_ns",
        "queue_backlog_ms", "outcome", "reason", "replaced_frame", "kept_at_end", "slot", "score", "est_angle_deg", "true_angle_deg",
        "angle_err_deg", "est_pitch_dev_deg", "est_roll_dev_deg", "true_pitch_dev_deg", "true_roll_dev_deg", "acceleration_m_s2",
        "blur_px", "blur_obj_mean_px", "blur_obj_max_px", "rate_measured_dps", "rate_true_dps", "blur_predicted_px", "sync_err_ms",
    ]

    /// frames.csv: one row per frame of every seed, in seed order. Each seed's rows are
    /// formatted on its own core, so writing does not serialise a many-seed run.
    public static func framesCSV(_ results: [CaptureRunResult]) -> CSVWriter {
        var csv = CSVWriter(header: framesHeader)
        for part in Parallel.map(results.count, { framesCSV(of: results[$0], frames: results[$0].frames.indices) }) { csv.appendRows(of: part) }
        return csv
    }

    /// Frames formatted per job when frames.csv is streamed: the rows in flight stay a few MB
    /// however long the run, and a many-seed run still keeps every core busy.
    public static let framesPerChunk = 4096

    /// frames.csv, byte for byte as `framesCSV`, written into `report` piece by piece: chunks
    /// of rows are formatted by up to `workers` threads and appended in order as they are
    /// ready (`Parallel.forEachInOrder`), at most two per worker waiting. `lead`, when given,
    /// runs on one of the workers first (the report's other tables).
    public static func writeFramesCSV(
        _ results: [CaptureRunResult], to report: ReportDirectory, framesPerChunk: Int = framesPerChunk, workers: Int = Parallel.workerLimit,
        besides lead: (() throws -> Void)? = nil
    ) throws {
        precondition(framesPerChunk > 0 && workers > 0)
        let chunks = results.indices.flatMap { seed in
            stride(from: 0, to: results[seed].frames.count, by: framesPerChunk).map { start in
                (seed: seed, frames: start..<min(start + framesPerChunk, results[seed].frames.count))
            }
        }
        try report.write(to: "frames.csv") { append in
            try append(CSVWriter(header: framesHeader).bytes[...])
            try Parallel.forEachInOrder(
                chunks.count, workers: workers, window: 2 * min(workers, Parallel.workerLimit), besides: lead,
                produce: { framesCSV(of: results[chunks[$0].seed], frames: chunks[$0].frames) },
                consume: { _, part in try append(part.rowBytes) })
        }
    }

    /// Rows of one seed's frames in `frames` (positions in `result.frames`).
    static func framesCSV(of result: CaptureRunResult, frames positions: Range<Int>) -> CSVWriter {
        CSVWriter(header: framesHeader, rows: result.frames[positions]) { csv, frame in
            let (outcome, reason) = describe(frame)
            csv.integer(result.seed)
            csv.integer(frame.index)
            csv.time(frame.captureTime)
            csv.time(frame.timestamp)
            csv.time(frame.deliveryTime)
            csv.number(frame.backlog * 1000, decimals: 3)
            csv.text(outcome)
            csv.text(reason)
            if let replaced = frame.decision?.replacedFrame { csv.integer(replaced) } else { csv.empty() }
            csv.bool(frame.keptAtEnd)
            if let slot = frame.decision?.placement?.slot { csv.integer(slot) } else { csv.empty() }
            csv.number(frame.decision?.score, decimals: 4)
            csv.number(frame.decision?.placement?.pose.angle, decimals: 4)
            csv.number(frame.trueAngle, decimals: 4)
            csv.number(frame.angleError, decimals: 4)
            csv.number(frame.decision?.placement?.pose.pitchDeviation, decimals: 4)
            csv.number(frame.decision?.placement?.pose.rollDeviation, decimals: 4)
            csv.number(frame.truePose?.pitchDeviation, decimals: 4)
            csv.number(frame.truePose?.rollDeviation, decimals: 4)
            csv.number(frame.decision?.placement?.acceleration, decimals: 4)
            csv.number(frame.blur, decimals: 3)
            csv.number(frame.objectBlurMean, decimals: 3)
            csv.number(frame.objectBlurMax, decimals: 3)
            csv.number(frame.measuredRotationRate, decimals: 3)
            csv.number(frame.trueRotationRate, decimals: 3)
            csv.number(frame.predictedBlur, decimals: 3)
            csv.number(frame.syncError.map { $0 * 1000 }, decimals: 3)
        }
    }

    /// (outcome, reason) as written to frames.csv.
    public static func describe(_ frame: FrameRecord) -> (String, String) {
        guard let decision = frame.decision else { return ("dropped", "late") }
        switch decision.outcome {
        case .accepted: return ("accepted", "empty_slot")
        case .replaced: return ("replaced", "better_score")
        case .overThreshold: return ("discarded", "over_threshold")
        case .worseThanHolder: return ("discarded", "worse_than_holder")
        case .rejected(let reason): return ("discarded", reason)
        case .noMotion(.empty): return ("discarded", "no_motion_yet")
        case .noMotion(.tooOld): return ("discarded", "no_motion_too_old")
        case .noMotion(.notYetArrived): return ("discarded", "no_motion_not_arrived")
        }
    }

    /// The decision behind a frames.csv (outcome, reason) pair; `nil` for "dropped" or an
    /// unknown pair. The inverse of `describe`.
    public static func outcome(_ outcome: String, reason: String) -> FrameOutcome? {
        switch (outcome, reason) {
        case ("accepted", _): return .accepted
        case ("replaced", _): return .replaced
        case ("discarded", "over_threshold"): return .overThreshold
        case ("discarded", "worse_than_holder"): return .worseThanHolder
        case ("discarded", "no_motion_yet"): return .noMotion(.empty)
        case ("discarded", "no_motion_too_old"): return .noMotion(.tooOld)
        case ("discarded", "no_motion_not_arrived"): return .noMotion(.notYetArrived)
        case ("discarded", let reason) where !reason.isEmpty: return .rejected(reason)
        default: return nil
        }
    }

    public static func slotsCSV(_ results: [CaptureRunResult]) -> CSVWriter {
        let header = [
            "seed", "slot", "center_deg", "filled", "frame", "image", "score", "est_angle_deg", "true_angle_deg", "slot_angle_err_deg",
            "est_pitch_dev_deg", "est_roll_dev_deg", "true_pitch_dev_deg", "true_roll_dev_deg", "acceleration_m_s2", "blur_px",
            "blur_obj_mean_px", "blur_obj_max_px", "rate_measured_dps", "camera_height_m", "object_offset_v_px",
        ]
        let rows = results.flatMap { result in result.slots.map { (result.seed, $0) } }
        return CSVWriter(header: header, rows: rows) { csv, row in
            let (seed, slot) = row
            let (entry, frame) = (slot.entry, slot.frame)
            csv.integer(seed)
            csv.integer(slot.slot)
            csv.number(slot.center, decimals: 3)
            csv.bool(entry != nil)
            if let entry { csv.integer(entry.frameIndex); csv.text(entry.image) } else { csv.empty(); csv.empty() }
            csv.numbers([entry?.score, entry?.pose.angle, frame?.trueAngle, slot.slotAngleError], decimals: 4)
            let truePose = frame?.truePose
            csv.numbers([entry?.pose.pitchDeviation, entry?.pose.rollDeviation, truePose?.pitchDeviation, truePose?.rollDeviation], decimals: 4)
            csv.number(entry?.acceleration, decimals: 4)
            csv.numbers([frame?.blur, frame?.objectBlurMean, frame?.objectBlurMax, frame?.measuredRotationRate], decimals: 3)
            csv.number(slot.cameraHeight, decimals: 4)
            csv.number(slot.objectOffset, decimals: 2)
        }
    }

    /// summary.json (`RunSummary`): what ran, each metric over seeds, and the diagnostics
    /// behind them.
    public static func summary(scenario: Scenario, _ results: [CaptureRunResult]) -> RunSummary {
        let selection = scenario.selection
        let diagnostics: [String: MetricSummary] = [
            "motion_updates_coalesced": MetricSummary(results.map { Double($0.motionCoalesced) }, unit: "count"),
            "motion_updates_processed": MetricSummary(results.map { Double($0.motionProcessed) }, unit: "count"),
            "queue_busy_fraction": MetricSummary(results.map { $0.queueBusyFraction }, unit: "fraction"),
            "selected_object_offset_v_mean_px": MetricSummary(
                results.map { Statistics.mean($0.slots.compactMap(\.objectOffset).map(abs)) }, unit: "px"),
            "selected_camera_height_range_m": MetricSummary(
                results.map { result in
                    let heights = result.slots.compactMap(\.cameraHeight)
                    return (heights.max() ?? .nan) - (heights.min() ?? .nan)
                }, unit: "m"),
        ]
        let settings: [String: SettingValue] = [
            "selector": .text(results.first?.selector ?? selection.selector.rawValue),
            "filter": .text(results.first?.filter ?? scenario.fusion.filter.rawValue),
            "reference_frame": .text(scenario.fusion.referenceFrame.rawValue), "angle_source": .text(selection.angleSource.rawValue),
            "slots": .integer(selection.slotCount), "threshold": .number(selection.threshold), "flood_guard": .flag(selection.floodGuard),
            "fps": .number(scenario.world.camera.fps), "weight_roll": .number(selection.weights.roll),
            "weight_pitch": .number(selection.weights.pitch), "weight_acceleration": .number(selection.weights.acceleration),
            "weight_angle_offset": .number(selection.weights.angleOffset),
        ]
        let notes =
            (results.first?.isOuterCircle ?? true
                ? [
                    "Quality distance d = sqrt(w_roll·roll² + w_pitch·pitch² + w_acc·a² + w_offset·offset²), degrees and m/s²; lower is better.",
                    "The seed says frames are discarded 'if the value is lower than a threshold'; for a distance that is contradictory, so here a frame is discarded when d exceeds the threshold.",
                ]
                : [
                    "Selection by \(results[0].selector): scores are that selector's own; threshold and weights apply to outer-circle only; the flood guard applies where the selector stores motion through FramePlacer.handleMotion."
                ])
            + [
                "True angles are the camera position's azimuth around the object since the recording start; true deviations use the optical-axis definitions on the true attitude.",
                "Blur (blur_obj_*) is the image-plane path length of 150 points over the object during the exposure, from the exact trajectory; centre blur (blur_sel_*, blur_all_mean_px) is the path of the object centre alone, which the camera re-aims at.",
                "recording.json is the export of the first seed; scenario.resolved.yaml reproduces the run.",
            ]
        return RunSummary(
            kind: .capture, name: scenario.name, description: scenario.description, seeds: results.map(\.seed), settings: settings,
            metrics: RunSummary.metrics(results.map { RunMetrics($0.metrics) }, columns: metricColumns), diagnostics: diagnostics,
            notes: notes)
    }

    /// Mean ± sd over seeds of every capture metric some seed has, for stdout.
    public static func table(scenario: Scenario, _ results: [CaptureRunResult]) -> String { document(scenario: scenario, results).text }

    /// The console summary (`table`) and summary.md: the scenario, what ran, every capture
    /// metric's mean ± sd over the seeds.
    public static func document(scenario: Scenario, _ results: [CaptureRunResult]) -> ConsoleDocument {
        let runs = results.map { RunMetrics($0.metrics) }
        let rows = Metric.readingOrder.filter { !$0.isPerKeypoint && $0.kinds.contains(.capture) }.compactMap { metric -> [String]? in
            let values = runs.compactMap { $0[metric.name] }
            guard !values.isEmpty else { return nil }
            return [metric.summary, MeanAndSpread(values).formatted(decimals: metric.decimals), metric.unit.symbol]
        }
        var document = ConsoleDocument()
        document.line("\(scenario.name): \(scenario.description)")
        document.line(
            "\(counted(results.count, "seed")), selector \(results.first?.selector ?? scenario.selection.selector.rawValue), filter \(results.first?.filter ?? scenario.fusion.filter.rawValue), angle source \(scenario.selection.angleSource.rawValue), flood guard \(scenario.selection.floodGuard ? "on" : "off")"
        )
        document.table(header: ["metric", "mean ± sd", "unit"], rows: rows)
        return document
    }

    /// Several capture scenarios side by side (`run`'s summary.md when it ran more than one):
    /// per scenario the seeds and the mean ± sd of the headline metrics it has.
    public static func scenariosTable(_ runs: [(scenario: Scenario, results: [CaptureRunResult])]) -> (header: [String], rows: [[String]]) {
        let names = [
            "coverage", "max_gap_deg", "slot_angle_err_mean_deg", "blur_obj_mean_px", "blur_obj_all_mean_px", "blur_sel_mean_px", "blur_all_mean_px",
            "frames_dropped",
        ]
        let metrics = names.compactMap(Metric.named)
        let rows = runs.map { run -> [String] in
            let values = run.results.map { RunMetrics($0.metrics) }
            return [run.scenario.name, String(run.results.count)]
                + metrics.map { metric in
                    let known = values.compactMap { $0[metric.name] }
                    return known.isEmpty ? "–" : MeanAndSpread(known).formatted(decimals: metric.decimals)
                }
        }
        return (["scenario", "seeds"] + metrics.map(\.name), rows)
    }
}
