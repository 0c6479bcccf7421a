/// A number a plug-in reads from its settings — `selection.parameters.<name>` for a selector,
/// `fusion.parameters.<name>` for a filter — declared when the plug-in is registered, so that
/// scenario files, `--set`, `--vary` and `tune --params` check it like a built-in key (a typo
/// or a value out of range is a one-line error), the key reference lists it, and tuning keeps
/// to its range. The factory always finds every declared parameter in `parameters`, at its
/// default unless the scenario sets it.
///
///     PluginParameter("offset_weight", default: 0, range: 0...10, unit: "1/deg", help: "score per degree of offset from the slot centre")
public struct PluginParameter: Sendable, Equatable {
    /// 1–64 characters of a–z, 0–9 and `_`.
    public var name: String
    public var defaultValue: Double
    /// Allowed values; finite, within ±`PluginParameter.limit`, containing the default.
    public var range: ClosedRange<Double>
    /// The unit as the key reference shows it ("deg", "px", "1/deg"); empty for a pure number.
    public var unit: String
    /// One line: what the number does.
    public var help: String

    /// Largest magnitude of a plug-in parameter and of its range's bounds.
    public static let limit = 1e9

    public init(_ name: String, default defaultValue: Double, range: ClosedRange<Double>, unit: String = "", help: String) {
        self.name = name
        self.defaultValue = defaultValue
        self.range = range
        self.unit = unit
        self.help = help
    }

    /// Why this declaration cannot be registered, or `nil` when it can.
    func problem(kind: String, plugin: String) -> String? {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789_")
        guard !name.isEmpty, name.count <= 64, name.allSatisfy(allowed.contains) else {
            return "\(kind) '\(plugin)': parameter name '\(name)' must be 1–64 characters of a–z, 0–9 and _"
        }
        let bound = -Self.limit...Self.limit
        guard range.lowerBound.isFinite, range.upperBound.isFinite, bound.contains(range.lowerBound), bound.contains(range.upperBound) else {
            return "\(kind) '\(plugin)': parameter '\(name)' needs a finite range within ±\(Int(Self.limit)), not \(range)"
        }
        guard range.contains(defaultValue) else {
            return "\(kind) '\(plugin)': parameter '\(name)' has its default \(defaultValue) outside its range \(range)"
        }
        guard !unit.contains(where: \.isNewline), !help.contains(where: \.isNewline), help.count <= 200 else {
            return "\(kind) '\(plugin)': parameter '\(name)' needs a unit and a help of one line (help at most 200 characters)"
        }
        return nil
    }
}
