import BundledFiles
import Foundation
import OrbitMath
import ReportIO

/// Reads a trial of the BROAD benchmark (Laidig et al., Data 2021): HDF5 with `imu_gyr`,
/// `imu_acc`, `imu_mag` (N×3: rad/s, m/s², µT), `opt_quat` (N×4, w x y z, body → ENU, NaN where
/// the optical system lost the markers), optionally `opt_pos` (N×3, m, ENU), `movement` (N
/// flags) and the root attribute `sampling_rate` (Hz). Groups come from `trials.json` next to the file when it exists.
public enum BROADReader {
    public static func read(_ path: String) throws(RecordingError) -> SensorRecording {
        let file = try HDF5File(path: path)
        guard let rate = try file.attribute("sampling_rate") else {
            throw RecordingError(file: path, column: "sampling_rate", message: "attribute missing")
        }
        guard rate.isFinite, rate > 0 else {
            throw RecordingError(file: path, column: "sampling_rate", message: "must be a positive number, found \(rate)")
        }
        // Samples 1/rate apart: the gap bound of every recording.
        guard 1 / rate <= RecordingChecks.maximumGap else {
            throw RecordingError(
                file: path, column: "sampling_rate",
                message:
                    "\(rate) Hz puts the samples \(String(format: "%.6g", 1 / rate)) s apart, more than the \(String(format: "%g", RecordingChecks.maximumGap)) s a recording may pause"
            )
        }
        let gyroscope = try vectors(file, "imu_gyr")
        let count = gyroscope.count
        guard count >= 2 else { throw RecordingError(file: path, column: "imu_gyr", message: "needs at least 2 samples, found \(count)") }
        let accelerometer = try vectors(file, "imu_acc", count: count)
        let magnetometer = try vectors(file, "imu_mag", count: count)
        for (name, values) in [("imu_gyr", gyroscope), ("imu_acc", accelerometer), ("imu_mag", magnetometer)] {
            try RecordingChecks.finite(values, file: path, column: name)
        }
        let quaternions = try file.matrix("opt_quat")
        guard quaternions.rows == count, quaternions.columns == 4 else {
            throw RecordingError(
                file: path, column: "opt_quat", message: "expected \(count)×4 (w, x, y, z), found \(quaternions.rows)×\(quaternions.columns)")
        }
        var truth: [Quaternion?] = []
        truth.reserveCapacity(count)
        for row in 0..<count {
            let base = row * 4
            let q = Quaternion(
                w: quaternions.values[base], x: quaternions.values[base + 1], y: quaternions.values[base + 2], z: quaternions.values[base + 3])
            // NaN: the optical reference lost track; such samples are not evaluated.
            guard q.isFinite else {
                truth.append(nil)
                continue
            }
            guard abs(q.norm - 1) < 1e-3 else {
                throw RecordingError(file: path, row: row + 1, column: "opt_quat", message: "not a unit quaternion (norm \(q.norm))")
            }
            truth.append(q)
        }
        // Optional: the reference's position, m (NaN where lost), what a twin of the trial follows.
        let positions = try file.contains("opt_pos") ? vectors(file, "opt_pos", count: count).map { $0.isFinite ? $0 : nil } : nil
        let movement = try file.bytes("movement")
        guard movement.count == count else {
            throw RecordingError(file: path, column: "movement", message: "expected \(count) flags, found \(movement.count)")
        }
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        var recording = SensorRecording(
            name: name, file: path, times: (0..<count).map { Double($0) / rate }, gyroscope: gyroscope, accelerometer: accelerometer,
            magnetometer: magnetometer, truth: truth, truthFrame: .enu, evaluated: movement.map { $0 != 0 }, rate: rate)
        recording.positions = positions
        let trials = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("trials.json").path
        if FileManager.default.fileExists(atPath: trials) { recording.groups = try BROADTrials.load(trials).groups[name] ?? [] }
        return recording
    }

    /// An N×3 dataset as vectors (N = `count` when given).
    static func vectors(_ file: HDF5File, _ name: String, count: Int? = nil) throws(RecordingError) -> [Vector3] {
        let matrix = try file.matrix(name)
        guard matrix.columns == 3, count == nil || matrix.rows == count else {
            throw RecordingError(
                file: file.path, column: name, message: "expected \(count.map(String.init) ?? "N")×3, found \(matrix.rows)×\(matrix.columns)")
        }
        return (0..<matrix.rows).map { Vector3(matrix.values[3 * $0], matrix.values[3 * $0 + 1], matrix.values[3 * $0 + 2]) }
    }
}

/// BROAD's `trials.json`: the groups of every trial.
public struct BROADTrials: Sendable {
    /// Trial name → its groups ("all_trials", "undisturbed", "rotation", …).
    public var groups: [String: [String]]

    public static func load(_ path: String) throws(RecordingError) -> BROADTrials {
        struct File: Decodable {
            struct Trial: Decodable { var groups: [String] }
            var trials: [String: Trial]
        }
        guard let data = ProjectFiles.contents(atPath: path) else { throw RecordingError(file: path, message: "cannot read the file") }
        let file: File
        do { file = try JSONDecoder().decode(File.self, from: data) } catch {
            throw RecordingError(file: path, message: "not BROAD's trials.json (\(TextExcerpt.excerpt("\(error)", limit: 120)))")
        }
        // A JSON decoder keeps one of two equal keys silently: a trial listed twice would get
        // either entry's groups.
        let text = String(decoding: data, as: UTF8.self)
        for name in file.trials.keys.sorted() where keyCount(name, in: text) > 1 {
            throw RecordingError(file: path, message: "lists the trial \(TextExcerpt.quoted(name, limit: 60)) twice; give each trial once")
        }
        return BROADTrials(groups: file.trials.mapValues(\.groups))
    }

    /// How often `"name"` stands as an object key (followed by a colon) in `text`.
    static func keyCount(_ name: String, in text: String) -> Int {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let quoted = String(decoding: (try? encoder.encode(name)) ?? Data(), as: UTF8.self)
        var count = 0
        var rest = text[...]
        while let found = rest.range(of: quoted) {
            rest = rest[found.upperBound...]
            if rest.drop(while: { $0.isWhitespace }).first == ":" { count += 1 }
        }
        return count
    }
}
