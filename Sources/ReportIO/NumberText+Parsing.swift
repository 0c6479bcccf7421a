extension NumberText {
    /// A number written in decimal notation ("12", "-0.5", "1e-3", "+.5"), or "nan"/"inf" in
    /// any case with an optional sign; nil for anything else. Unlike `Double(_:)` it refuses
    /// hexadecimal floats ("0x1p3" is not 8 in a data file) and NaN payloads.
    public static func decimal(_ text: some StringProtocol) -> Double? {
        let isDecimal = text.utf8.allSatisfy { byte in
            (48...57).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        }
        if isDecimal { return Double(text) }
        var word = Substring(text).lowercased()[...]
        if word.first == "-" || word.first == "+" { word = word.dropFirst() }
        return ["nan", "inf", "infinity"].contains(word) ? Double(text) : nil
    }
}
