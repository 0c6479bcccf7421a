import Foundation

/// A CSV file of numbers under a header row, parsed in one pass: values row-major, NaN for
/// empty fields. Bad rows (wrong field count, text that is not a number) are errors naming the
/// line and column.
struct NumericCSV {
    let file: String
    /// Column names (surrounding quotes and a leading `#` removed).
    let header: [String]
    /// 1-based line number of each data row in the file.
    var lines: [Int] = []
    var values: [Double] = []
    /// The column chosen by `exactColumn`, parsed as whole numbers when every value is one
    /// (nanosecond timestamps lose precision as doubles); `nil` otherwise.
    var exact: [Int64]?

    var rowCount: Int { lines.count }

    subscript(row: Int, column: Int) -> Double { values[row * header.count + column] }

    init(path: String, delimiter: UInt8 = UInt8(ascii: ","), exactColumn: ([String]) -> Int? = { _ in nil }) throws(RecordingError) {
        file = path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RecordingError(file: path, message: FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file")
        }
        let bytes = [UInt8](data)
        var lineStart = 0, lineNumber = 0
        var header: [String]?
        var fields: [Substring] = []
        var exactIndex: Int?
        var exact: [Int64]? = []
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            lineNumber += 1
            var contentEnd = lineEnd
            if contentEnd > lineStart && bytes[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
            defer { lineStart = lineEnd + 1 }
            guard contentEnd > lineStart else { continue }  // blank line
            let line = String(decoding: bytes[lineStart..<contentEnd], as: UTF8.self)
            fields = line.split(separator: Character(UnicodeScalar(delimiter)), omittingEmptySubsequences: false)
            guard let names = header else {
                header = fields.enumerated().map { index, field in
                    var name = field.trimmingCharacters(in: .whitespaces)
                    if index == 0 && name.hasPrefix("#") { name.removeFirst() }
                    return name.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")).trimmingCharacters(in: .whitespaces)
                }
                exactIndex = exactColumn(header!)
                continue
            }
            guard fields.count == names.count else {
                throw RecordingError(file: path, row: lineNumber, message: "\(fields.count) fields, the header has \(names.count)")
            }
            for (column, field) in fields.enumerated() {
                let text = field.trimmingCharacters(in: .whitespaces)
                if column == exactIndex, exact != nil {
                    if let whole = Int64(text) { exact!.append(whole) } else { exact = nil }
                }
                if text.isEmpty {
                    values.append(.nan)
                } else if let value = Double(text) {
                    values.append(value)
                } else {
                    throw RecordingError(file: path, row: lineNumber, column: names[column], message: "'\(text)' is not a number")
                }
            }
            lines.append(lineNumber)
        }
        guard let header else { throw RecordingError(file: path, message: "empty file") }
        self.header = header
        self.exact = exactIndex == nil ? nil : exact
    }

    /// Index of a column by name.
    func column(_ name: String) throws(RecordingError) -> Int {
        guard let index = header.firstIndex(of: name) else {
            throw RecordingError(file: file, column: name, message: "no such column (the header has \(header.joined(separator: ", ")))")
        }
        return index
    }
}
