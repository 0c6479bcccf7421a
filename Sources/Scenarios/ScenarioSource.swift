/// Where a scenario comes from — a name or path, the directories names are looked up in, and
/// the overrides given with it — so variants can be resolved exactly from the same source
/// (sweeps and tuning add their own overrides on top).
public struct ScenarioSource: Sendable, Equatable {
    public var reference: String
    public var searchDirectories: [String]
    public var overrides: [ConfigOverride]

    public init(reference: String, searchDirectories: [String], overrides: [ConfigOverride] = []) {
        self.reference = reference
        self.searchDirectories = searchDirectories
        self.overrides = overrides
    }

    /// The scenario with `extra` applied after the source's own overrides.
    public func resolve(_ extra: [ConfigOverride] = []) throws(ConfigError) -> Scenario {
        try ScenarioLoader.resolve(reference, searchDirectories: searchDirectories, overrides: overrides + extra)
    }
}

extension ScenarioLoader {
    /// The numeric leaf key `key` (dotted, list items by index: `orbit.reversals.0.at_deg`)
    /// from the key reference, or `nil` if there is no such numeric key.
    public static func numericKey(_ key: String) -> KeyDescription? {
        let pattern = key.split(separator: ".").map { Int($0) != nil ? "[i]" : String($0) }
        var normalized = ""
        for component in pattern {
            if component == "[i]" { normalized += component } else { normalized += (normalized.isEmpty ? "" : ".") + component }
        }
        let reference = keyReference()
        if let found = reference.first(where: { $0.key == normalized && ($0.type.hasPrefix("number") || $0.type.hasPrefix("integer")) }) {
            return found
        }
        // A plug-in parameter: `selection.parameters.<name>`.
        let parts = normalized.split(separator: ".")
        guard parts.count >= 2 else { return nil }
        let mapKey = parts.dropLast().joined(separator: ".") + ".<name>"
        return reference.first { $0.key == mapKey }.map {
            KeyDescription(key: normalized, type: $0.type, defaultValue: $0.defaultValue, help: $0.help, range: $0.range)
        }
    }

    /// The choice key `key` (one of a set of names: `selection.selector`, `fusion.filter`,
    /// `selection.angle_source`, …) from the key reference, or `nil`.
    public static func choiceKey(_ key: String) -> KeyDescription? {
        keyReference().first { $0.key == key && $0.type.hasPrefix("one of") }
    }
}

extension ScenarioLoader {
    /// The value of the numeric key `key` (dotted, list items by index) in `scenario`, in file
    /// units; `nil` if the key does not exist or is not a number.
    public static func numericValue(of key: String, in scenario: Scenario) -> Double? {
        var node = ConfigSchema.scenario.encode(scenario)
        for component in key.split(separator: ".").map(String.init) {
            if let index = Int(component), case .list(let items) = node.content {
                guard items.indices.contains(index) else { return nil }
                node = items[index]
            } else if let child = node[component] {
                node = child
            } else {
                return nil
            }
        }
        guard case .scalar(let text, _) = node.content else { return nil }
        return Double(text)
    }
}

extension ScenarioLoader {
    /// YAML that sets just `overrides` (nested sections, ready to paste into a scenario file).
    /// Keys inside lists cannot be written this way; they are returned separately.
    public static func fragment(_ overrides: [ConfigOverride]) -> (yaml: String, notWritten: [ConfigOverride]) {
        var node = ConfigNode.mapping([])
        var skipped: [ConfigOverride] = []
        for override in overrides {
            if override.path.contains(where: { Int($0) != nil }) {
                skipped.append(override)
                continue
            }
            do { try override.apply(to: &node) } catch { skipped.append(override) }
        }
        return (node.yaml, skipped)
    }
}
