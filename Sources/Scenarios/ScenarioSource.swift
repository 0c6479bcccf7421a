import Foundation

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
        return keyReference().first { $0.key == normalized && ($0.type.hasPrefix("number") || $0.type.hasPrefix("integer")) }
    }
}
