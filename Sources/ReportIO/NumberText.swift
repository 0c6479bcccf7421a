import Foundation

/// Locale-independent fixed-point formatting.
public enum NumberText {
    static let powers: [Double] = (0...12).map { pow(10, Double($0)) }

    /// Most bytes `writeFixed` and `writeInteger` write: a sign, 20 digits of a UInt64, a
    /// point, and leading zeros up to 12 decimals (a Double's description, at most 24, is
    /// shorter).
    static let longest = 35

    /// Appends `value` rounded half away from zero to `decimals` places, e.g. 1.5 → "1.50",
    /// −0.004 with 2 decimals → "0.00" (no negative zero).
    public static func appendFixed(_ value: Double, decimals: Int, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longest) { buffer in
            let count = writeFixed(value, decimals: decimals, into: buffer.baseAddress!)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Appends `value` in decimal, e.g. −42 → "-42".
    public static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longest) { buffer in
            let count = writeInteger(value, into: buffer.baseAddress!)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    public static func fixed(_ value: Double, decimals: Int) -> String {
        var bytes: [UInt8] = []
        appendFixed(value, decimals: decimals, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `value` as `appendFixed` does into `destination` (room for `longest` bytes) and
    /// returns how many bytes it wrote. When |value|·10^decimals reaches 9·10¹⁸ (too many
    /// digits for a UInt64) it writes `"\(value)"` instead.
    @inline(__always)
    static func writeFixed(_ value: Double, decimals: Int, into destination: UnsafeMutablePointer<UInt8>) -> Int {
        precondition((0...12).contains(decimals))
        guard value.isFinite else {
            let text: StaticString = value.isNaN ? "nan" : value > 0 ? "inf" : "-inf"
            destination.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
            return text.utf8CodeUnitCount
        }
        let scaled = (abs(value) * powers[decimals]).rounded()
        guard scaled < 9.0e18 else {
            let description = Array("\(value)".utf8)
            destination.update(from: description, count: description.count)
            return description.count
        }
        let negative = value < 0 && scaled > 0
        if negative { destination.pointee = UInt8(ascii: "-") }
        return (negative ? 1 : 0) + writeDigits(UInt64(scaled), decimals: decimals, into: negative ? destination + 1 : destination)
    }

    /// Writes `value` in decimal into `destination` (room for `longest` bytes); returns the count.
    @inline(__always)
    static func writeInteger(_ value: Int64, into destination: UnsafeMutablePointer<UInt8>) -> Int {
        if value < 0 { destination.pointee = UInt8(ascii: "-") }
        return (value < 0 ? 1 : 0) + writeDigits(value.magnitude, decimals: 0, into: value < 0 ? destination + 1 : destination)
    }

    /// The decimal digits of `units` with a point before the last `decimals` of them and at
    /// least one digit before the point, written straight into `destination` from the end
    /// backwards (this runs for every number of every CSV row, so nothing is copied twice).
    @inline(__always)
    static func writeDigits(_ units: UInt64, decimals: Int, into destination: UnsafeMutablePointer<UInt8>) -> Int {
        var digitCount = 1
        var rest = units / 10
        while rest > 0 {
            digitCount += 1
            rest /= 10
        }
        digitCount = max(digitCount, decimals + 1)  // "0.05", not ".05"
        let count = digitCount + (decimals > 0 ? 1 : 0)
        var units = units
        var position = count
        for written in 0..<digitCount {
            if written == decimals && decimals > 0 {
                position -= 1
                destination[position] = UInt8(ascii: ".")
            }
            position -= 1
            destination[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: units % 10)
            units /= 10
        }
        return count
    }
}
