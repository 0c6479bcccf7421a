/// Fixed-width text tables for stdout and summary files: numbers right-aligned, text
/// left-aligned, at most `maximumWidth` characters wide when the table can be folded.
public enum TextTable {
    /// The widest a table is printed by default, in characters.
    public static let maximumWidth = 120

    /// The table of `header` and `rows` (each as many cells as `header`). A column is numeric,
    /// and right-aligned with its header, when every non-empty cell reads as a number ("0.93",
    /// "-11.25", "1.71 ± 0.96", "[+0.04, +0.37]", "<0.001", "–"); other columns are
    /// left-aligned. Wider than `maxWidth`, the table first folds headers of several words over
    /// lines (no narrower than their column's cells), then wraps the cells of its widest text
    /// column at spaces (no narrower than 16 characters or its longest word); a table that is still too wide (long
    /// words, many numbers) stays as it is.
    public static func render(header: [String], rows: [[String]], maxWidth: Int = maximumWidth) -> String {
        let count = header.count
        let numeric = (0..<count).map { column in
            let cells = rows.map { $0[column] }.filter { !$0.isEmpty }
            return !cells.isEmpty && cells.allSatisfy(isNumber)
        }
        var widths = (0..<count).map { column in rows.map { $0[column].count }.reduce(header[column].count, max) }
        func total() -> Int { widths.reduce(0, +) + 2 * max(count - 1, 0) }
        if total() > maxWidth {
            for column in 0..<count {
                let cells = rows.map { $0[column].count }.max() ?? 0
                let longestWord = header[column].split(separator: " ").map(\.count).max() ?? 0
                widths[column] = max(cells, longestWord)
            }
        }
        if total() > maxWidth, let widest = (0..<count).filter({ !numeric[$0] }).max(by: { widths[$0] < widths[$1] }) {
            // Never narrower than its longest word: a cell cannot wrap inside one (trial names).
            let longestWord = ([header[widest]] + rows.map { $0[widest] }).flatMap { $0.split(separator: " ").map(\.count) }.max() ?? 0
            widths[widest] = max(16, longestWord, widths[widest] - (total() - maxWidth))
        }
        func line(_ cells: [[String]]) -> [String] {
            let height = cells.map(\.count).max() ?? 1
            return (0..<height).map { index in
                cells.enumerated().map { column, lines in
                    let cell = index < lines.count ? lines[index] : ""
                    let pad = String(repeating: " ", count: max(0, widths[column] - cell.count))
                    return numeric[column] ? pad + cell : (column == count - 1 ? cell : cell + pad)
                }.joined(separator: "  ").trimmingTrailingSpaces()
            }
        }
        let headerLines = line(header.enumerated().map { wrapped($1, width: widths[$0]) })
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        let body = rows.flatMap { row in line(row.enumerated().map { wrapped($1, width: widths[$0]) }) }
        return (headerLines + [rule] + body).joined(separator: "\n") + "\n"
    }

    /// `text` broken at spaces into lines of at most `width` characters (a longer word keeps
    /// its own line).
    public static func wrapped(_ text: String, width: Int) -> [String] {
        guard text.count > width else { return [text] }
        var lines: [String] = [], current = ""
        for word in text.split(separator: " ") {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        return lines + [current]
    }

    /// Whether a cell reads as a number, a number with its spread or interval, or a missing one.
    static func isNumber(_ cell: String) -> Bool {
        if cell.isEmpty || cell == "–" || cell == "-" { return true }
        let allowed: Set<Character> = [".", ",", " ", "±", "+", "-", "−", "<", ">", "[", "]", "(", ")", "%", "e", "°"]
        return cell.contains { $0.isASCII && $0.isNumber } && cell.allSatisfy { ($0.isASCII && $0.isNumber) || allowed.contains($0) }
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
