import Foundation
import OrbitMath

/// Readers for scalar nodes, shared by the field builders.
enum ScalarReader {
    static func number(_ node: ConfigNode, range: ClosedRange<Double>, path: ConfigPath) throws(ConfigError) -> Double {
        guard case .scalar(let text, .plain) = node.content else {
            throw path.error("expected a number in \(describe(range)), found \(node.kindDescription)", at: node)
        }
        let cleaned = text.replacingOccurrences(of: "_", with: "")
        let lowered = cleaned.lowercased()
        if [".inf", "-.inf", "+.inf", ".nan", "inf", "-inf", "nan", "infinity", "-infinity"].contains(lowered) {
            throw path.error("must be a finite number in \(describe(range)), found '\(text)'", at: node)
        }
        guard let value = Double(cleaned), value.isFinite else {
            throw path.error("expected a number in \(describe(range)), found '\(text)'", at: node)
        }
        guard range.contains(value) else {
            throw path.error("\(ConfigNumber.format(value)) is out of range; allowed \(describe(range))", at: node)
        }
        return value
    }

    static func integer(_ node: ConfigNode, range: ClosedRange<Int64>, path: ConfigPath) throws(ConfigError) -> Int64 {
        guard case .scalar(let text, .plain) = node.content, let value = Int64(text.replacingOccurrences(of: "_", with: "")) else {
            throw path.error("expected a whole number in \(range.lowerBound)...\(range.upperBound), found \(node.kindDescription)", at: node)
        }
        guard range.contains(value) else {
            throw path.error("\(value) is out of range; allowed \(range.lowerBound)...\(range.upperBound)", at: node)
        }
        return value
    }

    static func list(_ node: ConfigNode, path: ConfigPath, expecting: String) throws(ConfigError) -> [ConfigNode] {
        guard case .list(let items) = node.content else {
            throw path.error("expected \(expecting), found \(node.kindDescription)", at: node)
        }
        return items
    }

    /// Every item of a list, each read at its own path (`[i]`).
    static func each<Item>(
        _ items: [ConfigNode], path: ConfigPath, _ read: (ConfigNode, ConfigPath) throws(ConfigError) -> Item
    ) throws(ConfigError) -> [Item] {
        var values: [Item] = []
        for (index, item) in items.enumerated() { values.append(try read(item, path.appending(index: index))) }
        return values
    }

    static func describe(_ range: ClosedRange<Double>) -> String {
        "\(ConfigNumber.format(range.lowerBound))...\(ConfigNumber.format(range.upperBound))"
    }
}

extension ConfigField {
    /// A key holding one value: `read` parses its node and `write` is the node written back;
    /// the key (its path and `suffix`) is described as `type` with its default as `shown`
    /// gives it (else as written).
    private static func leaf<Value>(
        _ key: String, _ keyPath: WritableKeyPath<Root, Value>, suffix: String = "", type: String, range: ClosedRange<Double>? = nil,
        help: String, shown: ((Value) -> String)? = nil, read: @escaping (ConfigNode, ConfigPath) throws(ConfigError) -> Value,
        write: @escaping (Value) -> ConfigNode
    ) -> ConfigField {
        ConfigField(
            key: key, help: help,
            decode: { (node, root, path) throws(ConfigError) in root[keyPath: keyPath] = try read(node, path) },
            encode: { write($0[keyPath: keyPath]) },
            describe: { defaults, path in
                let value = defaults[keyPath: keyPath]
                return [
                    KeyDescription(
                        key: path.description + suffix, type: type, defaultValue: shown?(value) ?? write(value).inlineYAML, help: help,
                        range: range)
                ]
            })
    }

    /// A number in `range` (file units). The value stored is `file value × scale`, so a key in
    /// µg can fill a property in m/s².
    public static func number(
        _ key: String, _ keyPath: WritableKeyPath<Root, Double>, _ range: ClosedRange<Double>,
        scale: Double = 1, help: String
    ) -> ConfigField {
        leaf(
            key, keyPath, type: "number in \(ScalarReader.describe(range))", range: range, help: help, shown: { ConfigNumber.format($0 / scale) },
            read: { (node, path) throws(ConfigError) in try ScalarReader.number(node, range: range, path: path) * scale },
            write: { .number($0 / scale) })
    }

    public static func integer(_ key: String, _ keyPath: WritableKeyPath<Root, Int>, _ range: ClosedRange<Int>, help: String) -> ConfigField {
        leaf(
            key, keyPath, type: "integer in \(range.lowerBound)...\(range.upperBound)", range: Double(range.lowerBound)...Double(range.upperBound),
            help: help, shown: { String($0) },
            read: { (node, path) throws(ConfigError) in
                Int(try ScalarReader.integer(node, range: Int64(range.lowerBound)...Int64(range.upperBound), path: path))
            },
            write: { .integer($0) })
    }

    public static func flag(_ key: String, _ keyPath: WritableKeyPath<Root, Bool>, help: String) -> ConfigField {
        leaf(
            key, keyPath, type: "true or false", help: help, shown: { String($0) },
            read: { (node, path) throws(ConfigError) in
                guard case .scalar(let text, .plain) = node.content, ["true", "false"].contains(text.lowercased()) else {
                    throw path.error("expected true or false, found \(node.kindDescription)", at: node)
                }
                return text.lowercased() == "true"
            },
            write: { .bool($0) })
    }

    /// Named numbers chosen by the user (a plug-in's parameters): any key of a–z, 0–9 and `_`,
    /// each a finite number. Written out sorted by name.
    public static func numberMap(_ key: String, _ keyPath: WritableKeyPath<Root, [String: Double]>, help: String) -> ConfigField {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789_"), range = -parameterLimit...parameterLimit
        return leaf(
            key, keyPath, suffix: ".<name>", type: "number in \(ScalarReader.describe(range))", range: range, help: help, shown: { _ in "(none)" },
            read: { (node, path) throws(ConfigError) in
                guard let entries = node.entries else {
                    throw path.error("expected a mapping of names to numbers, found \(node.kindDescription)", at: node)
                }
                var values: [String: Double] = [:]
                for entry in entries {
                    guard !entry.key.isEmpty, entry.key.count <= 64, entry.key.allSatisfy(allowed.contains) else {
                        throw path.appending(entry.key).error("a parameter name is 1–64 characters of a–z, 0–9 and _", at: entry.value)
                    }
                    values[entry.key] = try ScalarReader.number(entry.value, range: range, path: path.appending(entry.key))
                }
                return values
            },
            write: { .mapping($0.sorted { $0.key < $1.key }.map { ($0.key, .number($0.value)) }) })
    }

    /// Largest magnitude of a plug-in parameter.
    public static var parameterLimit: Double { 1e9 }

    public static func text(_ key: String, _ keyPath: WritableKeyPath<Root, String>, help: String) -> ConfigField {
        leaf(
            key, keyPath, type: "text", help: help, shown: { "\"\($0)\"" },
            read: { (node, path) throws(ConfigError) in
                guard case .scalar(let text, _) = node.content else { throw path.error("expected text, found \(node.kindDescription)", at: node) }
                return text
            },
            write: { .quoted($0) })
    }

    /// One of the raw values of `Choice`.
    public static func choice<Choice: RawRepresentable & CaseIterable>(
        _ key: String, _ keyPath: WritableKeyPath<Root, Choice>, help: String
    ) -> ConfigField where Choice.RawValue == String {
        let allowed = Choice.allCases.map(\.rawValue).joined(separator: ", ")
        return leaf(
            key, keyPath, type: "one of \(allowed)", help: help, shown: \.rawValue,
            read: { (node, path) throws(ConfigError) in
                guard case .scalar(let text, _) = node.content, let value = Choice(rawValue: text) else {
                    throw path.error("expected one of \(allowed), found \(node.kindDescription)", at: node)
                }
                return value
            },
            write: { .plain($0.rawValue) })
    }

    /// A vector written as [x, y, z], each component in `range` (file units × scale).
    public static func vector(
        _ key: String, _ keyPath: WritableKeyPath<Root, Vector3>, _ range: ClosedRange<Double>, scale: Double = 1, help: String
    ) -> ConfigField {
        leaf(
            key, keyPath, type: "[x, y, z], each in \(ScalarReader.describe(range))", help: help,
            read: { (node, path) throws(ConfigError) in try readVector(node, range: range, path: path) * scale },
            write: { encodeVector($0 / scale) })
    }

    /// A list of exactly `count` numbers, each in `range`.
    public static func numbers(
        _ key: String, _ keyPath: WritableKeyPath<Root, [Double]>, count: Int, _ range: ClosedRange<Double>, help: String
    ) -> ConfigField {
        leaf(
            key, keyPath, type: "\(count) numbers, each in \(ScalarReader.describe(range))", help: help,
            read: { (node, path) throws(ConfigError) in
                let items = try ScalarReader.list(node, path: path, expecting: "a list of \(count) numbers")
                guard items.count == count else { throw path.error("expected \(count) numbers, found \(items.count)", at: node) }
                return try ScalarReader.each(items, path: path) { (item, path) throws(ConfigError) in
                    try ScalarReader.number(item, range: range, path: path)
                }
            },
            write: { .list($0.map { .number($0) }) })
    }

    /// A non-empty list of distinct whole numbers in `range` (seeds).
    public static func seeds(_ key: String, _ keyPath: WritableKeyPath<Root, [UInt64]>, _ range: ClosedRange<Int64>, help: String) -> ConfigField {
        leaf(
            key, keyPath, type: "list of distinct integers in \(range.lowerBound)...\(range.upperBound)", help: help,
            read: { (node, path) throws(ConfigError) in
                let items = try ScalarReader.list(node, path: path, expecting: "a list of whole numbers")
                guard !items.isEmpty else { throw path.error("needs at least one seed", at: node) }
                var values: [UInt64] = []
                for (index, item) in items.enumerated() {
                    let value = UInt64(try ScalarReader.integer(item, range: range, path: path.appending(index: index)))
                    guard !values.contains(value) else { throw path.appending(index: index).error("seed \(value) is listed twice", at: item) }
                    values.append(value)
                }
                return values
            },
            write: { .list($0.map { .integer($0) }) })
    }

    /// A list of text items.
    public static func texts(_ key: String, _ keyPath: WritableKeyPath<Root, [String]>, help: String) -> ConfigField {
        leaf(
            key, keyPath, type: "list of text", help: help,
            read: { (node, path) throws(ConfigError) in
                let items = try ScalarReader.list(node, path: path, expecting: "a list of text items")
                return try ScalarReader.each(items, path: path) { (item, path) throws(ConfigError) in
                    guard case .scalar(let text, _) = item.content else { throw path.error("expected text, found \(item.kindDescription)", at: item) }
                    return text
                }
            },
            write: { .list($0.map { .quoted($0) }) })
    }

    /// A list of points [[x, y, z], ...], components in `range`.
    public static func vectors(_ key: String, _ keyPath: WritableKeyPath<Root, [Vector3]>, _ range: ClosedRange<Double>, help: String) -> ConfigField
    {
        leaf(
            key, keyPath, type: "list of [x, y, z], each in \(ScalarReader.describe(range))", help: help,
            read: { (node, path) throws(ConfigError) in
                let items = try ScalarReader.list(node, path: path, expecting: "a list of [x, y, z] points")
                return try ScalarReader.each(items, path: path) { (item, path) throws(ConfigError) in try readVector(item, range: range, path: path) }
            },
            write: { .list($0.map(encodeVector)) })
    }

    /// A nested section decoded with its own schema.
    public static func section<Section>(
        _ key: String, _ keyPath: WritableKeyPath<Root, Section>, _ schema: ConfigSchema<Section>, help: String
    ) -> ConfigField {
        ConfigField(
            key: key, help: help,
            decode: { (node, root, path) throws(ConfigError) in
                var section = root[keyPath: keyPath]
                try schema.decode(node, into: &section, path: path)
                root[keyPath: keyPath] = section
            },
            encode: { schema.encode($0[keyPath: keyPath]) },
            describe: { defaults, path in schema.describe(defaults[keyPath: keyPath], path: path) })
    }

    /// A list of items, each a mapping decoded with `schema` starting from `template`.
    public static func list<Item>(
        _ key: String, _ keyPath: WritableKeyPath<Root, [Item]>, _ schema: ConfigSchema<Item>, template: Item, help: String
    ) -> ConfigField {
        ConfigField(
            key: key, help: help,
            decode: { (node, root, path) throws(ConfigError) in
                let items = try ScalarReader.list(node, path: path, expecting: "a list of mappings (\(schema.keyList))")
                root[keyPath: keyPath] = try ScalarReader.each(items, path: path) { (item, path) throws(ConfigError) in
                    var value = template
                    try schema.decode(item, into: &value, path: path)
                    return value
                }
            },
            encode: { .list($0[keyPath: keyPath].map(schema.encode)) },
            describe: { defaults, path in
                let count = defaults[keyPath: keyPath].count
                let head = KeyDescription(
                    key: path.description, type: "list of mappings", defaultValue: count == 0 ? "[]" : "\(count) items", help: help)
                return [head]
                    + schema.describe(template, path: path.appending(index: 0)).map { item in
                        var copy = item
                        copy.key = copy.key.replacingOccurrences(of: "[0]", with: "[i]")
                        return copy
                    }
            })
    }
}

private func readVector(_ node: ConfigNode, range: ClosedRange<Double>, path: ConfigPath) throws(ConfigError) -> Vector3 {
    let items = try ScalarReader.list(node, path: path, expecting: "[x, y, z]")
    guard items.count == 3 else { throw path.error("expected 3 components [x, y, z], found \(items.count)", at: node) }
    return Vector3(
        try ScalarReader.number(items[0], range: range, path: path.appending(index: 0)),
        try ScalarReader.number(items[1], range: range, path: path.appending(index: 1)),
        try ScalarReader.number(items[2], range: range, path: path.appending(index: 2)))
}

private func encodeVector(_ vector: Vector3) -> ConfigNode {
    .list([.number(vector.x), .number(vector.y), .number(vector.z)])
}
