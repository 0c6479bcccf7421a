import BundledFiles
import Foundation
import OrbitMath
import ConfigKit

/// How a phone's own session log maps onto the session layout, from a small YAML file. Every
/// key is optional: a column not renamed keeps its canonical name, units default to the
/// canonical ones (s, rad/s, m/s², µT, m).
///
///     motion:                       # canonical column: your column
///       t_s: timestamp
///       qw: attitude_w
///       rot_x_rad_s: rotation_rate_x
///     frames:
///       timestamp_s: presentation_time
///     units: {time: ms, rotation_rate: deg_s, acceleration: g, magnetic_field: ut, accelerometer_sign: -1}
public struct SessionMapping: Sendable, Equatable {
    /// Canonical motion column → column in the file (empty: the canonical name).
    public var motionColumns: [String: String] = [:]
    public var frameColumns: [String: String] = [:]
    /// Unit of every time column (timestamps, delivery times, exposure).
    public var timeUnit = CSVMapping.TimeUnit.s
    public var rateUnit = CSVMapping.RateUnit.radS
    /// Unit of user acceleration, gravity and raw accelerometer columns.
    public var accelerationUnit = CSVMapping.AccelerationUnit.mS2
    public var fieldUnit = CSVMapping.FieldUnit.ut
    /// −1 when the raw accelerometer reads gravity (−1 g at rest face up), as CoreMotion's does.
    public var accelerometerSign = 1.0

    public init() {}

    /// The file's name for a canonical motion column.
    public func motionColumn(_ canonical: String) -> String { motionColumns[canonical].flatMap { $0.isEmpty ? nil : $0 } ?? canonical }
    public func frameColumn(_ canonical: String) -> String { frameColumns[canonical].flatMap { $0.isEmpty ? nil : $0 } ?? canonical }

    /// The file's column for a canonical one as written in the mapping ("" when not renamed).
    public subscript(motionColumn canonical: String) -> String {
        get { motionColumns[canonical] ?? "" }
        set { motionColumns[canonical] = newValue }
    }

    public subscript(frameColumn canonical: String) -> String {
        get { frameColumns[canonical] ?? "" }
        set { frameColumns[canonical] = newValue }
    }

    var timeScale: Double { timeUnit.seconds }
    var rateScale: Double { rateUnit == .radS ? 1 : Angles.radiansPerDegree }
    var accelerationScale: Double { accelerationUnit == .mS2 ? 1 : Units.standardGravity }
    var fieldScale: Double { [.ut: 1, .nt: 1e-3, .gauss: 100][fieldUnit]! }

    /// Reads and checks a mapping file; errors name the file, line and key.
    public static func load(_ path: String) throws(ConfigError) -> SessionMapping {
        guard let data = ProjectFiles.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(file: path, keyPath: "", message: ProjectFiles.unreadable(path))
        }
        return try ConfigSchema.sessionMapping.decode(yaml: text, file: path, from: SessionMapping())
    }
}

extension ConfigSchema where Root == SessionMapping {
    static var sessionMapping: ConfigSchema {
        let motion = (SessionLogCSV.fusedColumns + SessionLogCSV.rawColumns.dropFirst(2) + SessionLogCSV.referenceColumns).map { name in
            ConfigField<SessionMapping>.text(name, \.[motionColumn: name], help: "column holding \(name)")
        }
        let frames = SessionLogCSV.frameColumns.map { name in
            ConfigField<SessionMapping>.text(name, \.[frameColumn: name], help: "column holding \(name)")
        }
        let units: [ConfigField<SessionMapping>] = [
            .choice("time", \.timeUnit, help: "s, ms, us or ns"),
            .choice("rotation_rate", \.rateUnit, help: "rad_s or deg_s"),
            .choice("acceleration", \.accelerationUnit, help: "m_s2 or g"),
            .choice("magnetic_field", \.fieldUnit, help: "ut, nt or gauss"),
            .number("accelerometer_sign", \.accelerometerSign, -1...1, help: "-1 if the raw accelerometer reads gravity (−1 g face up)"),
        ]
        let fields: [ConfigField<SessionMapping>] = [
            .section("motion", \.self, ConfigSchema(motion), help: "motion.csv column names"),
            .section("frames", \.self, ConfigSchema(frames), help: "frames.csv column names"),
            .section("units", \.self, ConfigSchema(units), help: "units of the columns"),
        ]
        let checks: [(SessionMapping) -> ConfigProblem?] = [
            { $0.accelerometerSign == 1 || $0.accelerometerSign == -1 ? nil : ConfigProblem("units", "accelerometer_sign must be 1 or -1") }
        ]
        return ConfigSchema(fields, checks: checks)
    }
}
