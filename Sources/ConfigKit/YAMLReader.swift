import Yams

/// Turns YAML text into a `ConfigNode` tree. Anchors and aliases are resolved by Yams;
/// duplicate keys, non-string keys and YAML syntax errors are errors. Bounded: at most
/// `maximumBytes` of text and `maximumNodes` values after aliases are expanded (an "alias
/// bomb" of nested aliases would otherwise expand to billions of values).
public enum YAMLReader {
    /// Configuration files are small; 4 MiB is far beyond any scenario or mapping.
    public static let maximumBytes = 4 << 20
    /// Values after expanding aliases.
    public static let maximumNodes = 200_000
    /// Alias references (`*name`) in one file.
    public static let maximumAliases = 64

    public static func parse(_ text: String) throws(ConfigError) -> ConfigNode {
        guard text.utf8.count <= maximumBytes else {
            throw ConfigError(line: nil, keyPath: "", message: "more than \(maximumBytes >> 20) MiB of YAML; a configuration file is far smaller")
        }
        try screen(text)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw ConfigError(line: Self.line(of: error), keyPath: "", message: "not valid YAML: \(Self.reason(error))")
        }
        guard let root else { return ConfigNode(.mapping([]), line: 1) }
        var budget = maximumNodes
        return try convert(root, path: ConfigPath(), budget: &budget)
    }

    /// Rejects, before the YAML library sees them, the constructs that make it slow beyond
    /// bound (found by fuzzing: complex keys built from aliases made composing take minutes on
    /// 1.6 KB): explicit `? ` keys and more than `maximumAliases` alias references.
    static func screen(_ text: String) throws(ConfigError) {
        var aliases = 0
        var line = 1
        var previous: UInt8 = UInt8(ascii: "\n")
        var atLineStart = true
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() {
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            let separatorBefore = [
                UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: "-"),
                UInt8(ascii: ":"),
            ].contains(previous)
            if byte == UInt8(ascii: "*") && separatorBefore && next != UInt8(ascii: " ") && next != 0 && next != UInt8(ascii: "\n") {
                aliases += 1
                if aliases > maximumAliases {
                    throw ConfigError(
                        line: line, keyPath: "", message: "more than \(maximumAliases) YAML aliases (*name); a configuration file needs few or none")
                }
            }
            if byte == UInt8(ascii: "?") && (atLineStart || separatorBefore && previous != UInt8(ascii: ":"))
                && (next == UInt8(ascii: " ") || next == UInt8(ascii: "\n") || next == 0)
            {
                throw ConfigError(line: line, keyPath: "", message: "explicit mapping keys (? …) are not supported; write key: value")
            }
            if byte == UInt8(ascii: "\n") {
                line += 1
                atLineStart = true
            } else if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "-") && byte != UInt8(ascii: "\t") {
                atLineStart = false
            }
            previous = byte
        }
    }

    private static func convert(_ node: Node, path: ConfigPath, budget: inout Int) throws(ConfigError) -> ConfigNode {
        let line = node.mark?.line
        budget -= 1
        guard budget >= 0 else {
            throw ConfigError(
                line: line, keyPath: path.description,
                message: "more than \(maximumNodes) values once aliases are expanded (nested aliases?); a configuration file is far smaller")
        }
        switch node {
        case .scalar(let scalar):
            let kind: ConfigNode.ScalarKind = scalar.style == .plain ? .plain : .quoted
            return ConfigNode(.scalar(scalar.string, kind), line: line)
        case .sequence(let sequence):
            var items: [ConfigNode] = []
            for (index, item) in sequence.enumerated() {
                items.append(try convert(item, path: path.appending(index: index), budget: &budget))
            }
            return ConfigNode(.list(items), line: line)
        case .mapping(let mapping):
            var entries: [ConfigNode.Entry] = []
            for (key, value) in mapping {
                guard case .scalar(let keyScalar) = key else {
                    throw path.error("mapping keys must be plain words", at: ConfigNode(.list([]), line: key.mark?.line))
                }
                entries.append(
                    ConfigNode.Entry(key: keyScalar.string, value: try convert(value, path: path.appending(keyScalar.string), budget: &budget)))
            }
            return ConfigNode(.mapping(entries), line: line)
        case .alias:
            throw path.error("unresolved YAML alias", at: ConfigNode(.list([]), line: line))
        }
    }

    private static func line(of error: Error) -> Int? {
        switch error {
        case YamlError.parser(_, _, let mark, _), YamlError.scanner(_, _, let mark, _),
            YamlError.composer(_, _, let mark, _):
            return mark.line
        case YamlError.duplicatedKeysInMapping(_, let context):
            return context.mark.line
        default:
            return nil
        }
    }

    private static func reason(_ error: Error) -> String {
        switch error {
        case YamlError.parser(_, let problem, _, _), YamlError.scanner(_, let problem, _, _),
            YamlError.composer(_, let problem, _, _):
            return problem
        case YamlError.duplicatedKeysInMapping(let duplicates, _):
            return "duplicate key \(duplicates.sorted().joined(separator: ", "))"
        case YamlError.reader(let problem, _, _, _):
            return problem
        default:
            return "\(error)".split(separator: "\n").first.map(String.init) ?? "\(error)"
        }
    }
}

extension ConfigNode {
    /// The node as YAML that `YAMLReader.parse` reads back to the same tree, written by Yams
    /// (libyaml's emitter): mappings in block style and in their order, lists of scalars (or of
    /// such lists) in flow style (`[1, 2, 3]`), quoted text in double quotes with every
    /// character that needs it escaped, plain scalars plain where YAML allows (quoted otherwise),
    /// UTF-8 as it is, no line wrapping.
    public var yaml: String {
        do {
            return try Yams.serialize(node: yamsNode, width: -1, allowUnicode: true)
        } catch {
            // The emitter fails only on events out of order or an invalid anchor or tag; a tree of
            // plain and quoted strings has neither.
            preconditionFailure("cannot write a configuration tree as YAML: \(error)")
        }
    }

    /// A value on one line (`[0, 0, 1]`, `"text"`) for documentation.
    var inlineYAML: String {
        ConfigNode.mapping([("v", self)]).yaml.dropFirst(3).trimmingCharacters(in: .newlines)
    }

    private var yamsNode: Node {
        switch content {
        case .scalar(let text, .plain): return .scalar(Node.Scalar(text, Tag(.str), .plain))
        case .scalar(let text, .quoted): return .scalar(Node.Scalar(text, Tag(.str), .doubleQuoted))
        case .list(let items): return .sequence(Node.Sequence(items.map(\.yamsNode), Tag(.seq), isFlow ? .flow : .block))
        case .mapping(let entries):
            return .mapping(Node.Mapping(entries.map { (Node($0.key, Tag(.str)), $0.value.yamsNode) }, Tag(.map), .block))
        }
    }

    /// Scalars and lists of scalars (or of such lists) are written inline; mappings never.
    private var isFlow: Bool {
        switch content {
        case .scalar: return true
        case .list(let items): return items.allSatisfy(\.isFlow)
        case .mapping: return false
        }
    }
}
