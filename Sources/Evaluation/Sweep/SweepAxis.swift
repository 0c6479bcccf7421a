import Foundation
import Scenarios

/// A sweep problem with the user's input, as one line.
public struct SweepError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// One `--vary KEY=FROM:TO:STEP`: a numeric scenario key and the values it takes.
public struct SweepAxis: Sendable, Equatable, CustomStringConvertible {
    public var key: String
    public var from: Double
    public var to: Double
    public var step: Double
    /// from, from + step, … up to `to` (inclusive within 1e-9 of a step), as written in files.
    public var values: [Double]

    /// At most this many values per axis.
    public static let maximumValues = 1000

    /// Parses and checks `KEY=FROM:TO:STEP` against the scenario key reference.
    public init(parsing text: String) throws(SweepError) {
        guard let equals = text.firstIndex(of: "=") else {
            throw SweepError("--vary \(text): expected KEY=FROM:TO:STEP, e.g. selection.threshold=2:8:1")
        }
        key = String(text[..<equals]).trimmingCharacters(in: .whitespaces)
        let bounds = text[text.index(after: equals)...].split(separator: ":", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard bounds.count == 3, let from = bounds[0], let to = bounds[1], let step = bounds[2],
              from.isFinite, to.isFinite, step.isFinite else {
            throw SweepError("--vary \(text): expected three numbers FROM:TO:STEP after '='")
        }
        guard let description = ScenarioLoader.numericKey(key) else {
            throw SweepError("--vary \(text): \(key) is not a numeric scenario key (see orbitbench scenario keys)")
        }
        guard step > 0 else { throw SweepError("--vary \(text): STEP must be positive") }
        guard to >= from else { throw SweepError("--vary \(text): TO must not be below FROM") }
        let count = Int(((to - from) / step + 1e-9).rounded(.down)) + 1
        guard count <= Self.maximumValues else {
            throw SweepError("--vary \(text): \(count) values; at most \(Self.maximumValues) per key")
        }
        // Computed from the index (no accumulated rounding) and rounded to the 15 digits files use.
        let values = (0..<count).map { Double(ConfigNumber.format(from + Double($0) * step))! }
        if description.type.hasPrefix("integer"), let fractional = values.first(where: { $0 != $0.rounded() }) {
            throw SweepError("--vary \(text): \(key) takes whole numbers, but the grid contains \(ConfigNumber.format(fractional))")
        }
        (self.from, self.to, self.step, self.values) = (from, to, step, values)
    }

    public var description: String {
        "\(key)=\(ConfigNumber.format(from)):\(ConfigNumber.format(to)):\(ConfigNumber.format(step))"
    }

    /// The override that sets this key to `value`.
    public func override(_ value: Double) -> ConfigOverride {
        ConfigOverride(path: key.split(separator: ".").map(String.init), value: ConfigNumber.format(value))
    }
}
