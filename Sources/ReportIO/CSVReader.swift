import BundledFiles
import Foundation

/// A problem in a CSV file, naming file, row and column.
public struct CSVError: Error, CustomStringConvertible, Sendable, Equatable {
    public var file: String
    /// 1-based line number (the header is line 1); nil for file-level problems.
    public var line: Int?
    public var column: String?
    public var message: String

    public init(file: String, line: Int? = nil, column: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        var location = file
        if let line { location += ":\(line)" }
        if let column { location += " column \(column)" }
        return "\(location): \(message)"
    }
}

/// A small RFC 4180 reader: a header row, then records of the same width; quoted fields may
/// contain commas, doubled quotes and line breaks.
public struct CSVTable: Sendable {
    public let file: String
    public let header: [String]
    /// Records with the line each starts on.
    public let rows: [(line: Int, fields: [String])]

    /// Parses `text`; `delimiter` separates fields (one ASCII byte, `,` by default).
    public init(text: String, file: String, delimiter: UInt8 = UInt8(ascii: ",")) throws(CSVError) {
        self.file = file
        // One pass over the UTF-8 bytes with a reused field buffer: a session log has millions of
        // fields, and per-scalar String appends made reading 10× slower than the replay itself.
        var records: [(Int, [String])] = []
        var field: [UInt8] = [], record: [String] = [], inQuotes = false, line = 1, recordLine = 1
        let quote = UInt8(ascii: "\""), comma = delimiter, newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
        func endField() {
            record.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
        }
        func endRecord() {
            endField()
            if !(record.count == 1 && record[0].isEmpty) { records.append((recordLine, record)) }
            record = []
        }
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if inQuotes {
                    if byte == quote {
                        if index < bytes.count && bytes[index] == quote {
                            field.append(quote)
                            index += 1
                        } else {
                            inQuotes = false
                        }
                    } else {
                        if byte == newline { line += 1 }
                        field.append(byte)
                    }
                    continue
                }
                switch byte {
                case quote where field.isEmpty: inQuotes = true
                case comma: endField()
                case carriageReturn: continue
                case newline:
                    endRecord()
                    line += 1
                    recordLine = line
                default: field.append(byte)
                }
            }
        }
        if inQuotes { throw CSVError(file: file, line: recordLine, message: "unterminated quoted field") }
        if !field.isEmpty || !record.isEmpty { endRecord() }
        guard let first = records.first else { throw CSVError(file: file, message: "empty file (no header)") }
        header = first.1.map { $0.trimmingCharacters(in: .whitespaces) }
        var body: [(Int, [String])] = []
        for (recordLine, fields) in records.dropFirst() {
            guard fields.count == header.count else {
                throw CSVError(file: file, line: recordLine, message: "\(fields.count) fields, the header has \(header.count)")
            }
            body.append((recordLine, fields))
        }
        rows = body
    }

    public static func load(_ path: String, delimiter: UInt8 = UInt8(ascii: ",")) throws(CSVError) -> CSVTable {
        guard let data = ProjectFiles.contents(atPath: path) else { throw CSVError(file: path, message: ProjectFiles.unreadable(path)) }
        guard let text = String(data: data, encoding: .utf8) else { throw CSVError(file: path, message: "not UTF-8 text") }
        return try CSVTable(text: text, file: path, delimiter: delimiter)
    }

    /// Index of a required column.
    public func column(_ name: String) throws(CSVError) -> Int {
        guard let index = header.firstIndex(of: name) else {
            throw CSVError(
                file: file, line: 1,
                message: "missing column \(TextExcerpt.quoted(name)) (have: \(TextExcerpt.excerpt(header.joined(separator: ", "), limit: 160)))")
        }
        return index
    }

    /// A finite number from a row.
    public func number(_ row: (line: Int, fields: [String]), _ column: Int) throws(CSVError) -> Double {
        let raw = row.fields[column]
        let text = raw.first?.isWhitespace == true || raw.last?.isWhitespace == true ? raw.trimmingCharacters(in: .whitespaces) : raw
        guard let value = NumberText.decimal(text), value.isFinite else {
            throw CSVError(file: file, line: row.line, column: header[column], message: "\(TextExcerpt.quoted(text)) is not a finite number")
        }
        return value
    }
}
