import Foundation
import OrbitMath
import ReportIO

/// A recorded trajectory: timestamps with the device's attitude and position (motion capture,
/// VIO, a simulation's truth), read from TUM, EuRoC ground truth, BROAD or a mapped CSV file.
public struct PoseTrack: Sendable, Equatable {
    /// The file formats a trajectory is read from.
    public enum Format: String, CaseIterable, Sendable {
        /// TUM RGB-D: one pose per line, `t x y z qx qy qz qw` (s, m), `#` comments.
        case tum
        /// EuRoC MAV ground truth (`state_groundtruth_estimate0/data.csv`): `#timestamp` (ns),
        /// `p_RS_R_x/y/z` (m), `q_RS_w/x/y/z`, further columns ignored.
        case euroc
        /// A BROAD trial (`.hdf5`): `opt_quat` and `opt_pos` (ENU), their NaN runs missing.
        case broad
        /// Any CSV with the columns named in a `PoseTrack.Columns`.
        case csv
    }

    /// Where a CSV file keeps the pose.
    public struct Columns: Sendable, Equatable {
        public var time = ""
        public var timeUnit = CSVMapping.TimeUnit.s
        /// x, y, z, m; none: the attitude alone (the device turns in place).
        public var position: [String] = []
        /// w, x, y, z of the body → world quaternion.
        public var attitude: [String] = []
        public var delimiter = ","

        public init() {}
    }

    public var file: String
    /// Seconds, strictly increasing, from the file's own origin.
    public var times: [Double]
    /// Body → `frame` attitude per time; nil where the tracker lost the device.
    public var attitudes: [Quaternion?]
    /// Position in `frame`, m; nil where missing; nil altogether when the file has none.
    public var positions: [Vector3?]?
    public var frame: EarthFrame

    public init(file: String, times: [Double], attitudes: [Quaternion?], positions: [Vector3?]?, frame: EarthFrame) {
        self.file = file
        self.times = times
        self.attitudes = attitudes
        self.positions = positions
        self.frame = frame
    }

    /// The same poses in the filters' x-north, y-west, z-up frame.
    public var northWestUp: PoseTrack {
        let toNorthWestUp = frame.fromNorthWestUp.conjugate
        var copy = self
        copy.attitudes = attitudes.map { $0.map { toNorthWestUp * $0 } }
        copy.positions = positions?.map { $0.map { toNorthWestUp.rotate($0) } }
        copy.frame = .nwu
        return copy
    }

    /// Reads `path` in `format`; `frame` names the world frame of TUM, EuRoC and CSV files
    /// (a BROAD file's is ENU), `columns` the CSV's columns.
    ///
    /// - Throws: `RecordingError` naming the file, row and column of the first bad value: fewer
    ///   than two poses, times that do not increase, a non-unit quaternion, a missing column.
    public static func read(_ path: String, format: Format, frame: EarthFrame = .nwu, columns: Columns = Columns()) throws(RecordingError)
        -> PoseTrack
    {
        let track: PoseTrack
        switch format {
        case .tum: track = try readTUM(path, frame: frame)
        case .euroc:
            track = try readTable(path, frame: frame, time: 0, timeScale: 1e-9, position: [1, 2, 3], attitude: [4, 5, 6, 7], minimumColumns: 8)
        case .broad:
            let recording = try BROADReader.read(path)
            guard let truth = recording.truth else { throw RecordingError(file: path, message: "has no opt_quat (reference attitude)") }
            track = PoseTrack(file: path, times: recording.times, attitudes: truth, positions: recording.positions, frame: recording.truthFrame)
        case .csv: track = try readCSV(path, frame: frame, columns: columns)
        }
        guard track.times.count >= 2, track.attitudes.contains(where: { $0 != nil }) else {
            throw RecordingError(file: path, message: "needs at least 2 poses, found \(track.attitudes.count { $0 != nil })")
        }
        return track
    }

    private static func readTUM(_ path: String, frame: EarthFrame) throws(RecordingError) -> PoseTrack {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RecordingError(file: path, message: FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file")
        }
        var times: [Double] = [], attitudes: [Quaternion?] = [], positions: [Vector3?] = []
        for (index, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.isEmpty || text.hasPrefix("#") { continue }
            let fields = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," })
            guard fields.count == 8 else {
                throw RecordingError(file: path, row: index + 1, message: "expected 8 fields (t x y z qx qy qz qw), found \(fields.count)")
            }
            var values: [Double] = []
            for (column, field) in fields.enumerated() {
                guard let value = NumberText.decimal(field), value.isFinite else {
                    throw RecordingError(
                        file: path, row: index + 1, column: tumColumns[column], message: "not a finite number: '\(field.prefix(40))'")
                }
                values.append(value)
            }
            try append(
                time: values[0], position: Vector3(values[1], values[2], values[3]),
                attitude: Quaternion(w: values[7], x: values[4], y: values[5], z: values[6]), row: index + 1, columns: ("t", "qw"), path: path,
                times: &times, attitudes: &attitudes, positions: &positions)
        }
        return PoseTrack(file: path, times: times, attitudes: attitudes, positions: positions, frame: frame)
    }

    private static let tumColumns = ["t", "x", "y", "z", "qx", "qy", "qz", "qw"]

    private static func readCSV(_ path: String, frame: EarthFrame, columns: Columns) throws(RecordingError) -> PoseTrack {
        guard let delimiter = columns.delimiter.utf8.first, columns.delimiter.utf8.count == 1 else {
            throw RecordingError(file: path, message: "the delimiter must be one character")
        }
        let table = try NumericCSV(path: path, delimiter: delimiter) { $0.firstIndex(of: columns.time) }
        let time = try table.column(columns.time)
        let position = try columns.position.map { name throws(RecordingError) in try table.column(name) }
        let attitude = try columns.attitude.map { name throws(RecordingError) in try table.column(name) }
        return try readTable(table, frame: frame, time: time, timeScale: columns.timeUnit.seconds, position: position, attitude: attitude)
    }

    private static func readTable(
        _ path: String, frame: EarthFrame, time: Int, timeScale: Double, position: [Int], attitude: [Int], minimumColumns: Int
    ) throws(RecordingError) -> PoseTrack {
        let table = try NumericCSV(path: path, exactColumn: { _ in 0 })
        guard table.header.count >= minimumColumns else {
            throw RecordingError(
                file: path, row: 1,
                message: "expected at least \(minimumColumns) columns (timestamp, p x y z, q w x y z), found \(table.header.count)")
        }
        return try readTable(table, frame: frame, time: time, timeScale: timeScale, position: position, attitude: attitude)
    }

    /// Poses from the table's columns: an attitude row with every cell empty is missing (the
    /// tracker lost the device); a position likewise.
    private static func readTable(
        _ table: NumericCSV, frame: EarthFrame, time: Int, timeScale: Double, position: [Int], attitude: [Int]
    ) throws(RecordingError) -> PoseTrack {
        let path = table.file
        var times: [Double] = [], attitudes: [Quaternion?] = [], positions: [Vector3?] = []
        for row in 0..<table.rowCount {
            guard table[row, time].isFinite else {
                throw RecordingError(file: path, row: table.lines[row], column: table.header[time], message: "not a finite number")
            }
            let p = position.isEmpty ? nil : Vector3(table[row, position[0]], table[row, position[1]], table[row, position[2]])
            let q = Quaternion(w: table[row, attitude[0]], x: table[row, attitude[1]], y: table[row, attitude[2]], z: table[row, attitude[3]])
            try append(
                time: table.elapsed(row, column: time) * timeScale, position: p, attitude: q, row: table.lines[row],
                columns: (table.header[time], table.header[attitude[0]]), path: path, times: &times, attitudes: &attitudes, positions: &positions)
        }
        return PoseTrack(file: path, times: times, attitudes: attitudes, positions: position.isEmpty ? nil : positions, frame: frame)
    }

    /// Appends one pose after checking it: time after the last, a unit quaternion or none.
    private static func append(
        time: Double, position: Vector3?, attitude q: Quaternion, row: Int, columns: (time: String, attitude: String), path: String,
        times: inout [Double], attitudes: inout [Quaternion?], positions: inout [Vector3?]
    ) throws(RecordingError) {
        if let last = times.last, !(time > last) {
            throw RecordingError(file: path, row: row, column: columns.time, message: "timestamp does not increase")
        }
        if q.isFinite && abs(q.norm - 1) >= 1e-3 {
            throw RecordingError(
                file: path, row: row, column: columns.attitude, message: "not a unit quaternion (norm \(String(format: "%.6g", q.norm)))")
        }
        times.append(time)
        attitudes.append(q.isFinite ? q.normalized : nil)
        positions.append(position.flatMap { $0.isFinite ? $0 : nil })
    }
}
