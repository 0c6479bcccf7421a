/// Markdown (GitHub) tables of what the console tables show, for summaries a CI job or a page
/// pastes: the docs' generated blocks are these, as the tool writes them.
public enum MarkdownTable {
    /// A table of `header` and `rows` (each as many cells as `header`). Cells are made safe for
    /// one table cell: `|` escaped, line breaks as spaces, `<`, `>` and `&` as entities (a name
    /// from a file cannot open an HTML tag where the markdown is rendered), and `*` escaped
    /// outside backquoted code when `literal` (a cell's own asterisk marks, not emphasis).
    public static func render(header: [String], rows: [[String]], literal: Bool = false) -> String {
        let lines =
            [header.map { cell($0, literal: literal) }, Array(repeating: "---", count: header.count)]
            + rows.map { $0.map { cell($0, literal: literal) } }
        return lines.map { "| " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n") + "\n"
    }

    /// One cell's text, safe inside a table row.
    public static func cell(_ text: String, literal: Bool = false) -> String {
        var out = ""
        var inCode = false
        for character in text {
            switch character {
            case "`":
                inCode.toggle()
                out.append(character)
            case "|": out += "\\|"
            case "\n", "\r": out += " "
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "*" where literal && !inCode: out += "\\*"
            default: out.append(character)
            }
        }
        return out.isEmpty ? " " : out
    }
}
