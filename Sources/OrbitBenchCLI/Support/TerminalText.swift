/// Text from files (image names, column names, paths) made safe to print: control characters
/// (ESC, BEL, carriage return, …) would otherwise reach the terminal and act on it.
enum TerminalText {
    /// Every C0/C1 control character and DEL except tab as `\u{…}`.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value != 0x09 && (value < 0x20 || (0x7F...0x9F).contains(value)) {
                result += "\\u{\(String(value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
