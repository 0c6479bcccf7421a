import Capture
import Fusion

extension Scenario {
    /// Checks the plug-in parameters the scenario sets against what its selector and filter
    /// declared at registration, and fills in the defaults of those it does not set, so the
    /// resolved scenario lists every parameter the plug-ins read.
    ///
    /// - Throws: `ConfigError` at `selection.parameters.<name>` (or `fusion.…`) for a name the
    ///   plug-in does not declare (naming the ones it does) or a value outside the declared
    ///   range; `line` finds a key's line in the file.
    mutating func resolvePluginParameters(line: (_ section: String, _ name: String) -> Int?) throws(ConfigError) {
        let selector = selection.selector.rawValue, filter = fusion.filter.rawValue
        selection.parameters = try Self.resolve(
            selection.parameters, declared: SelectorRegistry.parameters(of: selector) ?? [], plugin: "selector '\(selector)'",
            section: "selection", line: line)
        fusion.parameters = try Self.resolve(
            fusion.parameters, declared: FilterRegistry.parameters(of: filter) ?? [], plugin: "filter '\(filter)'", section: "fusion",
            line: line)
    }

    private static func resolve(
        _ given: [String: Double], declared: [PluginParameter], plugin: String, section: String, line: (String, String) -> Int?
    ) throws(ConfigError) -> [String: Double] {
        for name in given.keys.sorted() where !declared.contains(where: { $0.name == name }) {
            let known = declared.isEmpty ? "it declares no parameters" : "its parameters: \(declared.map(\.name).joined(separator: ", "))"
            throw ConfigError(
                line: line(section, name), keyPath: "\(section).parameters.\(name)", message: "\(plugin) has no parameter '\(name)'; \(known)")
        }
        var resolved: [String: Double] = [:]
        for parameter in declared {
            let value = given[parameter.name] ?? parameter.defaultValue
            guard parameter.range.contains(value) else {
                let unit = parameter.unit.isEmpty ? "" : " \(parameter.unit)"
                throw ConfigError(
                    line: line(section, parameter.name), keyPath: "\(section).parameters.\(parameter.name)",
                    message:
                        "\(ConfigNumber.format(value)) is outside \(ConfigNumber.format(parameter.range.lowerBound))...\(ConfigNumber.format(parameter.range.upperBound))\(unit), the range \(plugin) declares"
                )
            }
            resolved[parameter.name] = value
        }
        return resolved
    }
}

extension Scenario {
    /// `fusion.parameters` for a command that runs several filters (`fusion --filters a,b`):
    /// each parameter in `given` must be declared by at least one of `filters` and lie within
    /// the range of every one that declares it; each filter reads the ones it declares and
    /// ignores the rest. Parameters some filter declares and `given` does not set get that
    /// filter's default (the first declaring filter's, in `filters` order).
    ///
    /// - Throws: `ConfigError` at `fusion.parameters.<name>` when no filter declares it (naming
    ///   what they do declare) or the value is outside a declaring filter's range.
    public static func fusionParameters(_ given: [String: Double], filters: [String]) throws(ConfigError) -> [String: Double] {
        let declared = filters.map { ($0, FilterRegistry.parameters(of: $0) ?? []) }
        for name in given.keys.sorted() {
            let declaring = declared.filter { $0.1.contains { $0.name == name } }
            guard !declaring.isEmpty else {
                let known = declared.flatMap { filter, parameters in parameters.map { "\($0.name) (\(filter))" } }
                throw ConfigError(
                    keyPath: "fusion.parameters.\(name)",
                    message:
                        "none of the filters \(filters.joined(separator: ", ")) declares '\(name)'; \(known.isEmpty ? "they declare no parameters" : "they declare: \(known.joined(separator: ", "))")"
                )
            }
            for (filter, parameters) in declaring {
                let parameter = parameters.first { $0.name == name }!
                guard parameter.range.contains(given[name]!) else {
                    let unit = parameter.unit.isEmpty ? "" : " \(parameter.unit)"
                    throw ConfigError(
                        keyPath: "fusion.parameters.\(name)",
                        message:
                            "\(ConfigNumber.format(given[name]!)) is outside \(ConfigNumber.format(parameter.range.lowerBound))...\(ConfigNumber.format(parameter.range.upperBound))\(unit), the range filter '\(filter)' declares"
                    )
                }
            }
        }
        var resolved = given
        for (_, parameters) in declared {
            for parameter in parameters where resolved[parameter.name] == nil { resolved[parameter.name] = parameter.defaultValue }
        }
        return resolved
    }
}

extension ScenarioLoader {
    /// The key reference's lines for every registered plug-in's parameters.
    static func pluginParameterKeys() -> [KeyDescription] {
        func keys(_ section: String, _ kind: String, _ names: [String], _ declared: (String) -> [PluginParameter]?) -> [KeyDescription] {
            names.flatMap { plugin in
                (declared(plugin) ?? []).map { parameter in
                    let unit = parameter.unit.isEmpty ? "" : " \(parameter.unit)"
                    return KeyDescription(
                        key: "\(section).parameters.\(parameter.name)",
                        type:
                            "number in \(ConfigNumber.format(parameter.range.lowerBound))...\(ConfigNumber.format(parameter.range.upperBound))\(unit)",
                        defaultValue: ConfigNumber.format(parameter.defaultValue), help: "\(kind) \(plugin): \(parameter.help)",
                        range: parameter.range)
                }
            }
        }
        return keys("selection", "selector", SelectorRegistry.names, SelectorRegistry.parameters(of:))
            + keys("fusion", "filter", FilterRegistry.names, FilterRegistry.parameters(of:))
    }

    /// The declaration of the plug-in parameter `key` (`selection.parameters.<name>` or
    /// `fusion.parameters.<name>`) by the selector or filter `scenario` uses; `nil` otherwise.
    public static func pluginParameter(_ key: String, in scenario: Scenario) -> PluginParameter? {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts[1] == "parameters" else { return nil }
        let declared: [PluginParameter]?
        switch parts[0] {
        case "selection": declared = SelectorRegistry.parameters(of: scenario.selection.selector.rawValue)
        case "fusion": declared = FilterRegistry.parameters(of: scenario.fusion.filter.rawValue)
        default: return nil
        }
        return declared?.first { $0.name == parts[2] }
    }
}
