import Capture
import Foundation
import ReportIO
import Fusion
import OrbitMath

/// Reads a session folder (`motion.csv`, `frames.csv`) in the session layout, or in a phone's
/// own layout through a `SessionMapping`. Every problem is one line naming the file, the line
/// and the column; nothing is guessed silently.
public enum SessionLogReader {
    /// Reads `<directory>/motion.csv` and `<directory>/frames.csv`.
    public static func read(directory: String, mapping: SessionMapping = SessionMapping()) throws(CSVError) -> CaptureSessionLog {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CSVError(file: directory, message: "not a session folder (expected a folder with motion.csv and frames.csv)")
        }
        let folder = URL(fileURLWithPath: directory)
        return try read(
            motion: folder.appendingPathComponent("motion.csv").path, frames: folder.appendingPathComponent("frames.csv").path, mapping: mapping)
    }

    public static func read(motion motionPath: String, frames framesPath: String, mapping: SessionMapping = SessionMapping()) throws(CSVError)
        -> CaptureSessionLog
    {
        let motion = try readMotion(try CSVTable.load(motionPath), mapping: mapping)
        let frames = try readFrames(try CSVTable.load(framesPath), mapping: mapping)
        try SessionClocks.check(motion: motion, frames: frames, motionFile: motionPath, framesFile: framesPath)
        return CaptureSessionLog(motion: motion, frames: frames)
    }

    /// Times beyond this many seconds (≈ 300 years) are a unit mistake (ms or ns read as s).
    static let largestTime = 1e10

    static func checkTime(_ value: Double, _ table: CSVTable, _ row: (line: Int, fields: [String]), _ column: Int) throws(CSVError) {
        guard value.magnitude <= largestTime else {
            throw CSVError(
                file: table.file, line: row.line, column: table.header[column],
                message: "\(value) s is not a plausible time; give its unit in a mapping file (units: {time: ms, us or ns})")
        }
    }

    /// Column lookup with the mapping's names: required, optional, or a group that is all
    /// present or all absent.
    private struct Columns {
        let table: CSVTable
        let rename: (String) -> String

        func optional(_ canonical: String) -> Int? { table.header.firstIndex(of: rename(canonical)) }

        func required(_ canonical: String) throws(CSVError) -> Int {
            guard let index = optional(canonical) else {
                throw CSVError(
                    file: table.file, line: 1, column: rename(canonical),
                    message: "missing column (have: \(TextExcerpt.excerpt(table.header.joined(separator: ", "), limit: 160)))")
            }
            return index
        }

        func group(_ canonical: [String]) throws(CSVError) -> [Int]? {
            let found = canonical.map(optional)
            if found.allSatisfy({ $0 == nil }) { return nil }
            if let missing = zip(canonical, found).first(where: { $0.1 == nil }) {
                throw CSVError(
                    file: table.file, line: 1, column: rename(missing.0),
                    message: "missing column; \(canonical.map(rename).joined(separator: ", ")) go together")
            }
            return found.map { $0! }
        }
    }

    private static func readMotion(_ table: CSVTable, mapping: SessionMapping) throws(CSVError) -> [CaptureSessionLog.Motion] {
        let columns = Columns(table: table, rename: mapping.motionColumn)
        let time = try columns.required("t_s")
        let delivery = columns.optional("delivery_t_s")
        let attitude = try columns.group(["qw", "qx", "qy", "qz"])
        let rate = try columns.group(["rot_x_rad_s", "rot_y_rad_s", "rot_z_rad_s"])
        let user = try columns.group(["user_acc_x_m_s2", "user_acc_y_m_s2", "user_acc_z_m_s2"])
        let gravity = try columns.group(["grav_x_m_s2", "grav_y_m_s2", "grav_z_m_s2"])
        let gyroscope = try columns.group(["gyro_x_rad_s", "gyro_y_rad_s", "gyro_z_rad_s"])
        let accelerometer = try columns.group(["acc_x_m_s2", "acc_y_m_s2", "acc_z_m_s2"])
        let magnetometer = try columns.group(["mag_x_ut", "mag_y_ut", "mag_z_ut"])
        let referenceAttitude = try columns.group(["ref_qw", "ref_qx", "ref_qy", "ref_qz"])
        let referencePosition = try columns.group(["ref_x_m", "ref_y_m", "ref_z_m"])

        let fused = attitude != nil
        if fused {
            guard rate != nil, user != nil else {
                throw CSVError(
                    file: table.file, line: 1,
                    message:
                        "a DeviceMotion log needs \(["rot_x_rad_s", "user_acc_x_m_s2"].map(mapping.motionColumn).joined(separator: " and ")) with its attitude (and the y, z columns)"
                )
            }
        } else if gyroscope == nil || accelerometer == nil {
            throw CSVError(
                file: table.file, line: 1,
                message:
                    "needs either DeviceMotion columns (\(["qw", "qx", "qy", "qz"].map(mapping.motionColumn).joined(separator: ", ")), ...) or raw \(mapping.motionColumn("gyro_x_rad_s")), \(mapping.motionColumn("acc_x_m_s2")), ... columns"
            )
        }
        guard table.rows.count >= 2 else { throw CSVError(file: table.file, message: "needs at least 2 motion rows, found \(table.rows.count)") }

        func number(_ row: (line: Int, fields: [String]), _ column: Int) throws(CSVError) -> Double { try table.number(row, column) }
        func vector(_ row: (line: Int, fields: [String]), _ group: [Int], scale: Double) throws(CSVError) -> Vector3 {
            Vector3(try number(row, group[0]) * scale, try number(row, group[1]) * scale, try number(row, group[2]) * scale)
        }
        func isEmpty(_ row: (line: Int, fields: [String]), _ group: [Int]) -> Bool {
            group.allSatisfy { row.fields[$0].allSatisfy(\.isWhitespace) }
        }
        func quaternion(_ row: (line: Int, fields: [String]), _ group: [Int]) throws(CSVError) -> Quaternion {
            let q = Quaternion(w: try number(row, group[0]), x: try number(row, group[1]), y: try number(row, group[2]), z: try number(row, group[3]))
            let norm = (q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z).squareRoot()
            guard abs(norm - 1) <= 1e-3 else {
                throw CSVError(file: table.file, line: row.line, column: table.header[group[0]], message: "not a unit quaternion (norm \(norm))")
            }
            return q  // as logged: a replay must see the same numbers the app saw
        }

        let t = mapping.timeScale
        var entries: [CaptureSessionLog.Motion] = []
        entries.reserveCapacity(table.rows.count)
        // With delivery_t_s a row is one delivery, and a sample may be delivered again (a flood),
        // even at the same instant (the simulator's latency, clamped to keep the order, does
        // that). Without it a row is one sample: a sample time that does not increase is a
        // duplicated row.
        var lastDelivery = -Double.infinity, lastLine = 0
        var earliest = Double.infinity, latest = -Double.infinity
        for row in table.rows {
            let timestamp = try number(row, time) * t
            try checkTime(timestamp, table, row, time)
            let deliveryTime = try delivery.map { column throws(CSVError) in try number(row, column) * t } ?? timestamp
            if let delivery { try checkTime(deliveryTime, table, row, delivery) }
            guard deliveryTime >= lastDelivery else {
                throw CSVError(
                    file: table.file, line: row.line, column: table.header[delivery ?? time],
                    message: "goes back in time; rows must be in the order the app received them")
            }
            guard delivery != nil || deliveryTime > lastDelivery else {
                throw CSVError(
                    file: table.file, line: row.line, column: table.header[time],
                    message:
                        "repeats the sample time of line \(lastLine): a duplicated row? (each row is one sample; a log of repeated deliveries gives \(mapping.motionColumn("delivery_t_s")))"
                )
            }
            lastLine = row.line
            lastDelivery = deliveryTime
            earliest = min(earliest, timestamp)
            latest = max(latest, timestamp)
            var entry = CaptureSessionLog.Motion(deliveryTime: deliveryTime)
            if let attitude, let rate, let user {
                let q = try quaternion(row, attitude)
                let g =
                    try gravity.map { group throws(CSVError) in try vector(row, group, scale: mapping.accelerationScale) }
                    ?? q.inverseRotate(Vector3(0, 0, -Units.standardGravity))
                entry.motion = DeviceMotion(
                    timestamp: timestamp, attitude: q, rotationRate: try vector(row, rate, scale: mapping.rateScale), gravity: g,
                    userAcceleration: try vector(row, user, scale: mapping.accelerationScale), magneticField: nil,
                    magneticFieldAccuracy: .uncalibrated, heading: nil, referenceFrame: .xArbitraryZVertical, atRest: false)
            } else if let gyroscope, let accelerometer {
                let field = try magnetometer.flatMap { group throws(CSVError) in
                    isEmpty(row, group) ? nil : try vector(row, group, scale: mapping.fieldScale)
                }
                entry.reading = ImuReading(
                    time: timestamp, gyroscope: try vector(row, gyroscope, scale: mapping.rateScale),
                    accelerometer: try vector(row, accelerometer, scale: mapping.accelerationScale * mapping.accelerometerSign), magnetometer: field)
            }
            let refAttitude = try referenceAttitude.flatMap { group throws(CSVError) in isEmpty(row, group) ? nil : try quaternion(row, group) }
            let refPosition = try referencePosition.flatMap { group throws(CSVError) in isEmpty(row, group) ? nil : try vector(row, group, scale: 1) }
            if refAttitude != nil || refPosition != nil {
                entry.reference = CaptureSessionLog.ReferencePose(attitude: refAttitude, position: refPosition)
            }
            entries.append(entry)
        }
        guard latest > earliest else {
            throw CSVError(
                file: table.file, column: table.header[time],
                message: "every sample time is \(earliest) s: the motion has no time span (a replay needs samples at two times at least)")
        }
        return entries
    }

    private static func readFrames(_ table: CSVTable, mapping: SessionMapping) throws(CSVError) -> [CaptureSessionLog.Frame] {
        let columns = Columns(table: table, rename: mapping.frameColumn)
        let index = columns.optional("frame")
        let time = try columns.required("timestamp_s")
        let exposure = try columns.required("exposure_s")
        let delivery = columns.optional("delivery_t_s")
        let image = columns.optional("image")
        let dropped = columns.optional("dropped")
        guard !table.rows.isEmpty else { throw CSVError(file: table.file, message: "no frames") }

        let t = mapping.timeScale
        var frames: [CaptureSessionLog.Frame] = []
        frames.reserveCapacity(table.rows.count)
        var seen = Set<Int>(), seenImages = Set<String>()
        var lastDelivery = -Double.infinity, lastTimestamp = -Double.infinity, lastTimestampLine = 0
        for (position, row) in table.rows.enumerated() {
            func field(_ column: Int) -> String { row.fields[column].trimmingCharacters(in: .whitespaces) }
            func fail(_ column: Int, _ message: String) -> CSVError {
                CSVError(file: table.file, line: row.line, column: table.header[column], message: message)
            }
            var frameIndex = position
            if let index {
                guard let value = Int(field(index)), value >= 0, value < Int(Int32.max) else {
                    throw fail(index, "\(TextExcerpt.quoted(field(index))) is not a frame number (0, 1, 2, ...)")
                }
                frameIndex = value
            }
            guard seen.insert(frameIndex).inserted else { throw fail(index ?? time, "frame \(frameIndex) appears twice") }
            let timestamp = try table.number(row, time) * t
            try checkTime(timestamp, table, row, time)
            guard timestamp >= lastTimestamp else { throw fail(time, "goes back in time; frames must be in capture order") }
            guard timestamp > lastTimestamp else {
                throw fail(time, "repeats the time of line \(lastTimestampLine): two frames cannot be captured at one instant")
            }
            lastTimestamp = timestamp
            lastTimestampLine = row.line
            let exposureTime = try table.number(row, exposure) * t
            guard exposureTime >= 0, exposureTime < 10 else { throw fail(exposure, "exposure \(exposureTime) s is outside 0...10 s") }
            let deliveryTime = try delivery.map { column throws(CSVError) in try table.number(row, column) * t } ?? timestamp + exposureTime
            if let delivery { try checkTime(deliveryTime, table, row, delivery) }
            guard deliveryTime >= lastDelivery else {
                throw fail(delivery ?? time, "goes back in time; rows must be in the order the app received them")
            }
            lastDelivery = deliveryTime
            let name = image.map(field) ?? CaptureSessionLog.imageName(frameIndex)
            // The name becomes images/<name> in a report (replay --render).
            if let problem = OutputPath.problem(withName: name) {
                throw fail(image ?? time, "\(OutputPath.quoted(name)) is not a plain file name: it \(problem)")
            }
            guard seenImages.insert(name).inserted else { throw fail(image ?? time, "image \(TextExcerpt.quoted(name)) appears twice") }
            var isDropped = false
            if let dropped {
                switch field(dropped).lowercased() {
                case "", "0", "false": isDropped = false
                case "1", "true": isDropped = true
                default: throw fail(dropped, "\(TextExcerpt.quoted(field(dropped))) is not 0/1 or true/false")
                }
            }
            frames.append(
                CaptureSessionLog.Frame(
                    index: frameIndex, timestamp: timestamp, exposure: exposureTime, deliveryTime: deliveryTime, image: name, dropped: isDropped))
        }
        return frames
    }
}
