/// Locale-independent fixed-point formatting.
public enum NumberText {
    /// "00", "01", … "99": two digits per division when writing a number.
    private static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

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
        let scale = powerOfTen(decimals)
        let scaled = (abs(value) * Double(scale)).rounded()
        guard scaled < 9.0e18 else {
            let description = Array("\(value)".utf8)
            destination.update(from: description, count: description.count)
            return description.count
        }
        let negative = value < 0 && scaled > 0
        if negative { destination.pointee = UInt8(ascii: "-") }
        return (negative ? 1 : 0)
            + writeDigits(UInt64(scaled), decimals: decimals, scale: scale, into: negative ? destination + 1 : destination)
    }

    /// Writes `value` in decimal into `destination` (room for `longest` bytes); returns the count.
    @inline(__always)
    static func writeInteger(_ value: Int64, into destination: UnsafeMutablePointer<UInt8>) -> Int {
        if value < 0 { destination.pointee = UInt8(ascii: "-") }
        return (value < 0 ? 1 : 0) + writeDigits(value.magnitude, decimals: 0, into: value < 0 ? destination + 1 : destination)
    }

    /// The decimal digits of `units` with a point before the last `decimals` of them and at
    /// least one digit before the point, written straight into `destination` from the end
    /// backwards, two digits per division (this runs for every number of every CSV row, so
    /// nothing is copied twice).
    @inline(__always)
    static func writeDigits(_ units: UInt64, decimals: Int, into destination: UnsafeMutablePointer<UInt8>) -> Int {
        writeDigits(units, decimals: decimals, scale: powerOfTen(decimals), into: destination)
    }

    /// `writeDigits(_:decimals:into:)` with `scale` = 10^decimals already known.
    @inline(__always)
    private static func writeDigits(_ units: UInt64, decimals: Int, scale: UInt64, into destination: UnsafeMutablePointer<UInt8>) -> Int {
        guard decimals > 0 else { return writeWhole(units, into: destination) }
        let whole = writeWhole(units / scale, into: destination)
        destination[whole] = UInt8(ascii: ".")
        writeDigits(of: units % scale, count: decimals, endingAt: destination + whole + 1 + decimals)
        return whole + 1 + decimals
    }

    /// `value` without leading zeros ("0" for 0) at `destination`; returns the count.
    @inline(__always)
    private static func writeWhole(_ value: UInt64, into destination: UnsafeMutablePointer<UInt8>) -> Int {
        var count = 1
        var rest = value
        while rest >= 100 {
            rest /= 100
            count += 2
        }
        if rest >= 10 { count += 1 }
        writeDigits(of: value, count: count, endingAt: destination + count)
        return count
    }

    /// The last `count` decimal digits of `value`, zero-padded, ending just before `end`.
    @inline(__always)
    private static func writeDigits(of value: UInt64, count: Int, endingAt end: UnsafeMutablePointer<UInt8>) {
        var value = value
        var position = end
        var left = count
        let pairs = digitPairs.utf8Start
        while left >= 2 {
            let pair = Int(value % 100)
            value /= 100
            position -= 2
            position[0] = pairs[2 * pair]
            position[1] = pairs[2 * pair + 1]
            left -= 2
        }
        if left == 1 { (position - 1).pointee = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10) }
    }

    /// 10^exponent for 0 ≤ exponent ≤ 19 (exact in a UInt64; in a Double up to 10²²).
    @inline(__always)
    private static func powerOfTen(_ exponent: Int) -> UInt64 {
        var power: UInt64 = 1
        for _ in 0..<exponent { power &*= 10 }
        return power
    }
}
