import Foundation

/// JSON as the report files write it: pretty-printed with sorted keys, so files diff cleanly and
/// the same results give the same bytes.
public enum ReportJSON {
    public static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }
}
