import Foundation
import OrbitMath
import Recordings
import Simulation

/// A scenario's `trajectory:` block: a recorded motion (motion capture, VIO, a simulation's
/// truth) that replaces the modelled walk (capture) or hand (handheld). The poses are fitted
/// with smoothing splines (`RecordedMotion`); IMU errors, field, delivery, camera, blur and
/// selection run on the fit unchanged.
public struct TrajectoryImport: Sendable, Equatable {
    /// The pose file, relative to the scenario file; empty: the modelled motion. Once loaded,
    /// the absolute path: a resolved scenario (a report's, a sweep's) reads the same file.
    public var source = ""
    public var format = PoseTrack.Format.tum
    /// World frame of a TUM, EuRoC or CSV file (z must be up); a BROAD file's is ENU.
    public var frame = EarthFrame.nwu
    /// Where a CSV file keeps the pose (`format: csv`).
    public var columns = PoseTrack.Columns()
    public var fit = RecordedMotion.Settings()
    /// Capture: the object is the point the camera looked at (fitted from the optical axes);
    /// false: `object.center_m`. A hand-held motion has no object.
    public var fitObjectCenter = true

    public init() {}

    public var isEnabled: Bool { !source.isEmpty }

    /// Reads and fits the poses. `directory` resolves a relative `source` (the scenario file's
    /// folder); `objectCenter` is used unless `fitObject` (a capture with `fitObjectCenter`).
    ///
    /// - Throws: `ConfigError` at `trajectory.source` (or `trajectory.columns`) naming the pose
    ///   file's problem: unreadable, bad row, a gap too long to bridge, no object to fit.
    public func load(relativeTo directory: String, objectCenter: Vector3, fitObject: Bool, gravity: Double) throws(ConfigError)
        -> ImportedMotion
    {
        let path = URL(fileURLWithPath: source.hasPrefix("/") || directory.isEmpty ? source : directory + "/" + source).standardizedFileURL.path
        if format == .csv && (columns.time.isEmpty || columns.attitude.count != 4 || ![0, 3].contains(columns.position.count)) {
            throw ConfigError(
                keyPath: "trajectory.columns", message: "format csv needs time, attitude (w, x, y, z) and optionally position (x, y, z) columns")
        }
        do {
            let track = try PoseTrack.read(path, format: format, frame: frame, columns: columns).northWestUp
            return try ImportedMotion(
                times: track.times, attitudes: track.attitudes, positions: track.positions, objectCenter: fitObject ? nil : objectCenter,
                gravity: gravity, settings: fit, source: path)
        } catch let error as RecordingError {
            throw ConfigError(keyPath: "trajectory.source", message: error.description)
        } catch {
            throw ConfigError(keyPath: "trajectory.source", message: "\(path): \(error)")
        }
    }
}

extension ConfigSchema where Root == TrajectoryImport {
    static var trajectory: ConfigSchema {
        let columns: [ConfigField<PoseTrack.Columns>] = [
            .text("time", \.time, help: "timestamp column"),
            .choice("time_unit", \.timeUnit, help: "s, ms, us or ns"),
            .texts("position", \.position, help: "x, y, z columns, m (none: the device turns in place)"),
            .texts("attitude", \.attitude, help: "w, x, y, z columns of the body → world quaternion"),
            .text("delimiter", \.delimiter, help: "field separator, one character"),
        ]
        let fit: [ConfigField<RecordedMotion.Settings>] = [
            .number("knot_spacing_s", \.knotSpacing, 0.005...1, help: "attitude spline knot spacing; keeps rotation up to 1/(2·spacing) Hz"),
            .number(
                "position_knot_spacing_s", \.positionKnotSpacing, 0.005...2,
                help: "position spline knot spacing (differentiated twice: wider against mm noise)"),
            .number("penalty", \.penalty, 0...1e6, help: "weight of the second-difference penalty that bridges missing poses"),
            .number("maximum_gap_s", \.maximumGap, 0...60, help: "longest run of missing poses the spline bridges; a longer one is an error"),
        ]
        return ConfigSchema([
            .text("source", \.source, help: "pose file, relative to the scenario file; empty: the modelled walk or hand"),
            .choice("format", \.format, help: "tum, euroc (ground truth csv), broad (hdf5) or csv (with columns)"),
            .choice("frame", \.frame, help: "world frame of tum, euroc and csv poses: nwu, enu or ned"),
            .section("columns", \.columns, ConfigSchema<PoseTrack.Columns>(columns), help: "the pose columns of format csv"),
            .section("fit", \.fit, ConfigSchema<RecordedMotion.Settings>(fit), help: "the smoothing splines"),
            .flag(
                "fit_object_center", \.fitObjectCenter,
                help: "capture: the object is where the optical axes converge; false: object.center_m"),
        ])
    }
}
