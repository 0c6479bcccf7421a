/// A command's summary — lines of text and tables — as it is printed (fixed-width tables,
/// `TextTable`) and as the report's Markdown file (`MarkdownTable`), from one description so
/// the two cannot say different things.
public struct ConsoleDocument: Sendable {
    public enum Part: Sendable {
        case line(String)
        case table(header: [String], rows: [[String]])
        /// A section's start: `markdown` as a heading in the Markdown file (what a page quotes
        /// it by), `console` as a line when printed (nil: not printed).
        case heading(markdown: String, console: String?)
    }

    public var parts: [Part] = []

    public init() {}

    public mutating func line(_ text: String) { parts.append(.line(text)) }

    public mutating func table(header: [String], rows: [[String]]) { parts.append(.table(header: header, rows: rows)) }

    public mutating func heading(_ markdown: String, console: String? = nil) { parts.append(.heading(markdown: markdown, console: console)) }

    /// As printed: each line, each table laid out in fixed-width columns.
    public var text: String {
        parts.map { part in
            switch part {
            case .line(let text): text + "\n"
            case .table(let header, let rows): TextTable.render(header: header, rows: rows)
            case .heading(_, let console): console.map { $0 + "\n" } ?? ""
            }
        }.joined()
    }

    /// As Markdown: each line a paragraph, each table a Markdown table.
    public var markdown: String {
        parts.map { part in
            switch part {
            case .line(let text): text.isEmpty ? "" : text + "\n\n"
            case .table(let header, let rows): MarkdownTable.render(header: header, rows: rows) + "\n"
            case .heading(let markdown, _): "## \(markdown)\n\n"
            }
        }.joined()
    }
}
