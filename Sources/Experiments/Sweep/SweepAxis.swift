import Foundation
import Runs
import Scenarios

/// One `--vary KEY=FROM:TO:STEP` (a numeric scenario key and the values it takes) or
/// `--vary KEY=NAME,NAME,…` (a choice key such as `selection.selector` or `fusion.filter`, its
/// values numbered 0, 1, … in `values`, named in `names`).
public struct SweepAxis: Sendable, Equatable, CustomStringConvertible {
    public var key: String
    public var from: Double
    public var to: Double
    public var step: Double
    /// from, from + step, … up to `to` (inclusive within 1e-9 of a step), as written in files;
    /// for a choice axis the indices of `names`.
    public var values: [Double]
    /// The names a choice axis takes; `nil` for a numeric axis.
    public var names: [String]?

    /// At most this many values per axis.
    public static let maximumValues = 1000

    /// Parses and checks `KEY=FROM:TO:STEP` against the scenario key reference.
    public init(parsing text: String) throws(ExperimentError) {
        guard let equals = text.firstIndex(of: "=") else {
            throw ExperimentError("--vary \(text): expected KEY=FROM:TO:STEP, e.g. selection.threshold=2:8:1")
        }
        key = String(text[..<equals]).trimmingCharacters(in: .whitespaces)
        if ScenarioLoader.choiceKey(key) != nil {
            let names = text[text.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard !names.contains(where: \.isEmpty) else { throw ExperimentError("--vary \(text): expected NAME,NAME,… after '='") }
            guard Set(names).count == names.count else { throw ExperimentError("--vary \(text): a name is given twice") }
            guard names.count <= Self.maximumValues else { throw ExperimentError("--vary \(text): at most \(Self.maximumValues) names per key") }
            // Whether each name exists is checked when the plan resolves every cell's scenario.
            (from, to, step, values, self.names) = (0, Double(names.count - 1), 1, names.indices.map(Double.init), names)
            return
        }
        guard let description = ScenarioLoader.numericKey(key) else {
            throw ExperimentError("--vary \(text): \(key) is neither a numeric nor a choice scenario key (see orbitbench scenario keys)")
        }
        let bounds = text[text.index(after: equals)...].split(separator: ":", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard bounds.count == 3, let from = bounds[0], let to = bounds[1], let step = bounds[2],
            from.isFinite, to.isFinite, step.isFinite
        else {
            throw ExperimentError("--vary \(text): expected three numbers FROM:TO:STEP after '='")
        }
        guard step > 0 else { throw ExperimentError("--vary \(text): STEP must be positive") }
        guard to >= from else { throw ExperimentError("--vary \(text): TO must not be below FROM") }
        // Checked as a Double first: (to − from)/step can be ±∞ or beyond Int's range (1e−300
        // steps, ±1e308 bounds), which an Int conversion would trap on.
        let span = ((to - from) / step + 1e-9).rounded(.down)
        guard span.isFinite, span < Double(Self.maximumValues) else {
            throw ExperimentError(
                "--vary \(text): \(span.isFinite ? ConfigNumber.format(span + 1) : "too many") values; at most \(Self.maximumValues) per key (use a larger STEP)"
            )
        }
        let count = Int(span) + 1
        // Computed from the index (no accumulated rounding) and rounded to the 15 digits files use.
        let values = (0..<count).map { Double(ConfigNumber.format(from + Double($0) * step))! }
        if description.type.hasPrefix("integer"), let fractional = values.first(where: { $0 != $0.rounded() }) {
            throw ExperimentError("--vary \(text): \(key) takes whole numbers, but the grid contains \(ConfigNumber.format(fractional))")
        }
        (self.from, self.to, self.step, self.values, self.names) = (from, to, step, values, nil)
    }

    /// Every combination of the axes' values (a cell each), the first axis varying slowest.
    public static func grid(_ axes: [SweepAxis]) -> [[Double]] {
        var cells: [[Double]] = [[]]
        for axis in axes { cells = cells.flatMap { prefix in axis.values.map { prefix + [$0] } } }
        return cells
    }

    public var description: String {
        if let names { return "\(key)=\(names.joined(separator: ","))" }
        return "\(key)=\(ConfigNumber.format(from)):\(ConfigNumber.format(to)):\(ConfigNumber.format(step))"
    }

    /// The value as written in files and tables: the number, or the name of a choice.
    public func text(_ value: Double) -> String {
        names.map { $0[Int(value)] } ?? ConfigNumber.format(value)
    }

    /// The override that sets this key to `value`.
    public func override(_ value: Double) -> ConfigOverride {
        ConfigOverride(path: key.split(separator: ".").map(String.init), value: text(value))
    }
}
