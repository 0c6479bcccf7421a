import Foundation

/// Checks a JSON value against a JSON Schema (the draft 2020-12 keywords the repository's
/// schemas use: type, const, enum, required, properties, additionalProperties, items, minimum,
/// and `$ref` into `$defs`). Returns one line per violation, with its JSON path; an unknown
/// keyword is itself reported, so a schema cannot silently check less than it says.
public struct JSONSchemaValidator {
    let root: [String: Any]

    public init(schemaFile: URL) throws {
        guard let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: schemaFile)) as? [String: Any] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        root = schema
    }

    public func violations(of data: Data) throws -> [String] {
        var found: [String] = []
        check(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]), against: root, at: "$", into: &found)
        return found
    }

    private static let annotations: Set = ["$schema", "$id", "title", "description", "$defs"]

    private func check(_ value: Any, against schema: [String: Any], at path: String, into found: inout [String]) {
        for (keyword, rule) in schema {
            switch keyword {
            case "$ref":
                guard let reference = rule as? String, reference.hasPrefix("#/$defs/"),
                    let target = (root["$defs"] as? [String: Any])?[String(reference.dropFirst(8))] as? [String: Any]
                else {
                    found.append("\(path): unresolvable $ref \(rule)")
                    continue
                }
                check(value, against: target, at: path, into: &found)
            case "type":
                let allowed = (rule as? [String]) ?? [rule as? String ?? ""]
                if !allowed.contains(where: { Self.hasType(value, $0) }) {
                    found.append("\(path): expected \(allowed.joined(separator: " or ")), found \(Self.describe(value))")
                }
            case "const":
                if !Self.equal(value, rule) { found.append("\(path): expected \(rule)") }
            case "enum":
                if !((rule as? [Any]) ?? []).contains(where: { Self.equal(value, $0) }) { found.append("\(path): \(value) is not one of \(rule)") }
            case "minimum":
                if let number = value as? NSNumber, !Self.isBool(value), let bound = rule as? NSNumber, number.doubleValue < bound.doubleValue {
                    found.append("\(path): \(number) is below \(bound)")
                }
            case "required":
                guard let object = value as? [String: Any] else { continue }
                for key in (rule as? [String]) ?? [] where object[key] == nil { found.append("\(path): missing \(key)") }
            case "properties":
                guard let object = value as? [String: Any], let properties = rule as? [String: Any] else { continue }
                for (key, sub) in properties {
                    if let item = object[key], let sub = sub as? [String: Any] { check(item, against: sub, at: "\(path).\(key)", into: &found) }
                }
            case "additionalProperties":
                guard let object = value as? [String: Any] else { continue }
                let declared = Set(((schema["properties"] as? [String: Any]) ?? [:]).keys)
                for (key, item) in object where !declared.contains(key) {
                    if let allowed = rule as? Bool {
                        if !allowed { found.append("\(path): unexpected key \(key)") }
                    } else if let sub = rule as? [String: Any] {
                        check(item, against: sub, at: "\(path).\(key)", into: &found)
                    }
                }
            case "items":
                guard let array = value as? [Any], let sub = rule as? [String: Any] else { continue }
                for (index, item) in array.enumerated() { check(item, against: sub, at: "\(path)[\(index)]", into: &found) }
            default:
                if !Self.annotations.contains(keyword) { found.append("\(path): the validator does not know the keyword \(keyword)") }
            }
        }
    }

    private static func isBool(_ value: Any) -> Bool {
        // JSONSerialization makes true/false NSNumbers of C type char; numbers are q or d.
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    private static func hasType(_ value: Any, _ type: String) -> Bool {
        switch type {
        case "object": return value is [String: Any]
        case "array": return value is [Any]
        case "string": return value is String
        case "boolean": return isBool(value)
        case "number": return value is NSNumber && !isBool(value)
        case "integer":
            guard let number = value as? NSNumber, !isBool(value) else { return false }
            return number.doubleValue == number.doubleValue.rounded()
        case "null": return value is NSNull
        default: return false
        }
    }

    private static func describe(_ value: Any) -> String {
        for type in ["boolean", "integer", "number", "string", "array", "object", "null"] where hasType(value, type) { return type }
        return "\(Swift.type(of: value))"
    }

    private static func equal(_ a: Any, _ b: Any) -> Bool {
        if let x = a as? String, let y = b as? String { return x == y }
        if let x = a as? NSNumber, let y = b as? NSNumber { return isBool(x) == isBool(y) && x == y }
        return false
    }
}
