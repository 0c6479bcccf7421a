import Foundation

/// Factories by name, in registration order, safe to use from several threads: the storage
/// behind `FilterRegistry` and `SelectorRegistry`.
public final class NamedFactories<Input, Product>: @unchecked Sendable {
    public typealias Factory = @Sendable (Input) -> Product

    /// "filter" or "selector", for messages.
    public let kind: String
    private let builtIn: [String]
    private let lock = NSLock()
    private var entries: [Entry] = []

    private struct Entry {
        var name: String
        var summary: String
        var parameters: [PluginParameter]
        var make: Factory
    }

    public init(kind: String, builtIn: [String]) {
        self.kind = kind
        self.builtIn = builtIn
    }

    /// Adds `make` under `name`, with the parameters it reads.
    ///
    /// - Throws: `RegistrationError` when the name is empty, longer than 64 characters, has
    ///   characters other than a–z, 0–9, `-` and `_` (it is typed in YAML and on command lines),
    ///   is a built-in name or is taken; when the summary is not one line; when a parameter is
    ///   declared twice or badly (see `PluginParameter`).
    public func register(_ name: String, summary: String, parameters: [PluginParameter] = [], make: @escaping Factory) throws(RegistrationError) {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-_")
        guard !name.isEmpty, name.count <= 64, name.allSatisfy(allowed.contains) else {
            throw RegistrationError("\(kind) name '\(name)' must be 1–64 characters of a–z, 0–9, '-' and '_'")
        }
        guard !builtIn.contains(name) else { throw RegistrationError("'\(name)' is a built-in \(kind); choose another name") }
        guard !summary.contains(where: \.isNewline), summary.count <= 200 else {
            throw RegistrationError("\(kind) '\(name)': the summary must be one line of at most 200 characters")
        }
        var seen = Set<String>()
        for parameter in parameters {
            if let problem = parameter.problem(kind: kind, plugin: name) { throw RegistrationError(problem) }
            guard seen.insert(parameter.name).inserted else {
                throw RegistrationError("\(kind) '\(name)': parameter '\(parameter.name)' is declared twice")
            }
        }
        lock.lock()
        defer { lock.unlock() }
        guard !entries.contains(where: { $0.name == name }) else { throw RegistrationError("\(kind) '\(name)' is already registered") }
        entries.append(Entry(name: name, summary: summary, parameters: parameters, make: make))
    }

    public func unregister(_ name: String) {
        lock.lock()
        defer { lock.unlock() }
        entries.removeAll { $0.name == name }
    }

    /// Registered names, in registration order.
    public var names: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries.map(\.name)
    }

    public func contains(_ name: String) -> Bool { entry(name) != nil }

    public func summary(of name: String) -> String? { entry(name)?.summary }

    /// The parameters `name` declared; `nil` for a name that is not registered.
    public func parameters(of name: String) -> [PluginParameter]? { entry(name)?.parameters }

    /// A fresh product of the factory registered as `name`.
    public func make(_ name: String, _ input: Input) -> Product? { entry(name)?.make(input) }

    private func entry(_ name: String) -> Entry? {
        lock.lock()
        defer { lock.unlock() }
        return entries.first { $0.name == name }
    }
}

/// Why a plug-in could not be registered, as one line.
public struct RegistrationError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
