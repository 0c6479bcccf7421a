import Foundation
import Fusion

/// A plug-in (filter or selector) that threw or broke its contract during one run: the run of
/// that seed ends here and gives no metrics.
///
///     selector 'lowest-blur' broke its contract on shaky-hands seed 3 at frame 17: slot 500 is not in 0..<72
public struct PluginFailure: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    public enum Kind: String, Sendable, Codable {
        case filter, selector
    }

    public var kind: Kind
    /// Registered name, or the type's name for a value.
    public var name: String
    /// Scenario (or session) name; `nil` when unknown.
    public var scenario: String?
    public var seed: UInt64?
    /// Where in the run: "t = 12.345 s", "frame 17" or "the end of the run".
    public var location: String
    /// The rule broken, or the message the plug-in threw.
    public var reason: String
    /// Whether the plug-in threw (`reason` is its message) or the harness found the breach.
    public var thrown: Bool

    public init(kind: Kind, name: String, scenario: String? = nil, seed: UInt64? = nil, location: String, reason: String, thrown: Bool) {
        self.kind = kind
        self.name = name
        self.scenario = scenario
        self.seed = seed
        self.location = location
        self.reason = reason
        self.thrown = thrown
    }

    /// The failure of `error`, which a plug-in threw (or a contract check raised) at `location`.
    public init(_ error: any Error, kind: Kind, name: String, scenario: String?, seed: UInt64?, location: String) {
        if let violation = error as? FilterContractViolation {
            self.init(kind: kind, name: name, scenario: scenario, seed: seed, location: location, reason: violation.rule, thrown: false)
        } else if let violation = error as? SelectorContractViolation {
            self.init(kind: kind, name: name, scenario: scenario, seed: seed, location: location, reason: violation.rule, thrown: false)
        } else {
            self.init(
                kind: kind, name: name, scenario: scenario, seed: seed, location: location, reason: Self.message(of: error), thrown: true)
        }
    }

    /// "shaky-hands seed 3", "seed 3", "shaky-hands" or "" for the run.
    public var run: String {
        [scenario, seed.map { "seed \($0)" }].compactMap { $0 }.joined(separator: " ")
    }

    public var description: String {
        let what = thrown ? "failed" : "broke its contract"
        let on = run.isEmpty ? "" : " on \(run)"
        return "\(kind.rawValue) '\(name)' \(what)\(on) at \(location): \(reason)"
    }

    /// What an error says of itself, on one line and at most `messageLimit` characters: a
    /// plug-in's message reaches terminals and CSV files.
    static func message(of error: any Error) -> String {
        let text = String(describing: error).unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}" ? " " : String(scalar)
        }.joined()
        guard text.count > messageLimit else { return text }
        return String(text.prefix(messageLimit)) + "… (\(text.count - messageLimit) more characters)"
    }

    /// Longest plug-in message kept, characters.
    static let messageLimit = 200

    /// "t = 12.345000 s".
    static func time(_ seconds: Double) -> String { "t = \(String(format: "%.6f", seconds)) s" }
}

/// A selector broke the `FrameSelector` contract (see its documentation): the first rule broken.
public struct SelectorContractViolation: Error, Sendable, Equatable, CustomStringConvertible {
    public var rule: String
    public init(_ rule: String) { self.rule = rule }
    public var description: String { rule }
}
