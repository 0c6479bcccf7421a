import Foundation

/// A command-line override of one scenario key: `orbit.radius_m=4`, `orbit.reversals.0.at_deg=90`.
public struct ConfigOverride: Sendable, Equatable, CustomStringConvertible {
    /// Path components; numbers address list items.
    public var path: [String]
    /// The value, written as it would be in YAML (`4`, `true`, `landscape_left`, `[1, 2, 3]`).
    public var value: String

    public init(path: [String], value: String) {
        self.path = path
        self.value = value
    }

    /// Parses `key.path=value`.
    public init(parsing text: String) throws(ConfigError) {
        guard let equals = text.firstIndex(of: "=") else {
            throw ConfigError(keyPath: text, message: "override must look like key.path=value")
        }
        let key = text[..<equals].trimmingCharacters(in: .whitespaces)
        let components = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !key.isEmpty, !components.contains(where: \.isEmpty) else {
            throw ConfigError(keyPath: key, message: "override key must be a dotted path like orbit.radius_m")
        }
        self.init(path: components, value: String(text[text.index(after: equals)...]).trimmingCharacters(in: .whitespaces))
    }

    public var description: String { "\(path.joined(separator: "."))=\(value)" }

    /// Writes the override into `node`, creating mappings on the way. List items must exist.
    func apply(to node: inout ConfigNode) throws(ConfigError) {
        let valueNode = try YAMLReader.parse("v: \(value)")["v"] ?? .plain("")
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

/// Finds, reads and validates scenario files.
public enum ScenarioLoader {
    /// Parses and validates scenario YAML. `fileName` names the file in errors and gives the
    /// default scenario name.
    public static func parse(yaml: String, fileName: String, overrides: [ConfigOverride] = []) throws(ConfigError) -> Scenario {
        do {
            var node = try YAMLReader.parse(yaml)
            for override in overrides { try override.apply(to: &node) }
            var scenario = Scenario()
            scenario.name = URL(fileURLWithPath: fileName).deletingPathExtension().lastPathComponent
            try ConfigSchema.scenario.decode(node, into: &scenario, path: ConfigPath())
            return scenario
        } catch {
            // A bad value that came from the command line is the command line's fault, not the file's.
            if let override = overrides.last(where: { $0.path.joined(separator: ".") == error.keyPath }) {
                var located = error
                located.file = "--set \(override)"
                located.line = nil
                throw located
            }
            throw error.inFile(fileName)
        }
    }

    /// Reads and validates the scenario file at `path`.
    public static func load(path: String, overrides: [ConfigOverride] = []) throws(ConfigError) -> Scenario {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw ConfigError(file: path, keyPath: "", message: exists ? "cannot read the file" : "no such file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(file: path, keyPath: "", message: "not UTF-8 text")
        }
        return try parse(yaml: text, fileName: path, overrides: overrides)
    }

    /// The built-in default scenario with overrides applied.
    public static func builtInDefault(overrides: [ConfigOverride] = []) throws(ConfigError) -> Scenario {
        try parse(yaml: "{}", fileName: "\(Scenario.defaultName) (built in)", overrides: overrides).renamed(Scenario.defaultName)
    }

    /// A scenario by path or by name. A name (no slash, no .yaml) is looked up as
    /// `<directory>/<name>.yaml` in each search directory in turn; the built-in default
    /// answers to its name when no file provides it.
    public static func resolve(_ reference: String, searchDirectories: [String], overrides: [ConfigOverride] = []) throws(ConfigError) -> Scenario {
        let looksLikePath = reference.contains("/") || reference.hasSuffix(".yaml") || reference.hasSuffix(".yml")
        if looksLikePath { return try load(path: reference, overrides: overrides) }
        for directory in searchDirectories {
            let candidate = (directory as NSString).appendingPathComponent("\(reference).yaml")
            if FileManager.default.fileExists(atPath: candidate) { return try load(path: candidate, overrides: overrides) }
        }
        if reference == Scenario.defaultName { return try builtInDefault(overrides: overrides) }
        let known = availableNames(in: searchDirectories)
        let hint = known.isEmpty ? "no scenarios directory found" : "known: \(known.joined(separator: ", "))"
        throw ConfigError(file: reference, keyPath: "", message: "no scenario of that name (\(hint))")
    }

    /// Names of the scenario files in the search directories (the regression suite file is not
    /// a scenario).
    public static func availableNames(in directories: [String]) -> [String] {
        var names = Set<String>()
        for directory in directories {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for file in files where file.hasSuffix(".yaml") && file != RegressionSuite.fileName { names.insert(String(file.dropLast(5))) }
        }
        return names.sorted()
    }

    /// The fully resolved scenario as YAML: every key its kind uses, with its value.
    public static func yaml(for scenario: Scenario) -> String {
        let unused = Set(scenario.kind.unusedSections)
        guard let entries = ConfigSchema.scenario.encode(scenario).entries else { return "" }
        return YAMLWriter.write(.mapping(entries.filter { !unused.contains($0.key) }.map { ($0.key, $0.value) }))
    }

    /// Documentation of every key: path, type and range, default, meaning.
    public static func keyReference() -> [KeyDescription] {
        ConfigSchema.scenario.describe(Scenario(), path: ConfigPath())
    }
}

extension Scenario {
    func renamed(_ name: String) -> Scenario {
        var copy = self
        copy.name = name
        return copy
    }
}
