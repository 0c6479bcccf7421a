import Foundation

/// A command-line override of one scenario key: `orbit.radius_m=4`, `orbit.reversals.0.at_deg=90`.
public struct ConfigOverride: Sendable, Equatable, CustomStringConvertible {
    /// Path components; numbers address list items.
    public var path: [String]
    /// The value, written as it would be in YAML (`4`, `true`, `landscape_left`, `[1, 2, 3]`).
    public var value: String

    /// The command-line flag the override came from (`--set`, `--a`, `--arm low`): an error in
    /// its key or value names it.
    public var origin = "--set"

    public init(path: [String], value: String, origin: String = "--set") {
        self.path = path
        self.value = value
        self.origin = origin
    }

    /// Parses `key.path=value`. An override is one line of visible text: a line break, tab or
    /// any other control character in it is an error (YAML would otherwise read a value with a
    /// line break as a plain scalar and drop what follows it without a word).
    public init(parsing text: String, origin: String = "--set") throws(ConfigError) {
        if let control = text.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            let key = text.prefix { $0 != "=" }
            throw ConfigError(
                keyPath: key.unicodeScalars.contains(control) ? "" : String(key),
                message:
                    "contains the control character U+\(String(format: "%04X", control.value)) (a line break, tab, …); an override is one line, key.path=value"
            )
        }
        guard let equals = text.firstIndex(of: "=") else {
            throw ConfigError(keyPath: text, message: "override must look like key.path=value")
        }
        let key = text[..<equals].trimmingCharacters(in: .whitespaces)
        let components = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !key.isEmpty, !components.contains(where: \.isEmpty) else {
            throw ConfigError(keyPath: key, message: "override key must be a dotted path like orbit.radius_m")
        }
        self.init(path: components, value: String(text[text.index(after: equals)...]).trimmingCharacters(in: .whitespaces), origin: origin)
    }

    public var description: String { "\(path.joined(separator: "."))=\(value)" }

    /// Writes the override into `node`, creating mappings on the way. List items must exist.
    public func apply(to node: inout ConfigNode) throws(ConfigError) {
        let valueNode: ConfigNode
        do {
            valueNode = try YAMLReader.parse("v: \(value)")["v"] ?? .plain("")
        } catch {
            // The value's own syntax: an error of this override, not of the file it applies to.
            throw ConfigError(keyPath: path.joined(separator: "."), message: error.message)
        }
        try Self.set(valueNode, at: path[...], in: &node, walked: [])
    }

    private static func set(_ value: ConfigNode, at path: ArraySlice<String>, in node: inout ConfigNode, walked: [String]) throws(ConfigError) {
        guard let head = path.first else {
            node = ConfigNode(value.content, line: nil)
            return
        }
        let here = (walked + [head]).joined(separator: ".")
        switch node.content {
        case .mapping(var entries):
            if let index = entries.firstIndex(where: { $0.key == head }) {
                try set(value, at: path.dropFirst(), in: &entries[index].value, walked: walked + [head])
            } else {
                var fresh = ConfigNode(.mapping([]))
                try set(value, at: path.dropFirst(), in: &fresh, walked: walked + [head])
                entries.append(ConfigNode.Entry(key: head, value: fresh))
            }
            node.content = .mapping(entries)
        case .list(var items):
            guard let index = Int(head), items.indices.contains(index) else {
                throw ConfigError(keyPath: here, message: "override addresses list item \(head), but the list has \(items.count) items")
            }
            try set(value, at: path.dropFirst(), in: &items[index], walked: walked + [head])
            node.content = .list(items)
        case .scalar:
            throw ConfigError(keyPath: here, message: "override goes below a plain value")
        }
    }
}
