import ConfigKit
import Foundation
import ReportIO

/// One `--arm NAME:key=value[,key=value…]` of `compare`: a name and the overrides the arm runs
/// with (none: the scenario as it is). A value may hold commas (`[1, 2]`): a piece without
/// `=` belongs to the value before it.
public struct ArmSpecification: Sendable, Equatable {
    public var name: String
    public var overrides: [String]

    /// Longest arm name: it heads a table column.
    public static let maximumNameLength = 40

    public init(name: String, overrides: [String]) {
        self.name = name
        self.overrides = overrides
    }

    public init(parsing text: String) throws(ExperimentError) {
        let name = String(text.prefix { $0 != ":" })
        guard !name.isEmpty else {
            throw ExperimentError("--arm \(TextExcerpt.quoted(text)): expected NAME:key=value[,key=value…], e.g. low:selection.threshold=4")
        }
        guard name.count <= Self.maximumNameLength,
            name.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || "-_.+".unicodeScalars.contains($0) })
        else {
            throw ExperimentError(
                "--arm \(TextExcerpt.quoted(text)): the name \(TextExcerpt.quoted(name)) must be letters, digits and - _ . + (at most \(Self.maximumNameLength))"
            )
        }
        var overrides: [String] = []
        let rest = text.dropFirst(name.count + (text.count > name.count ? 1 : 0))
        for piece in rest.split(separator: ",", omittingEmptySubsequences: false).map(String.init) where !rest.isEmpty {
            if piece.contains("=") || overrides.isEmpty {
                overrides.append(piece.trimmingCharacters(in: .whitespaces))
            } else {
                overrides[overrides.count - 1] += "," + piece
            }
        }
        for override in overrides {
            do { _ = try ConfigOverride(parsing: override) } catch {
                throw ExperimentError("--arm \(name): \(TextExcerpt.quoted(override)): \(error.message)")
            }
        }
        self.name = name
        self.overrides = overrides
    }
}
