/// Text that goes into the pages OrbitBench writes (report.html, the spin viewer): the one
/// place HTML and inline-script escaping is done.
public enum HTMLText {
    /// `text` safe inside HTML content and quoted attribute values: `& < > " '` as entities,
    /// control characters other than newline and tab as numeric references.
    public static func escaped(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case _ where character.value < 0x20 && character != "\n" && character != "\t": escaped += "&#\(character.value);"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// JSON that is safe inside a `<script>` element: `<`, `>` and `&` (which occur in JSON only
    /// inside strings) become `\u003c`, `\u003e`, `\u0026`, so no `</script>` or `<!--` can end or
    /// change the element; U+2028 and U+2029 are escaped too. The text is still the same JSON.
    public static func scriptSafeJSON(_ json: String) -> String {
        var result = ""
        result.reserveCapacity(json.utf8.count)
        for character in json.unicodeScalars {
            switch character {
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
