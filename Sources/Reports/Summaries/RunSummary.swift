import ReportFormats
import Foundation
import ReportIO
import Runs
import StatisticsKit

/// summary.json of every run kind (capture, rephoto, replay) in one typed layout, described by
/// `docs/summary.schema.json`: numbers are JSON numbers, each metric is
/// `{mean, sd, min, max, n, unit}` over the seeds, settings are typed values.
public struct RunSummary: Codable, Equatable, Sendable {
    /// The layout's identifier; changes when the layout does.
    public static let layout = "orbitbench-summary/1"

    public var layout: String = RunSummary.layout
    public var kind: Metric.Kind
    /// "orbitbench <version>".
    public var tool: String
    /// The scenario, or for a replay the session.
    public var name: String
    public var description: String
    /// Empty for a replay.
    public var seeds: [UInt64]
    public var settings: [String: SettingValue]
    /// By metrics.csv column.
    public var metrics: [String: MetricSummary]
    /// Figures behind the metrics, by name with the unit in the name's suffix.
    public var diagnostics: [String: MetricSummary]
    /// Rephoto only: the pooled key-point table beside the thesis.
    public var keypoints: [KeypointRow]?
    public var notes: [String]
    /// The runs whose plug-in failed (left out of `metrics`); absent when none did.
    public var failures: [PluginFailure]?

    public init(
        kind: Metric.Kind, name: String, description: String, seeds: [UInt64], settings: [String: SettingValue],
        metrics: [String: MetricSummary], diagnostics: [String: MetricSummary], keypoints: [KeypointRow]? = nil, notes: [String]
    ) {
        self.kind = kind
        tool = "orbitbench \(ToolVersion.current)"
        self.name = name
        self.description = description
        self.seeds = seeds
        self.settings = settings
        self.metrics = metrics
        self.diagnostics = diagnostics
        self.keypoints = keypoints
        self.notes = notes
    }

    /// The summaries of every column of `runs` (one `RunMetrics` per seed).
    public static func metrics(_ runs: [RunMetrics], columns: [String]) -> [String: MetricSummary] {
        Dictionary(
            uniqueKeysWithValues: columns.map { column in
                (column, MetricSummary(runs.map { $0[column] }, unit: Metric.named(column)?.unit.rawValue ?? ""))
            })
    }

    public func jsonData() throws -> Data { try ReportJSON.encode(self) }
}

/// One metric (or diagnostic) over the seeds: missing and non-finite values left out.
public struct MetricSummary: Codable, Equatable, Sendable {
    /// `nil` when no seed has a value.
    public var mean: Double?
    /// Sample standard deviation; `nil` for fewer than two values.
    public var sd: Double?
    public var min: Double?
    public var max: Double?
    /// How many seeds have a value.
    public var n: Int
    /// `MetricUnit` raw value, or for diagnostics "s", "m", "deg", "px", "count", "fraction".
    public var unit: String

    public init(_ values: [Double?], unit: String) {
        let present = values.compactMap { $0 }.filter(\.isFinite)
        n = present.count
        self.unit = unit
        mean = present.isEmpty ? nil : Statistics.mean(present)
        sd = present.count > 1 ? Statistics.standardDeviation(present) : nil
        min = present.min()
        max = present.max()
    }
}

/// A setting as a JSON scalar: text, whole number, number or flag.
public enum SettingValue: Codable, Equatable, Sendable {
    case text(String)
    case integer(Int)
    case number(Double)
    case flag(Bool)

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            self = .flag(flag)
        } else if let integer = try? container.decode(Int.self) {
            self = .integer(integer)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            self = .text(try container.decode(String.self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .flag(let value): try container.encode(value)
        }
    }

    /// JSON does not tell 6 from 6.0, so a whole number equals the same number.
    public static func == (a: SettingValue, b: SettingValue) -> Bool {
        switch (a, b) {
        case (.text(let x), .text(let y)): return x == y
        case (.flag(let x), .flag(let y)): return x == y
        default: return a.number != nil && a.number == b.number
        }
    }

    public var text: String? { if case .text(let text) = self { return text } else { return nil } }
    public var number: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        default: return nil
        }
    }
}

/// A row of the rephoto summary's key-point table: simulated mean and σ beside the thesis's.
public struct KeypointRow: Codable, Equatable, Sendable {
    public var name: String
    /// Percent of the image size.
    public var mean: Double
    /// Mean absolute deviation, as the thesis's σ.
    public var sigma: Double
    public var sd: Double
    public var thesisMean: Double?
    public var thesisSigma: Double?

    public init(name: String, mean: Double, sigma: Double, sd: Double, thesisMean: Double?, thesisSigma: Double?) {
        self.name = name
        self.mean = mean
        self.sigma = sigma
        self.sd = sd
        self.thesisMean = thesisMean
        self.thesisSigma = thesisSigma
    }
}
