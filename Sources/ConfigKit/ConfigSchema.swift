/// How one section of a scenario file maps onto a settings value: its keys, their types,
/// ranges and help, plus cross-field checks. Decoding starts from a value holding the
/// defaults and overwrites what the file sets; unknown keys are errors.
public struct ConfigSchema<Root> {
    public var fields: [ConfigField<Root>]
    /// Checks that involve several keys; run after the section is decoded.
    public var checks: [(Root) -> ConfigProblem?]

    public init(_ fields: [ConfigField<Root>], checks: [(Root) -> ConfigProblem?] = []) {
        self.fields = fields
        self.checks = checks
    }

    /// `start` with the YAML `text` of `file` decoded into it (a mapping file, a suite); an
    /// error names the file.
    package func decode(yaml text: String, file: String, from start: Root) throws(ConfigError) -> Root {
        var root = start
        do { try decode(try YAMLReader.parse(text), into: &root, path: ConfigPath()) } catch { throw error.inFile(file) }
        return root
    }

    /// Decodes a mapping node into `root`.
    public func decode(_ node: ConfigNode, into root: inout Root, path: ConfigPath) throws(ConfigError) {
        guard let entries = node.entries else {
            throw path.error("expected a mapping of keys (\(keyList)), found \(node.kindDescription)", at: node)
        }
        for entry in entries {
            guard let field = fields.first(where: { $0.key == entry.key }) else {
                throw path.appending(entry.key).error("unknown key; allowed here: \(keyList)", at: entry.value)
            }
            try field.decode(entry.value, &root, path.appending(field.key))
        }
        for check in checks {
            if let problem = check(root) {
                let line = node[problem.key]?.line ?? node.line
                throw ConfigError(line: line, keyPath: path.appending(problem.key).description, message: problem.message)
            }
        }
    }

    /// The mapping node for `root`, every key written out.
    public func encode(_ root: Root) -> ConfigNode {
        .mapping(fields.map { ($0.key, $0.encode(root)) })
    }

    /// One line per leaf key below `path`, with the values in `defaults`.
    public func describe(_ defaults: Root, path: ConfigPath) -> [KeyDescription] {
        fields.flatMap { $0.describe(defaults, path.appending($0.key)) }
    }

    var keyList: String { fields.map(\.key).joined(separator: ", ") }
}

/// A cross-field problem: the key it is reported at (relative to the section) and why.
public struct ConfigProblem: Sendable {
    public var key: String
    public var message: String
    public init(_ key: String, _ message: String) {
        self.key = key
        self.message = message
    }
}

/// Documentation of one leaf key.
public struct KeyDescription: Sendable, Equatable {
    /// Dotted path, e.g. "orbit.radius_m".
    public var key: String
    /// Type and allowed values, e.g. "number in 0.3...100".
    public var type: String
    /// The default, as written in a file.
    public var defaultValue: String
    public var help: String
    /// Allowed values of a number or integer key, in file units.
    public var range: ClosedRange<Double>? = nil

    public init(key: String, type: String, defaultValue: String, help: String, range: ClosedRange<Double>? = nil) {
        self.key = key
        self.type = type
        self.defaultValue = defaultValue
        self.help = help
        self.range = range
    }
}

/// One key of a section.
public struct ConfigField<Root> {
    public let key: String
    public let help: String
    let decode: (ConfigNode, inout Root, ConfigPath) throws(ConfigError) -> Void
    let encode: (Root) -> ConfigNode
    let describe: (Root, ConfigPath) -> [KeyDescription]
}
