/// A problem in a scenario file: where (file, line, key path) and what.
public struct ConfigError: Error, CustomStringConvertible, Sendable, Equatable {
    public var file: String?
    public var line: Int?
    /// Dotted key path, e.g. "orbit.radius_m" or "orbit.reversals[1].at_deg"; empty for the
    /// document itself.
    public var keyPath: String
    public var message: String

    public init(file: String? = nil, line: Int? = nil, keyPath: String, message: String) {
        self.file = file
        self.line = line
        self.keyPath = keyPath
        self.message = message
    }

    /// One line: `file:line: key.path: message`.
    public var description: String {
        var location = file ?? "<scenario>"
        if let line { location += ":\(line)" }
        return keyPath.isEmpty ? "\(location): \(message)" : "\(location): \(keyPath): \(message)"
    }

    public func inFile(_ file: String) -> ConfigError {
        var copy = self
        copy.file = file
        return copy
    }
}

/// A key path while walking the tree; renders as "a.b[2].c".
public struct ConfigPath: Sendable, CustomStringConvertible {
    private var components: [String] = []

    public init() {}

    public func appending(_ key: String) -> ConfigPath {
        var copy = self
        copy.components.append(key)
        return copy
    }

    public func appending(index: Int) -> ConfigPath {
        var copy = self
        if let last = copy.components.popLast() {
            copy.components.append("\(last)[\(index)]")
        } else {
            copy.components.append("[\(index)]")
        }
        return copy
    }

    public var description: String { components.joined(separator: ".") }

    func error(_ message: String, at node: ConfigNode?) -> ConfigError {
        ConfigError(line: node?.line, keyPath: description, message: message)
    }
}
