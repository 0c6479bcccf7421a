/// Text from a file (a CSV field, a name, a line of someone's output) as it is quoted in a
/// one-line message: control characters written as `\u{…}`, and at most `limit` characters,
/// a longer text cut with the number left out. A message stays one short line whatever the
/// file holds (one field of 400 000 characters once made a 400 000-character error line).
public enum TextExcerpt {
    /// The start of `text`, at most `limit` characters (Unicode scalars) of it, control
    /// characters but tab escaped, then "… (N more characters)" when something was left out.
    public static func excerpt(_ text: String, limit: Int = 60) -> String {
        let (head, left) = cut(text, limit: limit)
        return head + note(left)
    }

    /// `excerpt` with the kept part between single quotes: `'12,5'`, `'abc…' (7 more characters)`.
    public static func quoted(_ text: String, limit: Int = 60) -> String {
        let (head, left) = cut(text, limit: limit)
        return left > 0 ? "'\(head)…'\(note(left).dropFirst())" : "'\(head)'"
    }

    /// All of `text`, control characters but tab escaped (a line printed in full).
    package static func escaped(_ text: String) -> String { excerpt(text, limit: .max) }

    /// The escaped first `limit` scalars and how many scalars were left out.
    static func cut(_ text: String, limit: Int) -> (head: String, left: Int) {
        var head = ""
        var kept = 0
        for scalar in text.unicodeScalars {
            guard kept < max(0, limit) else { break }
            kept += 1
            if OutputPath.isControl(scalar) && scalar != "\t" {
                head += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                head.unicodeScalars.append(scalar)
            }
        }
        return (head, kept < max(0, limit) ? 0 : text.unicodeScalars.count - kept)
    }

    static func note(_ left: Int) -> String { left > 0 ? "… (\(left) more characters)" : "" }
}
