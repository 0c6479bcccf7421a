import OrbitBench

/// The text `orbitbench` prints on stderr when a command fails: the error on one line, at most
/// `maximumLength` characters, then — for an argument error — ArgumentParser's usage lines.
///
/// The error's own text comes from files as often as from code (a CSV field, a name, a path),
/// so its control characters are escaped, line breaks included (one error, one line), and a
/// longer line keeps its start, which names the file, and says how much was left out: one
/// error line was once 400 133 characters long.
enum ErrorLine {
    static let maximumLength = 300

    /// `message` is the error alone; `full` the same with ArgumentParser's prefix ("Error: ")
    /// and, for an argument error, the usage lines after it.
    static func printed(message: String, full: String) -> String {
        guard !message.isEmpty, let range = full.range(of: message) else { return lines(full) }
        let first = capped(TextExcerpt.escaped(String(full[..<range.lowerBound]) + message))
        var rest = full[range.upperBound...]
        if rest.first == "\n" { rest = rest.dropFirst() }
        return rest.isEmpty ? first : first + "\n" + lines(String(rest))
    }

    /// Every line of `text` escaped and capped (ArgumentParser's own usage text).
    static func lines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { capped(TextExcerpt.escaped(String($0))) }.joined(separator: "\n")
    }

    /// `line` when it has at most `maximumLength` characters; else its start and
    /// "… (N more characters)", `maximumLength` characters in all at most.
    static func capped(_ line: String) -> String {
        guard line.count > maximumLength else { return line }
        let kept = maximumLength - "… (\(line.count) more characters)".count
        return String(line.prefix(kept)) + "… (\(line.count - kept) more characters)"
    }
}
