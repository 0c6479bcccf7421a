import Foundation
import Runs
import Scenarios

/// One `--require METRIC>=BOUND` or `--require METRIC<=BOUND`: a condition on a cell's mean over
/// its seeds that a cell must meet to be called the best (the lowest blur is worth little when
/// the slots stay empty).
public struct SweepConstraint: Sendable, Equatable, CustomStringConvertible {
    public enum Relation: String, Sendable { case atLeast = ">=", atMost = "<=" }
    /// A metrics.csv column.
    public var metric: String
    public var relation: Relation
    /// In the metric's unit.
    public var bound: Double

    public init(metric: String, relation: Relation, bound: Double) {
        self.metric = metric
        self.relation = relation
        self.bound = bound
    }

    /// Parses `coverage>=0.9`; the metric must be a known metrics.csv column.
    public init(parsing text: String) throws(ExperimentError) {
        let example = "e.g. 'coverage>=0.9' or 'blur_obj_max_px<=3' (quoted: the shell reads > and < as redirection)"
        guard let range = text.range(of: ">=") ?? text.range(of: "<=") else {
            throw ExperimentError("--require \(text): expected METRIC>=BOUND or METRIC<=BOUND, \(example)")
        }
        metric = text[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
        relation = Relation(rawValue: String(text[range]))!
        let boundText = text[range.upperBound...].trimmingCharacters(in: .whitespaces)
        guard RunMetrics.isKnown(metric) else {
            throw ExperimentError("--require \(text): '\(metric)' is not a metric; choose from \(Metric.nameList)")
        }
        guard let value = Double(boundText), value.isFinite else {
            throw ExperimentError("--require \(text): '\(boundText)' is not a number, \(example)")
        }
        bound = value
    }

    /// Whether `value` meets the condition; a missing or non-finite value does not.
    public func admits(_ value: Double?) -> Bool {
        guard let value, value.isFinite else { return false }
        switch relation {
        case .atLeast: return value >= bound
        case .atMost: return value <= bound
        }
    }

    /// "coverage ≥ 0.9" for plots and tables.
    public var description: String { "\(metric) \(relation == .atLeast ? "≥" : "≤") \(String(format: "%g", bound))" }
}

/// Which cells of a finished sweep meet every constraint (on their means over the seeds).
public struct SweepFeasibility: Sendable {
    public let constraints: [SweepConstraint]
    /// admitted[cell]
    public let admitted: [Bool]
    /// seedsMeeting[cell]: how many of the cell's seeds meet the bounds one by one (the fewest
    /// over the bounds): a mean can meet a bound that several seeds miss.
    public let seedsMeeting: [Int]
    /// Seeds per cell.
    public let seedCount: Int

    /// Reads each constrained metric from `csv`; no constraints admit every cell.
    public init(plan: SweepPlan, csv: URL, constraints: [SweepConstraint]) throws {
        var admitted = [Bool](repeating: true, count: plan.cells.count)
        var meeting = [Int](repeating: plan.seeds.count, count: plan.cells.count)
        for constraint in constraints {
            guard plan.columns.contains(constraint.metric) else {
                throw ExperimentError("--require \(constraint): \(plan.base.name) has no column \(constraint.metric)")
            }
            let results = try SweepResults(plan: plan, csv: csv, metric: constraint.metric)
            guard plan.cells.indices.contains(where: { results.mean($0) != nil }) else {
                throw ExperimentError("--require \(constraint): no cell has a value of \(constraint.metric) (it does not apply to \(plan.base.name))")
            }
            for cell in plan.cells.indices {
                if !constraint.admits(results.mean(cell)) { admitted[cell] = false }
                meeting[cell] = min(meeting[cell], results.values[cell].filter { constraint.admits($0) }.count)
            }
        }
        self.constraints = constraints
        self.admitted = admitted
        seedsMeeting = meeting
        seedCount = plan.seeds.count
    }

    /// "coverage ≥ 0.9, blur_obj_max_px ≤ 3", or nil without constraints.
    public var summary: String? { constraints.isEmpty ? nil : constraints.map(\.description).joined(separator: ", ") }
}
