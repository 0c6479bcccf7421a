import Foundation

/// Builds an RFC 4180 CSV document (comma separated, CRLF-free `\n` line ends, quotes only
/// where needed, `.` as decimal point) row by row into a byte buffer.
///
/// Numbers are written with a fixed number of decimals by integer arithmetic, so the text is
/// the same on every machine and locale. Non-finite numbers are written as `nan`, `inf`,
/// `-inf`.
public struct CSVWriter: Sendable {
    public let header: [String]
    public private(set) var bytes: [UInt8] = []
    private var fieldsInRow = 0
    public private(set) var rowCount = 0
    private var headerByteCount = 0

    public init(header: [String]) {
        precondition(!header.isEmpty, "a CSV needs at least one column")
        self.header = header
        bytes.reserveCapacity(4096)
        for name in header { text(name) }
        endRow()
        rowCount = 0
        headerByteCount = bytes.count
    }

    /// The rows written so far, without the header line (for appending to a file).
    public var rowBytes: ArraySlice<UInt8> { bytes[headerByteCount...] }

    /// Appends the rows of `other`, a writer with the same header (rows formatted on another
    /// core and joined in order).
    public mutating func appendRows(of other: CSVWriter) {
        precondition(other.header == header && fieldsInRow == 0, "appendRows needs the same header and a finished row")
        bytes.append(contentsOf: other.rowBytes)
        rowCount += other.rowCount
    }

    /// A text field, quoted when it contains a comma, quote or line break.
    public mutating func text(_ value: String) {
        separator()
        // Bytes, not Characters: the four specials are ASCII, so a UTF-8 scan finds the same
        // fields without grapheme breaking.
        var value = value
        value.withUTF8 { utf8 in
            if utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) {
                bytes.append(UInt8(ascii: "\""))
                for byte in utf8 {
                    if byte == UInt8(ascii: "\"") { bytes.append(byte) }
                    bytes.append(byte)
                }
                bytes.append(UInt8(ascii: "\""))
            } else {
                bytes.append(contentsOf: utf8)
            }
        }
    }

    public mutating func integer<I: BinaryInteger>(_ value: I) {
        separator()
        if let small = Int64(exactly: value) {
            NumberText.appendInteger(small, to: &bytes)
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    public mutating func bool(_ value: Bool) {
        separator()
        bytes.append(value ? UInt8(ascii: "1") : UInt8(ascii: "0"))
    }

    /// An empty field (a value that does not exist for this row).
    public mutating func empty() { separator() }

    /// A number with `decimals` digits after the point (0...12).
    public mutating func number(_ value: Double, decimals: Int) {
        separator()
        NumberText.appendFixed(value, decimals: decimals, to: &bytes)
    }

    /// An optional number: empty when `nil`.
    public mutating func number(_ value: Double?, decimals: Int) {
        if let value { number(value, decimals: decimals) } else { empty() }
    }

    /// A number in the shortest form that reads back as exactly the same `Double` (logs that
    /// must replay bit for bit).
    public mutating func exact(_ value: Double) {
        separator()
        bytes.append(contentsOf: value.description.utf8)
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
        bytes.append(UInt8(ascii: "\n"))
        fieldsInRow = 0
        rowCount += 1
    }

    public var string: String { String(decoding: bytes, as: UTF8.self) }

    private mutating func separator() {
        if fieldsInRow > 0 { bytes.append(UInt8(ascii: ",")) }
        fieldsInRow += 1
    }
}

/// Locale-independent fixed-point formatting.
public enum NumberText {
    static let powers: [Double] = (0...12).map { pow(10, Double($0)) }

    /// Appends `value` rounded half away from zero to `decimals` places, e.g. 1.5 → "1.50",
    /// −0.004 with 2 decimals → "0.00" (no negative zero).
    public static func appendFixed(_ value: Double, decimals: Int, to bytes: inout [UInt8]) {
        precondition((0...12).contains(decimals))
        guard value.isFinite else {
            bytes.append(contentsOf: (value.isNaN ? "nan" : value > 0 ? "inf" : "-inf").utf8)
            return
        }
        let scaled = (abs(value) * powers[decimals]).rounded()
        guard scaled < 9.0e18 else {
            bytes.append(contentsOf: "\(value)".utf8)
            return
        }
        if value < 0 && scaled > 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(UInt64(scaled), decimals: decimals, to: &bytes)
    }

    /// Appends `value` in decimal, e.g. −42 → "-42".
    public static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude, decimals: 0, to: &bytes)
    }

    /// The decimal digits of `units` with a point before the last `decimals` of them and at
    /// least one digit before the point, written into a stack buffer (no heap allocation: this
    /// runs for every number of every CSV row).
    @inline(__always)
    static func appendDigits(_ units: UInt64, decimals: Int, to bytes: inout [UInt8]) {
        // 20 digits of a UInt64, a point, and leading zeros up to 12 decimals.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 34) { digits in
            var units = units
            var position = digits.count
            var written = 0
            repeat {
                position -= 1
                digits[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: units % 10)
                units /= 10
                written += 1
                if written == decimals {
                    position -= 1
                    digits[position] = UInt8(ascii: ".")
                }
            } while units > 0 || written <= decimals  // at least one digit before the point
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[position...]))
        }
    }

    public static func fixed(_ value: Double, decimals: Int) -> String {
        var bytes: [UInt8] = []
        appendFixed(value, decimals: decimals, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
