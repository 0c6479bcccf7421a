import Capture
import Foundation
import OrbitMath
import ReportIO
import Runs
import Scenarios

/// Reads a capture report folder (`run`'s frames.csv, slots.csv, summary.json) back into
/// results, so its figures can be drawn again after a plotting change without re-running —
/// the files are the data. What the files do not hold is approximated: the true-angle line
/// from the frames' true angles (frame rate instead of 20 Hz), attitude RMSE not at all.
public enum CaptureReportReader {
    /// The scenario (name and the selection settings the plots show) and one result per seed.
    public static func read(directory: String) throws -> (scenario: Scenario, results: [CaptureRunResult]) {
        let report = try StoredReport(URL(fileURLWithPath: directory), writtenBy: ["run"])
        let summaryPath = report.folder.appendingPathComponent("summary.json").path
        let summary: RunSummary
        do { summary = try JSONDecoder().decode(RunSummary.self, from: Data(try report.bytes("summary.json"))) } catch let error as CSVError {
            throw error
        } catch {
            throw CSVError(file: summaryPath, message: "not a summary of layout \(RunSummary.layout) (\(error))")
        }
        guard summary.layout == RunSummary.layout, summary.kind == .capture else {
            throw CSVError(
                file: summaryPath,
                message: "not a capture summary of layout \(RunSummary.layout) (kind \(summary.kind.rawValue), layout \(summary.layout))")
        }
        var scenario = Scenario().renamed(summary.name)
        if let slots = summary.settings["slots"]?.number, slots > 0, slots < 100_000 { scenario.selection.slotCount = Int(slots) }
        if let threshold = summary.settings["threshold"]?.number { scenario.selection.threshold = threshold }
        if let fps = summary.settings["fps"]?.number, fps > 0 { scenario.world.camera.fps = fps }
        if let source = summary.settings["angle_source"]?.text.flatMap(AngleSource.init(rawValue:)) { scenario.selection.angleSource = source }
        let selector = summary.settings["selector"]?.text ?? SelectorName.outerCircle.rawValue

        let frames = try report.table("frames.csv")
        let slots = try report.table("slots.csv")
        let frameRows = try Rows(frames)
        let slotRows = try Rows(slots)
        var framesBySeed: [UInt64: [FrameRecord]] = [:], seeds: [UInt64] = []
        for row in frames.rows {
            let seed = try frameRows.seed(row)
            if framesBySeed[seed] == nil { seeds.append(seed) }
            framesBySeed[seed, default: []].append(try frameRows.frame(row))
        }
        var slotsBySeed: [UInt64: [SlotRecord]] = [:]
        for row in slots.rows {
            let seed = try slotRows.seed(row)
            let byIndex = Dictionary(framesBySeed[seed, default: []].map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
            slotsBySeed[seed, default: []].append(try slotRows.slot(row, frames: byIndex))
        }
        let noFusionReference = AttitudeRMSE(estimates: [], truths: []) { _ in false }
        let results = seeds.map { seed -> CaptureRunResult in
            let frameRecords = framesBySeed[seed] ?? [], slotRecords = slotsBySeed[seed] ?? []
            let track = frameRecords.compactMap { frame in frame.trueAngle.map { (time: frame.captureTime, angle: $0) } }
            return CaptureRunResult(
                seed: seed,
                metrics: CaptureMetrics(
                    frames: frameRecords, slots: slotRecords, slotWidth: 360 / Double(max(slotRecords.count, 1)), attitudeRMSE: noFusionReference),
                frames: FrameRecords(frameRecords), slots: slotRecords,
                recording: Recording(uid: "\(scenario.name)-seed-\(seed)", date: 0, radius: 360 / Double(max(slotRecords.count, 1)), elements: []),
                trueAngleTrack: track, recordingStart: frameRecords.first { $0.decision?.placement != nil }?.captureTime,
                motionCoalesced: 0, motionProcessed: 0, queueBusyFraction: .nan, session: nil, selector: selector,
                filter: summary.settings["filter"]?.text)
        }
        return (scenario, results)
    }

    /// Typed access to one table's columns, errors naming file, line and column.
    private struct Rows {
        let table: CSVTable
        let columns: [String: Int]

        init(_ table: CSVTable) throws(CSVError) {
            self.table = table
            columns = Dictionary(table.header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        }

        func index(_ name: String) throws(CSVError) -> Int {
            if let column = columns[name] { return column }
            return try table.column(name)
        }

        func number(_ row: (line: Int, fields: [String]), _ name: String) throws(CSVError) -> Double {
            try table.number(row, try index(name))
        }

        func optional(_ row: (line: Int, fields: [String]), _ name: String) throws(CSVError) -> Double? {
            let column = try index(name)
            return row.fields[column].isEmpty ? nil : try table.number(row, column)
        }

        func text(_ row: (line: Int, fields: [String]), _ name: String) throws(CSVError) -> String { row.fields[try index(name)] }

        func integer(_ row: (line: Int, fields: [String]), _ name: String) throws(CSVError) -> Int {
            guard let value = Int(try text(row, name)) else {
                throw CSVError(
                    file: table.file, line: row.line, column: name, message: "\(TextExcerpt.quoted(try text(row, name))) is not a whole number")
            }
            return value
        }

        func seed(_ row: (line: Int, fields: [String])) throws(CSVError) -> UInt64 {
            guard let seed = UInt64(try text(row, "seed")) else {
                throw CSVError(
                    file: table.file, line: row.line, column: "seed", message: "\(TextExcerpt.quoted(try text(row, "seed"))) is not a seed")
            }
            return seed
        }

        func pose(_ row: (line: Int, fields: [String]), _ prefix: String) throws(CSVError) -> OrbitPose? {
            guard let angle = try optional(row, prefix == "est" ? "est_angle_deg" : "true_angle_deg"),
                let pitch = try optional(row, "\(prefix)_pitch_dev_deg"), let roll = try optional(row, "\(prefix)_roll_dev_deg")
            else { return nil }
            return OrbitPose(angle: angle, pitchDeviation: pitch, rollDeviation: roll)
        }

        /// frames.csv holds the pose, slot and acceleration of a placed frame, not its motion,
        /// angle offset or time: those read back as identity attitude, zero rates, 0 and 0.
        func placement(_ row: (line: Int, fields: [String])) throws(CSVError) -> FramePlacement? {
            guard let pose = try pose(row, "est"), let slot = try optional(row, "slot").map({ Int($0) }) else { return nil }
            let acceleration = try optional(row, "acceleration_m_s2") ?? 0
            let motion = InterpolatedMotion(
                attitude: .identity, rotationRate: .zero, userAcceleration: Vector3(acceleration, 0, 0), earlier: 0, later: 0, fraction: 0)
            return FramePlacement(motion: motion, pose: pose, slot: slot, angleOffset: 0, acceleration: acceleration, time: 0)
        }

        func frame(_ row: (line: Int, fields: [String])) throws(CSVError) -> FrameRecord {
            let outcomeText = try text(row, "outcome"), reason = try text(row, "reason")
            let dropped = outcomeText == "dropped"
            var decision: FrameDecision?
            if !dropped {
                guard let outcome = CaptureReport.outcome(outcomeText, reason: reason) else {
                    throw CSVError(
                        file: table.file, line: row.line, column: "outcome",
                        message: "\(TextExcerpt.quoted(outcomeText)) with reason \(TextExcerpt.quoted(reason)) is not a decision")
                }
                decision = FrameDecision(
                    outcome: outcome, lookupTime: try number(row, "timestamp_s"), placement: try placement(row),
                    score: try optional(row, "score"), replacedFrame: try optional(row, "replaced_frame").map { Int($0) })
            }
            let truePose = try pose(row, "true")
            var record = FrameRecord(
                index: try integer(row, "frame"), captureTime: try number(row, "capture_t_s"), exposure: 0, timestamp: try number(row, "timestamp_s"),
                deliveryTime: try number(row, "delivery_t_s"), dropped: dropped, backlog: try number(row, "queue_backlog_ms") / 1000,
                decision: decision, trueAngle: try optional(row, "true_angle_deg"), truePose: truePose.map { $0 },
                blur: try optional(row, "blur_px"), syncError: try optional(row, "sync_err_ms").map { $0 / 1000 },
                keptAtEnd: try text(row, "kept_at_end") == "1")
            record.objectBlurMean = try optional(row, "blur_obj_mean_px")
            record.objectBlurMax = try optional(row, "blur_obj_max_px")
            record.measuredRotationRate = try optional(row, "rate_measured_dps")
            record.trueRotationRate = try optional(row, "rate_true_dps")
            record.predictedBlur = try optional(row, "blur_predicted_px")
            return record
        }

        func slot(_ row: (line: Int, fields: [String]), frames: [Int: FrameRecord]) throws(CSVError) -> SlotRecord {
            var entry: SlotEntry?, frame: FrameRecord?
            if try text(row, "filled") == "1" {
                let index = try integer(row, "frame")
                guard let pose = try pose(row, "est") else {
                    throw CSVError(
                        file: table.file, line: row.line, column: "est_angle_deg", message: "a filled slot needs its frame's estimated pose")
                }
                entry = SlotEntry(
                    frameIndex: index, image: try text(row, "image"), time: 0, pose: pose, acceleration: try optional(row, "acceleration_m_s2") ?? 0,
                    score: try optional(row, "score") ?? .nan)
                frame = frames[index]
            }
            return SlotRecord(
                slot: try integer(row, "slot"), center: try number(row, "center_deg"), entry: entry, frame: frame,
                cameraHeight: try optional(row, "camera_height_m"), objectOffset: try optional(row, "object_offset_v_px"))
        }
    }
}
