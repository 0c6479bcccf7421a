import Foundation

/// A parsed configuration tree (from YAML), with the line each node came from so errors can
/// point at it. Kept independent of the YAML library so overrides and emission are simple.
public struct ConfigNode: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        /// A scalar: its text and how it was written.
        case scalar(String, ScalarKind)
        case list([ConfigNode])
        /// Key–value pairs in file order.
        case mapping([Entry])
    }

    public enum ScalarKind: Sendable, Equatable {
        /// Unquoted: may be a number, a boolean, null or a word.
        case plain
        /// Quoted: always text.
        case quoted
    }

    public struct Entry: Sendable, Equatable {
        public var key: String
        public var value: ConfigNode
        public init(key: String, value: ConfigNode) {
            self.key = key
            self.value = value
        }
    }

    public var content: Content
    /// 1-based line in the source file, when known.
    public var line: Int?

    public init(_ content: Content, line: Int? = nil) {
        self.content = content
        self.line = line
    }

    public static func plain(_ text: String) -> ConfigNode { ConfigNode(.scalar(text, .plain)) }
    public static func quoted(_ text: String) -> ConfigNode { ConfigNode(.scalar(text, .quoted)) }
    public static func number(_ value: Double) -> ConfigNode { .plain(ConfigNumber.format(value)) }
    public static func integer<I: BinaryInteger>(_ value: I) -> ConfigNode { .plain(String(value)) }
    public static func bool(_ value: Bool) -> ConfigNode { .plain(value ? "true" : "false") }
    public static func list(_ items: [ConfigNode]) -> ConfigNode { ConfigNode(.list(items)) }
    public static func mapping(_ entries: [(String, ConfigNode)]) -> ConfigNode {
        ConfigNode(.mapping(entries.map { Entry(key: $0.0, value: $0.1) }))
    }

    /// The entries of a mapping node, `nil` otherwise.
    public var entries: [Entry]? {
        if case .mapping(let entries) = content { return entries }
        return nil
    }

    /// The value under `key` in a mapping node.
    public subscript(key: String) -> ConfigNode? {
        entries?.first { $0.key == key }?.value
    }

    /// Short description of the node's type for error messages.
    var kindDescription: String {
        switch content {
        case .scalar(let text, .plain): return "'\(text)'"
        case .scalar(let text, .quoted): return "the text \"\(text)\""
        case .list: return "a list"
        case .mapping: return "a mapping"
        }
    }
}

/// Number formatting for emitted configuration: at most 15 significant digits (so unit
/// conversions such as µg → m/s² → µg print as the number the user wrote), shortest text,
/// always parseable by YAML 1.1 and 1.2 (no exponent without a decimal point).
public enum ConfigNumber {
    public static func format(_ value: Double) -> String {
        let rounded = Double(String(format: "%.15g", value)) ?? value
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        var text = "\(rounded)"
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }), !text[..<e].contains(".") {
            text.insert(contentsOf: ".0", at: e)
        }
        return text
    }
}
