import StatisticsKit
import Rephoto

/// One metric of the metric table: its name in files, unit, which way is better, how it is
/// shown, which runs have it, and how its value is taken from a run. Declared once in
/// `Metric.table`; CSV headers, console tables, summary.json, regress tolerances, sweep and
/// tune expressions and plot labels all read it from there.
public struct Metric: Sendable {
    /// The kinds of run a metric can come from.
    public enum Kind: String, Sendable, CaseIterable, Codable {
        /// A simulated 360° capture (`run`, `sweep`, `tune`, `regress`).
        case capture
        /// A simulated rephotography study.
        case rephoto
        /// A replayed session log (`replay`): no ground truth unless the log has it.
        case replay
    }

    /// The column name (`coverage`, `blur_sel_mean_px`); for a per-key-point metric the prefix
    /// the key point's name is appended to (`kp_err_mean_` + `P1`).
    public let name: String
    public let unit: MetricUnit
    public let better: MetricDirection
    /// Decimals for console tables (files keep `MetricUnit.fileDecimals`).
    public let decimals: Int
    /// One line, lower case, without the unit: "mean blur of the selected frames".
    public let summary: String
    public let kinds: Set<Kind>
    /// `name` is a prefix: one column per key point of a rephoto scenario.
    public let isPerKeypoint: Bool
    let fromCapture: (@Sendable (CaptureMetrics) -> Double?)?
    let fromRephoto: (@Sendable (RephotoStudyResult) -> Double?)?
    let fromKeypoint: (@Sendable (Spread) -> Double)?

    init(
        _ name: String, _ unit: MetricUnit, _ better: MetricDirection, decimals: Int, _ summary: String, kinds: Set<Kind>,
        capture: (@Sendable (CaptureMetrics) -> Double?)? = nil, rephoto: (@Sendable (RephotoStudyResult) -> Double?)? = nil,
        keypoint: (@Sendable (Spread) -> Double)? = nil
    ) {
        self.name = name
        self.unit = unit
        self.better = better
        self.decimals = decimals
        self.summary = summary
        self.kinds = kinds
        isPerKeypoint = keypoint != nil
        fromCapture = capture
        fromRephoto = rephoto
        fromKeypoint = keypoint
    }

    /// "mean blur of the selected frames (px)", for plot axes.
    public var label: String { unit.symbol.isEmpty ? summary : "\(summary) (\(unit.symbol))" }

    /// The label of one column of this metric (`kp_err_mean_P1` names its key point).
    public func label(ofColumn column: String) -> String {
        guard isPerKeypoint else { return label }
        return "\(summary) of \(column.dropFirst(name.count)) (\(unit.symbol))"
    }
}

/// The unit of a metric, as summary.json names it and as labels show it.
public enum MetricUnit: String, Sendable, Codable, CaseIterable {
    /// A share in [0, 1].
    case fraction
    case degrees = "deg"
    case pixels = "px"
    case milliseconds = "ms"
    /// A number of frames.
    case count
    /// Percent of the image size (key-point distances).
    case percentOfImage = "percent_of_image"
    /// A selector's own score, without a unit.
    case score

    /// For labels: "°", "px", "% of image"; empty for counts, shares and scores.
    public var symbol: String {
        switch self {
        case .fraction, .count, .score: return ""
        case .degrees: return "°"
        case .pixels: return "px"
        case .milliseconds: return "ms"
        case .percentOfImage: return "% of image"
        }
    }

    /// For an axis beside a title that names the metric: "fraction (0–1)", "degrees (°)",
    /// "pixels (px)", "milliseconds (ms)", "frames", "score", "% of image".
    public var axisLabel: String {
        switch self {
        case .fraction: return "fraction (0–1)"
        case .degrees: return "degrees (°)"
        case .pixels: return "pixels (px)"
        case .milliseconds: return "milliseconds (ms)"
        case .count: return "frames"
        case .score: return "score"
        case .percentOfImage: return "% of image"
        }
    }

    /// The values a stored result may hold in a column of this unit: a share in [0, 1]; a
    /// count, an error in degrees (wrapped, so at most a full turn), pixels, milliseconds or a
    /// percentage at least 0 and below a bound no run reaches (a million pixels of blur, a
    /// day); a score any number within ±1e15. A reader refuses anything else (`RunMetrics.problem`).
    public var plausibleRange: ClosedRange<Double> {
        switch self {
        case .fraction: return 0...1
        case .degrees: return 0...360
        case .pixels: return 0...1e6
        case .milliseconds: return 0...86_400_000
        case .count: return 0...1e12
        case .percentOfImage: return 0...1e6
        case .score: return -1e15...1e15
        }
    }

    /// Decimals in CSV files: counts are whole numbers, everything else keeps 4.
    public var fileDecimals: Int { self == .count ? 0 : 4 }
}
