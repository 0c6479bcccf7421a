import BundledFiles
import Foundation
import OrbitMath
import ConfigKit

/// How the columns of a phone log map to sensors, read from a small YAML file:
///
///     time: {column: timestamp, unit: s}                  # s, ms, us, ns
///     gyroscope: {columns: [gx, gy, gz], unit: rad_s}     # rad_s, deg_s
///     accelerometer: {columns: [ax, ay, az], unit: g, sign: -1}   # m_s2, g; sign -1 if gravity reads −1 g at rest
///     magnetometer: {columns: [mx, my, mz], unit: ut}     # optional; ut, nt, gauss; empty fields: no sample
///     truth: {columns: [qw, qx, qy, qz], frame: enu, declination_deg: 0}   # optional reference attitude
///     movement: {column: moving}                          # optional 0/1 flags of the samples to evaluate
///     delimiter: ","
public struct CSVMapping: Sendable, Equatable {
    public enum TimeUnit: String, CaseIterable, Sendable {
        case s, ms, us, ns

        /// One of this unit in seconds.
        public var seconds: Double { [.s: 1, .ms: 1e-3, .us: 1e-6, .ns: 1e-9][self]! }
    }
    public enum RateUnit: String, CaseIterable, Sendable { case radS = "rad_s", degS = "deg_s" }
    public enum AccelerationUnit: String, CaseIterable, Sendable { case mS2 = "m_s2", g }
    public enum FieldUnit: String, CaseIterable, Sendable { case ut, nt, gauss }

    public var timeColumn = ""
    public var timeUnit = TimeUnit.s
    public var gyroscopeColumns: [String] = []
    public var gyroscopeUnit = RateUnit.radS
    public var accelerometerColumns: [String] = []
    public var accelerometerUnit = AccelerationUnit.mS2
    public var accelerometerSign = 1.0
    public var magnetometerColumns: [String] = []
    public var magnetometerUnit = FieldUnit.ut
    public var truthColumns: [String] = []
    public var truthFrame = EarthFrame.nwu
    /// Declination of the site, degrees east of true north (when the reference's north is true north).
    public var declination = 0.0
    public var movementColumn = ""
    public var delimiter = ","

    public init() {}

    /// Reads and checks a mapping file.
    public static func load(_ path: String) throws(ConfigError) -> CSVMapping {
        guard let data = ProjectFiles.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(file: path, keyPath: "", message: ProjectFiles.unreadable(path))
        }
        return try ConfigSchema.csvMapping.decode(yaml: text, file: path, from: CSVMapping())
    }
}

extension ConfigSchema where Root == CSVMapping {
    static var csvMapping: ConfigSchema {
        let time: [ConfigField<CSVMapping>] = [
            .text("column", \.timeColumn, help: "timestamp column"),
            .choice("unit", \.timeUnit, help: "s, ms, us or ns"),
        ]
        let gyroscope: [ConfigField<CSVMapping>] = [
            .texts("columns", \.gyroscopeColumns, help: "x, y, z columns"),
            .choice("unit", \.gyroscopeUnit, help: "rad_s or deg_s"),
        ]
        let accelerometer: [ConfigField<CSVMapping>] = [
            .texts("columns", \.accelerometerColumns, help: "x, y, z columns"),
            .choice("unit", \.accelerometerUnit, help: "m_s2 or g"),
            .number("sign", \.accelerometerSign, -1...1, help: "1 if the phone reads +1 g upward at rest, -1 if it reads gravity (−1 g)"),
        ]
        let magnetometer: [ConfigField<CSVMapping>] = [
            .texts("columns", \.magnetometerColumns, help: "x, y, z columns"),
            .choice("unit", \.magnetometerUnit, help: "ut, nt or gauss"),
        ]
        let truth: [ConfigField<CSVMapping>] = [
            .texts("columns", \.truthColumns, help: "w, x, y, z of the body → earth quaternion"),
            .choice("frame", \.truthFrame, help: "enu, nwu or ned"),
            .number("declination_deg", \.declination, -180...180, help: "magnetic declination if the reference's north is true north, east positive"),
        ]
        let fields: [ConfigField<CSVMapping>] = [
            .section("time", \.self, ConfigSchema(time), help: "timestamps"),
            .section("gyroscope", \.self, ConfigSchema(gyroscope), help: "angular rate"),
            .section("accelerometer", \.self, ConfigSchema(accelerometer), help: "specific force"),
            .section("magnetometer", \.self, ConfigSchema(magnetometer), help: "magnetic field (optional)"),
            .section("truth", \.self, ConfigSchema(truth), help: "reference attitude (optional)"),
            .section("movement", \.self, ConfigSchema([.text("column", \.movementColumn, help: "0/1 flags of evaluated samples")]), help: "optional"),
            .text("delimiter", \.delimiter, help: "field separator, one character"),
        ]
        let checks: [(CSVMapping) -> ConfigProblem?] = [
            { $0.timeColumn.isEmpty ? ConfigProblem("time", "needs column") : nil },
            { $0.gyroscopeColumns.count == 3 ? nil : ConfigProblem("gyroscope", "needs 3 columns (x, y, z)") },
            { $0.accelerometerColumns.count == 3 ? nil : ConfigProblem("accelerometer", "needs 3 columns (x, y, z)") },
            { [0, 3].contains($0.magnetometerColumns.count) ? nil : ConfigProblem("magnetometer", "needs 3 columns (x, y, z)") },
            { [0, 4].contains($0.truthColumns.count) ? nil : ConfigProblem("truth", "needs 4 columns (w, x, y, z)") },
            { $0.accelerometerSign == 1 || $0.accelerometerSign == -1 ? nil : ConfigProblem("accelerometer", "sign must be 1 or -1") },
            { $0.delimiter.utf8.count == 1 ? nil : ConfigProblem("delimiter", "must be one character") },
        ]
        return ConfigSchema(fields, checks: checks)
    }
}

/// Reads any CSV log described by a `CSVMapping`.
public enum MappedCSVReader {
    public static func read(_ path: String, mapping: CSVMapping) throws(RecordingError) -> SensorRecording {
        let table = try NumericCSV(path: path, delimiter: mapping.delimiter.utf8.first!) { $0.firstIndex(of: mapping.timeColumn) }
        guard table.rowCount >= 2 else { throw RecordingError(file: path, message: "needs at least 2 samples, found \(table.rowCount)") }
        let timeScale = mapping.timeUnit.seconds
        let rateScale = mapping.gyroscopeUnit == .radS ? 1 : Angles.radiansPerDegree
        let accelerationScale = (mapping.accelerometerUnit == .mS2 ? 1 : Units.standardGravity) * mapping.accelerometerSign
        let fieldScale: Double = [.ut: 1, .nt: 1e-3, .gauss: 100][mapping.magnetometerUnit]!

        let time = try table.column(mapping.timeColumn)
        let gyroscope = try mapping.gyroscopeColumns.map { name throws(RecordingError) in try table.column(name) }
        let accelerometer = try mapping.accelerometerColumns.map { name throws(RecordingError) in try table.column(name) }
        let magnetometer = try mapping.magnetometerColumns.map { name throws(RecordingError) in try table.column(name) }
        let truth = try mapping.truthColumns.map { name throws(RecordingError) in try table.column(name) }
        let movement = mapping.movementColumn.isEmpty ? nil : try table.column(mapping.movementColumn)

        func vector(_ row: Int, _ columns: [Int], _ scale: Double) throws(RecordingError) -> Vector3 {
            for column in columns where !table[row, column].isFinite {
                throw RecordingError(file: path, row: table.lines[row], column: table.header[column], message: "not a finite number")
            }
            return scale * Vector3(table[row, columns[0]], table[row, columns[1]], table[row, columns[2]])
        }
        var times: [Double] = [], gyro: [Vector3] = [], accel: [Vector3] = [], field: [Vector3?] = []
        var references: [Quaternion?] = [], evaluated: [Bool] = []
        for row in 0..<table.rowCount {
            guard table[row, time].isFinite else {
                throw RecordingError(file: path, row: table.lines[row], column: mapping.timeColumn, message: "not a finite number")
            }
            let instant = table.elapsed(row, column: time) * timeScale
            if let last = times.last, !(instant > last) {
                throw RecordingError(file: path, row: table.lines[row], column: mapping.timeColumn, message: "timestamp does not increase")
            }
            times.append(instant)
            gyro.append(try vector(row, gyroscope, rateScale))
            accel.append(try vector(row, accelerometer, accelerationScale))
            if !magnetometer.isEmpty {
                // All three empty: the magnetometer has no sample at this instant (it runs slower).
                let missing = magnetometer.allSatisfy { table[row, $0].isNaN }
                field.append(missing ? nil : try vector(row, magnetometer, fieldScale))
            }
            if !truth.isEmpty {
                let q = Quaternion(w: table[row, truth[0]], x: table[row, truth[1]], y: table[row, truth[2]], z: table[row, truth[3]])
                // Empty cells: the reference lost track. A finite one must be a unit quaternion.
                if q.isFinite && abs(q.norm - 1) >= 1e-3 {
                    throw RecordingError(
                        file: path, row: table.lines[row], column: mapping.truthColumns[0],
                        message: "reference quaternion is not a unit quaternion (norm \(String(format: "%.6g", q.norm)))")
                }
                references.append(q.isFinite ? q.normalized : nil)
            }
            if let movement { evaluated.append(table[row, movement] != 0) }
        }
        try RecordingChecks.gaps(times, file: path, column: mapping.timeColumn) { table.lines[$0] }
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        var recording = SensorRecording(
            name: name, file: path, times: times, gyroscope: gyro, accelerometer: accel, magnetometer: magnetometer.isEmpty ? nil : field,
            truth: truth.isEmpty ? nil : references, truthFrame: mapping.truthFrame, evaluated: movement == nil ? nil : evaluated,
            rate: RecordingChecks.medianRate(times))
        recording.declination = Angles.radians(mapping.declination)
        return recording
    }
}
