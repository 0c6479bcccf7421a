import Foundation

/// Builds an RFC 4180 CSV document (comma separated, CRLF-free `\n` line ends, quotes only
/// where needed, `.` as decimal point) row by row into a byte buffer.
///
/// Numbers are written with a fixed number of decimals by integer arithmetic, so the text is
/// the same on every machine and locale. Non-finite numbers are written as `nan`, `inf`,
/// `-inf`.
public struct CSVWriter: Sendable {
    public let header: [String]
    /// The document so far is `storage[..<byteCount]`; the rest is room that fields are
    /// formatted into directly (a number costs no intermediate buffer or array append).
    private var storage: [UInt8] = []
    private var byteCount = 0
    private var fieldsInRow = 0
    public private(set) var rowCount = 0
    private var headerByteCount = 0

    public init(header: [String]) {
        precondition(!header.isEmpty, "a CSV needs at least one column")
        self.header = header
        storage = [UInt8](repeating: 0, count: 4096)
        for name in header { text(name) }
        endRow()
        rowCount = 0
        headerByteCount = byteCount
    }

    /// The document: the header line and every finished row.
    public var bytes: [UInt8] { Array(storage[..<byteCount]) }

    /// The rows written so far, without the header line (for appending to a file).
    public var rowBytes: ArraySlice<UInt8> { storage[headerByteCount..<byteCount] }

    /// Appends the rows of `other`, a writer with the same header (rows formatted on another
    /// core and joined in order).
    public mutating func appendRows(of other: CSVWriter) {
        precondition(other.header == header && fieldsInRow == 0, "appendRows needs the same header and a finished row")
        let rows = other.rowBytes
        write(atMost: rows.count) { destination in
            rows.withUnsafeBufferPointer { destination.update(from: $0.baseAddress!, count: $0.count) }
            return rows.count
        }
        rowCount += other.rowCount
    }

    /// A text field, quoted when it contains a comma, quote or line break.
    public mutating func text(_ value: String) {
        let separator = nextSeparator()
        // Bytes, not Characters: the four specials are ASCII, so a UTF-8 scan finds the same
        // fields without grapheme breaking.
        var value = value
        value.withUTF8 { utf8 in
            // Room for the separator, two quotes and every byte doubled.
            write(atMost: 3 + 2 * utf8.count) { destination in
                var count = separator.write(into: destination)
                let quoted = utf8.contains {
                    $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r")
                }
                if quoted {
                    destination[count] = UInt8(ascii: "\"")
                    count += 1
                }
                for byte in utf8 {
                    if quoted && byte == UInt8(ascii: "\"") {
                        destination[count] = byte
                        count += 1
                    }
                    destination[count] = byte
                    count += 1
                }
                if quoted {
                    destination[count] = UInt8(ascii: "\"")
                    count += 1
                }
                return count
            }
        }
    }

    public mutating func integer<I: BinaryInteger>(_ value: I) {
        if let small = Int64(exactly: value) {
            integer(small)
        } else {
            let separator = nextSeparator()
            let digits = Array(String(value).utf8)
            write(atMost: 1 + digits.count) { destination in
                let count = separator.write(into: destination)
                digits.withUnsafeBufferPointer { (destination + count).update(from: $0.baseAddress!, count: $0.count) }
                return count + digits.count
            }
        }
    }

    /// An integer (the common case of `integer(_:)`, without generic dispatch).
    public mutating func integer(_ value: Int64) {
        let separator = nextSeparator()
        write(atMost: 1 + NumberText.longest) { destination in
            let count = separator.write(into: destination)
            return count + NumberText.writeInteger(value, into: destination + count)
        }
    }

    public mutating func integer(_ value: Int) { integer(Int64(value)) }

    public mutating func integer(_ value: UInt64) {
        let separator = nextSeparator()
        write(atMost: 1 + NumberText.longest) { destination in
            let count = separator.write(into: destination)
            return count + NumberText.writeDigits(value, decimals: 0, into: destination + count)
        }
    }

    public mutating func bool(_ value: Bool) {
        let separator = nextSeparator()
        write(atMost: 2) { destination in
            let count = separator.write(into: destination)
            destination[count] = value ? UInt8(ascii: "1") : UInt8(ascii: "0")
            return count + 1
        }
    }

    /// An empty field (a value that does not exist for this row).
    public mutating func empty() {
        let separator = nextSeparator()
        write(atMost: 1) { separator.write(into: $0) }
    }

    /// A number with `decimals` digits after the point (0...12).
    public mutating func number(_ value: Double, decimals: Int) {
        let separator = nextSeparator()
        var fits = true
        write(atMost: 1 + NumberText.longest) { destination in
            let count = separator.write(into: destination)
            guard let digits = NumberText.writeFixed(value, decimals: decimals, into: destination + count) else {
                fits = false
                return count
            }
            return count + digits
        }
        if !fits { raw(Array("\(value)".utf8)) }
    }

    /// An optional number: empty when `nil`.
    public mutating func number(_ value: Double?, decimals: Int) {
        if let value { number(value, decimals: decimals) } else { empty() }
    }

    /// A number in the shortest form that reads back as exactly the same `Double` (logs that
    /// must replay bit for bit).
    public mutating func exact(_ value: Double) {
        let separator = nextSeparator()
        write(atMost: 1) { separator.write(into: $0) }
        raw(Array(value.description.utf8))
    }

    /// A time in seconds (9 decimals, i.e. nanoseconds) followed by the same time as an integer
    /// nanosecond count.
    /// Beyond ±9.2e9 s the nanosecond count does not fit an Int64 and that field stays empty.
    public mutating func time(_ seconds: Double) {
        number(seconds, decimals: 9)
        let nanoseconds = (seconds * 1e9).rounded()
        if nanoseconds.magnitude < 9.2e18 { integer(Int64(nanoseconds)) } else { empty() }
    }

    /// Ends the current row; it must have exactly one field per column.
    public mutating func endRow() {
        precondition(fieldsInRow == header.count, "CSV row has \(fieldsInRow) fields, header has \(header.count)")
        write(atMost: 1) { destination in
            destination.pointee = UInt8(ascii: "\n")
            return 1
        }
        fieldsInRow = 0
        rowCount += 1
    }

    public var string: String { String(decoding: storage[..<byteCount], as: UTF8.self) }

    /// Whether the field about to be written follows another in its row.
    private struct Separator {
        let comma: Bool

        @inline(__always)
        func write(into destination: UnsafeMutablePointer<UInt8>) -> Int {
            if comma { destination.pointee = UInt8(ascii: ",") }
            return comma ? 1 : 0
        }
    }

    private mutating func nextSeparator() -> Separator {
        fieldsInRow += 1
        return Separator(comma: fieldsInRow > 1)
    }

    /// Bytes of a field whose separator is already written.
    private mutating func raw(_ field: [UInt8]) {
        write(atMost: field.count) { destination in
            field.withUnsafeBufferPointer { destination.update(from: $0.baseAddress!, count: $0.count) }
            return field.count
        }
    }

    /// Lets `body` write at most `maximum` bytes at the end of the document; it returns how
    /// many it wrote.
    @inline(__always)
    private mutating func write(atMost maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if storage.count - byteCount < maximum {
            storage.append(contentsOf: repeatElement(0, count: max(byteCount + maximum, 2 * storage.count) - storage.count))
        }
        let start = byteCount
        byteCount += storage.withUnsafeMutableBufferPointer { body($0.baseAddress! + start) }
    }
}
