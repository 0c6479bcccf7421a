import Foundation
import OrbitBench

/// One line of `orbitbench bench`'s report: a piece of work, its figure, what that figure is
/// compared with in the same run, and the ratio between them. `docs/performance.md` is these
/// rows as a table (`BenchmarkRow.markdownTable`).
public struct BenchmarkRow: Sendable, Equatable {
    /// The work measured, in words.
    public var what: String
    /// Its figure with unit ("4.48 ms", "56.6 ns", "35 MB").
    public var figure: String
    /// The figure it is held against, measured in the same run ("" when none).
    public var reference: String
    /// figure / reference, or the share it names ("" when none).
    public var ratio: String
    /// The command that reproduces it.
    public var command: String

    public init(what: String, figure: String, reference: String = "", ratio: String = "", command: String = "orbitbench bench") {
        self.what = what
        self.figure = figure
        self.reference = reference
        self.ratio = ratio
        self.command = command
    }

    /// The row as one line of plain text.
    public var line: String {
        var text = "\(what): \(figure)"
        if !reference.isEmpty { text += " against \(reference)" }
        if !ratio.isEmpty { text += " = \(ratio)" }
        return text
    }

    /// The rows as a markdown table with the columns what, figure, reference, ratio, command.
    public static func markdownTable(_ rows: [BenchmarkRow]) -> String {
        func cell(_ text: String) -> String { text.isEmpty ? "–" : text }
        return MarkdownTable.render(
            header: ["what", "figure", "reference", "ratio", "command"],
            rows: rows.map { [cell($0.what), cell($0.figure), cell($0.reference), cell($0.ratio), "`\($0.command)`"] })
    }
}

extension BenchmarkRow {
    static func ms(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
    static func ns(_ seconds: Double) -> String { String(format: "%.1f ns", seconds * 1e9) }
    static func times(_ ratio: Double) -> String { String(format: "%.2f×", ratio) }
}
