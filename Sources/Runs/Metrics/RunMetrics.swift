import Foundation
import StatisticsKit
import ReportIO
import Scenarios

/// The metrics of one (scenario, seed) run by name — the one metric table: the columns of
/// `metrics.csv`, the values `sweep`, `tune` and `regress` work on.
public struct RunMetrics: Sendable, Equatable, Codable {
    public var names: [String]
    /// `nil` where a metric does not apply or is undefined (e.g. blur with nothing selected).
    public var values: [Double?]

    public init(names: [String], values: [Double?]) {
        precondition(names.count == values.count)
        self.names = names
        self.values = values
    }

    public subscript(name: String) -> Double? {
        names.firstIndex(of: name).flatMap { values[$0] }
    }

    /// The columns of a simulated capture run, in `metrics.csv` order.
    public static var captureColumns: [String] { columns(for: .capture) }

    /// The columns of a replayed session (`replay`); the truth-based ones are empty unless
    /// the log has reference poses.
    public static var replayColumns: [String] { columns(for: .replay) }

    /// The plain (not per-key-point) columns of `kind`, in table order.
    public static func columns(for kind: Metric.Kind) -> [String] {
        Metric.table.filter { !$0.isPerKeypoint && $0.kinds.contains(kind) }.map(\.name)
    }

    /// The columns a scenario produces: a capture run's, or a rephoto study's with the mean
    /// and sd per key point.
    public static func columns(for scenario: Scenario) -> [String] {
        switch scenario.kind {
        case .capture: return captureColumns
        case .rephoto:
            let perKeypoint = Metric.table.filter(\.isPerKeypoint)
            return columns(for: .rephoto) + scenario.rephoto.keypoints.flatMap { keypoint in perKeypoint.map { $0.name + keypoint.name } }
        case .handheld: return []
        }
    }

    /// What a metric is, in words with its unit, for plot labels ("mean blur of the selected
    /// frames (px)"); the name itself for an unknown column.
    public static func label(of name: String) -> String { Metric.named(name)?.label(ofColumn: name) ?? name }

    /// Which way a metric should move; `.none` for an unknown column.
    public static func direction(of name: String) -> MetricDirection { Metric.named(name)?.better ?? .none }

    /// Whether `name` is a metric some scenario can produce.
    public static func isKnown(_ name: String) -> Bool { Metric.named(name) != nil }

    /// Why `value` cannot be a stored value of the metric `name` (not finite, or outside its
    /// unit's `plausibleRange`), as a phrase; nil when it can. An unknown column only needs a
    /// finite value.
    public static func problem(with value: Double, of name: String) -> String? {
        guard value.isFinite else { return "not a finite number" }
        guard let range = Metric.named(name)?.unit.plausibleRange, !range.contains(value) else { return nil }
        return
            "\(String(format: "%g", value)) is outside \(String(format: "%g", range.lowerBound))…\(String(format: "%g", range.upperBound)), the range of this metric"
    }
}

extension RunMetrics {
    /// A capture run's metrics under `columns` (default: the capture columns; `replayColumns`
    /// for a replay).
    public init(_ metrics: CaptureMetrics, columns: [String] = RunMetrics.captureColumns) {
        self.init(
            names: columns,
            values: columns.map { column in Metric.named(column)?.fromCapture?(metrics).flatMap { $0.isFinite ? $0 : nil } })
    }

    /// A rephoto study's metrics: fusion accuracy over the users' sessions, key-point errors
    /// over every distance of the seed (sample sd), then per key point.
    public init(_ result: RephotoStudyResult) {
        var names: [String] = [], values: [Double?] = []
        for metric in Metric.table where metric.kinds.contains(.rephoto) && !metric.isPerKeypoint {
            names.append(metric.name)
            values.append(metric.fromRephoto?(result).flatMap { $0.isFinite ? $0 : nil })
        }
        for (name, spread) in zip(result.keypointNames, result.table.perKeypoint) {
            for metric in Metric.table where metric.isPerKeypoint {
                names.append(metric.name + name)
                values.append(metric.fromKeypoint.map { $0(spread) }.flatMap { $0.isFinite ? $0 : nil })
            }
        }
        self.init(names: names, values: values)
    }

    /// Runs one seed of any scenario and returns its metrics.
    public static func evaluate(_ scenario: Scenario, seed: UInt64) throws -> RunMetrics {
        switch scenario.kind {
        case .capture: return RunMetrics(try CaptureRunner.run(scenario, seed: seed).metrics)
        case .rephoto: return RunMetrics(try RephotoStudy.run(scenario, seed: seed))
        case .handheld: throw HandheldScenarioError(scenario: scenario.name)
        }
    }
}

extension CSVWriter {
    /// Appends `metrics` in the order of `columns` (each with its unit's file decimals, empty
    /// where missing).
    public mutating func metrics(_ metrics: RunMetrics, columns: [String]) {
        for column in columns {
            let value = metrics[column]
            let decimals = Metric.named(column)?.unit.fileDecimals ?? 4
            if decimals == 0, let value { integer(Int(value)) } else { number(value, decimals: decimals) }
        }
    }
}
