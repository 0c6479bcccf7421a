import Foundation
import Runs

/// An arithmetic expression over metric names, e.g.
/// `100*(1-coverage) + 10*blur_obj_mean_px + 2*slot_angle_err_mean_deg`: numbers, metric
/// names, `+ - * /`, parentheses, unary minus and the functions `abs`, `sqrt`, `min`, `max`.
public indirect enum ObjectiveExpression: Sendable, Equatable, CustomStringConvertible {
    case number(Double)
    case metric(String)
    case negate(ObjectiveExpression)
    case binary(Character, ObjectiveExpression, ObjectiveExpression)
    case call(String, [ObjectiveExpression])

    /// The tuning default: rewards coverage, penalises blur (over the object, `blur_obj_mean_px`)
    /// and angle error. One slot of 72 lost costs 1.39, 0.1 px more blur 1, 0.5° more slot
    /// angle error 1.
    public static let defaultText = "100*(1-coverage) + 10*blur_obj_mean_px + 2*slot_angle_err_mean_deg"

    static let functions: [String: Int] = ["abs": 1, "sqrt": 1, "min": 2, "max": 2]

    /// The longest expression, in characters: an objective is one line (the default has 66).
    /// With it, a chain of operators (`a+a+a…`) is at most 500 deep, which evaluating it
    /// recursively on a worker thread's stack can afford.
    public static let maximumLength = 1000

    /// The deepest nesting of parentheses, unary minus signs and function calls: the parser
    /// descends once per level, and 25 000 parentheses (or 100 000 minus signs) used to
    /// overflow its stack.
    public static let maximumDepth = 64

    /// Parses `text`; unknown metric names, bad syntax and wrong argument counts are errors that
    /// name the position; so is text longer than `maximumLength` or nested deeper than
    /// `maximumDepth`.
    public init(parsing text: String, isMetric: @escaping (String) -> Bool) throws(ExperimentError) {
        guard text.count <= Self.maximumLength else {
            throw ExperimentError("\(text.count) characters, more than the \(Self.maximumLength) an expression may have")
        }
        var parser = Parser(characters: Array(text), isMetric: isMetric)
        let expression = try parser.sum()
        parser.skipSpaces()
        guard parser.position == parser.characters.count else {
            throw ExperimentError("unexpected '\(parser.characters[parser.position])' at \(parser.position + 1)")
        }
        self = expression
    }

    /// Metric names used, in order of first appearance.
    public var metrics: [String] {
        switch self {
        case .number: return []
        case .metric(let name): return [name]
        case .negate(let inner): return inner.metrics
        case .binary(_, let left, let right): return (left.metrics + right.metrics).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        case .call(_, let arguments): return arguments.flatMap(\.metrics).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        }
    }

    /// The value with metrics from `lookup`; `nil` if a metric is undefined.
    public func evaluate(_ lookup: (String) -> Double?) -> Double? {
        switch self {
        case .number(let value): return value
        case .metric(let name): return lookup(name)
        case .negate(let inner): return inner.evaluate(lookup).map { -$0 }
        case .binary(let op, let left, let right):
            guard let a = left.evaluate(lookup), let b = right.evaluate(lookup) else { return nil }
            switch op {
            case "+": return a + b
            case "-": return a - b
            case "*": return a * b
            default: return a / b
            }
        case .call(let name, let arguments):
            let values = arguments.compactMap { $0.evaluate(lookup) }
            guard values.count == arguments.count else { return nil }
            switch name {
            case "abs": return abs(values[0])
            case "sqrt": return values[0].squareRoot()
            case "min": return min(values[0], values[1])
            default: return max(values[0], values[1])
            }
        }
    }

    public var description: String {
        switch self {
        case .number(let value): return String(format: "%g", value)
        case .metric(let name): return name
        case .negate(let inner): return "-(\(inner))"
        case .binary(let op, let left, let right): return "(\(left) \(op) \(right))"
        case .call(let name, let arguments): return "\(name)(\(arguments.map(\.description).joined(separator: ", ")))"
        }
    }

    /// Recursive descent: sum := product (('+'|'-') product)*, product := unary (('*'|'/') unary)*,
    /// unary := '-' unary | atom, atom := number | name | name '(' args ')' | '(' sum ')'.
    struct Parser {
        let characters: [Character]
        let isMetric: (String) -> Bool
        var position = 0
        /// Parentheses, minus signs and calls open at `position`.
        var depth = 0

        /// `body` one level deeper; an error beyond `maximumDepth`.
        mutating func nested(_ body: (inout Parser) throws(ExperimentError) -> ObjectiveExpression) throws(ExperimentError) -> ObjectiveExpression {
            guard depth < ObjectiveExpression.maximumDepth else {
                throw ExperimentError(
                    "nested more than \(ObjectiveExpression.maximumDepth) deep at \(position) (parentheses, minus signs and function calls)")
            }
            depth += 1
            defer { depth -= 1 }
            return try body(&self)
        }

        mutating func skipSpaces() { while position < characters.count, characters[position].isWhitespace { position += 1 } }

        mutating func peek() -> Character? {
            skipSpaces()
            return position < characters.count ? characters[position] : nil
        }

        mutating func sum() throws(ExperimentError) -> ObjectiveExpression {
            try chain("+-") { parser throws(ExperimentError) in try parser.chain("*/") { parser throws(ExperimentError) in try parser.unary() } }
        }

        /// `operand`s joined by any of `operators`, grouped from the left.
        mutating func chain(
            _ operators: String, _ operand: (inout Parser) throws(ExperimentError) -> ObjectiveExpression
        ) throws(ExperimentError) -> ObjectiveExpression {
            var left = try operand(&self)
            while let op = peek(), operators.contains(op) {
                position += 1
                left = .binary(op, left, try operand(&self))
            }
            return left
        }

        mutating func unary() throws(ExperimentError) -> ObjectiveExpression {
            if peek() == "-" {
                position += 1
                return .negate(try nested { parser throws(ExperimentError) in try parser.unary() })
            }
            return try atom()
        }

        mutating func atom() throws(ExperimentError) -> ObjectiveExpression {
            guard let next = peek() else { throw ExperimentError("expression ends where a value is expected") }
            let start = position
            if next == "(" {
                position += 1
                let inner = try nested { parser throws(ExperimentError) in try parser.sum() }
                guard peek() == ")" else { throw ExperimentError("missing ')' for the '(' at \(start + 1)") }
                position += 1
                return inner
            }
            if next.isNumber || next == "." {
                while position < characters.count, characters[position].isNumber || characters[position] == "." { position += 1 }
                if position < characters.count, characters[position] == "e" || characters[position] == "E" {
                    position += 1
                    if position < characters.count, characters[position] == "-" || characters[position] == "+" { position += 1 }
                    while position < characters.count, characters[position].isNumber { position += 1 }
                }
                guard let value = Double(String(characters[start..<position])) else {
                    throw ExperimentError("'\(String(characters[start..<position]))' at \(start + 1) is not a number")
                }
                return .number(value)
            }
            if next.isLetter || next == "_" {
                while position < characters.count, characters[position].isLetter || characters[position].isNumber || characters[position] == "_" {
                    position += 1
                }
                let name = String(characters[start..<position])
                if let arity = ObjectiveExpression.functions[name] {
                    guard peek() == "(" else { throw ExperimentError("\(name) at \(start + 1) needs '('") }
                    position += 1
                    var arguments = [try nested { parser throws(ExperimentError) in try parser.sum() }]
                    while peek() == "," {
                        position += 1
                        arguments.append(try nested { parser throws(ExperimentError) in try parser.sum() })
                    }
                    guard peek() == ")" else { throw ExperimentError("missing ')' after the arguments of \(name) at \(start + 1)") }
                    position += 1
                    guard arguments.count == arity else {
                        throw ExperimentError("\(name) takes \(arity) argument\(arity == 1 ? "" : "s"), found \(arguments.count)")
                    }
                    return .call(name, arguments)
                }
                guard isMetric(name) else { throw ExperimentError("'\(name)' at \(start + 1) is not a metric") }
                return .metric(name)
            }
            throw ExperimentError("unexpected '\(next)' at \(position + 1)")
        }
    }
}
