import Foundation
import ReportIO

/// A CSV file of numbers under a header row: values row-major, NaN for empty fields. Read with
/// the one CSV reader (`CSVTable`); bad rows (wrong field count, text that is not a number) are
/// `RecordingError`s naming the line and column.
struct NumericCSV {
    let file: String
    /// Column names (surrounding quotes and spaces and a leading `#` removed).
    let header: [String]
    /// 1-based line number of each data row in the file.
    var lines: [Int] = []
    var values: [Double] = []
    /// The column chosen by `exactColumn`, parsed as whole numbers when every value is one
    /// (nanosecond timestamps lose precision as doubles); `nil` otherwise.
    var exact: [Int64]?

    var rowCount: Int { lines.count }

    subscript(row: Int, column: Int) -> Double { values[row * header.count + column] }

    /// Time of `row` since row 0 in the file's unit: from the exact integers when the column
    /// has them (nanoseconds since the epoch exceed a double's 53 bits), falling back to doubles
    /// where the integer difference would overflow (−9e18 to 9e18).
    func elapsed(_ row: Int, column: Int) -> Double {
        if let exact {
            let (difference, overflow) = exact[row].subtractingReportingOverflow(exact[0])
            return overflow ? Double(exact[row]) - Double(exact[0]) : Double(difference)
        }
        return self[row, column] - self[0, column]
    }

    init(path: String, delimiter: UInt8 = UInt8(ascii: ","), exactColumn: ([String]) -> Int? = { _ in nil }) throws(RecordingError) {
        file = path
        let table: CSVTable
        do {
            table = try CSVTable.load(path, delimiter: delimiter)
        } catch {
            throw RecordingError(file: path, row: error.line, column: error.column, message: error.message)
        }
        let header = table.header.enumerated().map { index, field in
            var name = field.trimmingCharacters(in: .whitespaces)
            if index == 0 && name.hasPrefix("#") { name.removeFirst() }
            return name.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")).trimmingCharacters(in: .whitespaces)
        }
        self.header = header
        let exactIndex = exactColumn(header)
        var exact: [Int64]? = exactIndex == nil ? nil : []
        values.reserveCapacity(table.rows.count * header.count)
        lines.reserveCapacity(table.rows.count)
        for row in table.rows {
            for (column, field) in row.fields.enumerated() {
                let text = field.first?.isWhitespace == true || field.last?.isWhitespace == true ? field.trimmingCharacters(in: .whitespaces) : field
                if column == exactIndex, exact != nil {
                    if let whole = Int64(text) { exact!.append(whole) } else { exact = nil }
                }
                if text.isEmpty {
                    values.append(.nan)
                } else if let value = NumberText.decimal(text) {
                    values.append(value)
                } else {
                    throw RecordingError(file: path, row: row.line, column: header[column], message: "\(TextExcerpt.quoted(text)) is not a number")
                }
            }
            lines.append(row.line)
        }
        self.exact = exact
    }

    /// Index of a column by name.
    func column(_ name: String) throws(RecordingError) -> Int {
        guard let index = header.firstIndex(of: name) else {
            throw RecordingError(
                file: file, column: name,
                message: "no such column (the header has \(TextExcerpt.excerpt(header.joined(separator: ", "), limit: 160)))")
        }
        return index
    }
}
