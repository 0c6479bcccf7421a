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
    @usableFromInline private(set) var byteCount = 0
    private var fieldsInRow = 0
    public private(set) var rowCount = 0
    @usableFromInline private(set) var headerByteCount = 0

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
        write(atMost: rows.count) { UnsafeMutableBufferPointer(start: $0, count: rows.count).update(fromContentsOf: rows) }
        rowCount += other.rowCount
    }

    /// A text field, quoted when it contains a comma, quote or line break.
    public mutating func text(_ value: String) {
        // Bytes, not Characters: the four specials are ASCII, so a UTF-8 scan finds the same
        // fields without grapheme breaking.
        var value = value
        value.withUTF8 { utf8 in
            // Room for two quotes and every byte doubled.
            field(atMost: 2 + 2 * utf8.count) { destination in
                let quoted = utf8.contains {
                    $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r")
                }
                var count = 0
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
        if let small = Int64(exactly: value) { integer(small) } else { field(Array(String(value).utf8)) }
    }

    /// An integer (the common case of `integer(_:)`, without generic dispatch).
    public mutating func integer(_ value: Int64) {
        field(atMost: NumberText.longest) { NumberText.writeInteger(value, into: $0) }
    }

    public mutating func integer(_ value: Int) { integer(Int64(value)) }

    public mutating func integer(_ value: UInt64) {
        field(atMost: NumberText.longest) { NumberText.writeDigits(value, decimals: 0, into: $0) }
    }

    public mutating func bool(_ value: Bool) {
        field(atMost: 1) { destination in
            destination.pointee = value ? UInt8(ascii: "1") : UInt8(ascii: "0")
            return 1
        }
    }

    /// An empty field (a value that does not exist for this row).
    public mutating func empty() { field(atMost: 0) { _ in 0 } }

    /// A number with `decimals` digits after the point (0...12).
    public mutating func number(_ value: Double, decimals: Int) {
        field(atMost: NumberText.longest) { NumberText.writeFixed(value, decimals: decimals, into: $0) }
    }

    /// An optional number: empty when `nil`.
    public mutating func number(_ value: Double?, decimals: Int) {
        if let value { number(value, decimals: decimals) } else { empty() }
    }

    /// A number in the shortest form that reads back as exactly the same `Double` (logs that
    /// must replay bit for bit).
    public mutating func exact(_ value: Double) { field(Array(value.description.utf8)) }

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

    /// Starts the next field of the row: its comma (after the first), then whatever `body`
    /// writes, at most `maximum` bytes, returning how many.
    @inline(__always)
    private mutating func field(atMost maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        fieldsInRow += 1
        let separator = fieldsInRow > 1 ? 1 : 0
        write(atMost: separator + maximum) { destination in
            if separator > 0 { destination.pointee = UInt8(ascii: ",") }
            return separator + body(destination + separator)
        }
    }

    /// A field of ready-made bytes.
    private mutating func field(_ bytes: [UInt8]) {
        field(atMost: bytes.count) { UnsafeMutableBufferPointer(start: $0, count: bytes.count).update(fromContentsOf: bytes) }
    }

    /// Makes room for `bytes` more bytes at once (a hint: writing more still works).
    @usableFromInline mutating func reserveRoom(bytes: Int) {
        let needed = byteCount + bytes
        if storage.count < needed { storage.append(contentsOf: repeatElement(0, count: needed - storage.count)) }
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
