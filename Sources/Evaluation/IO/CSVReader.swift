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

    public init(text: String, file: String) throws(CSVError) {
        self.file = file
        var records: [(Int, [String])] = []
        var field = "", record: [String] = [], inQuotes = false, line = 1, recordLine = 1
        var iterator = Array(text.unicodeScalars)[...]
        func endRecord() {
            record.append(field)
            field = ""
            if !(record.count == 1 && record[0].isEmpty) { records.append((recordLine, record)) }
            record = []
        }
        while let scalar = iterator.first {
            iterator = iterator.dropFirst()
            if inQuotes {
                if scalar == "\"" {
                    if iterator.first == "\"" {
                        field.unicodeScalars.append("\"")
                        iterator = iterator.dropFirst()
                    } else {
                        inQuotes = false
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty: inQuotes = true
            case ",": record.append(field); field = ""
            case "\r": continue
            case "\n":
                endRecord()
                line += 1
                recordLine = line
            default: field.unicodeScalars.append(scalar)
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

    public static func load(_ path: String) throws(CSVError) -> CSVTable {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CSVError(file: path, message: FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw CSVError(file: path, message: "not UTF-8 text") }
        return try CSVTable(text: text, file: path)
    }

    /// Index of a required column.
    public func column(_ name: String) throws(CSVError) -> Int {
        guard let index = header.firstIndex(of: name) else {
            throw CSVError(file: file, line: 1, message: "missing column '\(name)' (have: \(header.joined(separator: ", ")))")
        }
        return index
    }

    /// A finite number from a row.
    public func number(_ row: (line: Int, fields: [String]), _ column: Int) throws(CSVError) -> Double {
        let text = row.fields[column].trimmingCharacters(in: .whitespaces)
        guard let value = Double(text), value.isFinite else {
            throw CSVError(file: file, line: row.line, column: header[column], message: "'\(text)' is not a finite number")
        }
        return value
    }
}
