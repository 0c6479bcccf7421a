import Foundation
import Runs
import ReportIO
import StatisticsKit

/// One metric over a finished sweep: every cell's values over its seeds.
public struct SweepResults: Sendable {
    public let plan: SweepPlan
    public let metric: String
    /// values[cell]: the metric for each seed that has it (missing ones left out).
    public let values: [[Double]]

    /// Reads `metric` from the sweep.csv of `plan`.
    public init(plan: SweepPlan, csv: URL, metric: String) throws {
        let table = try CSVTable.load(csv.path)
        let column = try table.column(metric)
        var values = [[Double]](repeating: [], count: plan.cells.count)
        for row in table.rows {
            guard let cell = Int(row.fields[0]), values.indices.contains(cell) else {
                throw CSVError(file: csv.path, line: row.line, column: "cell", message: "not a cell of this sweep")
            }
            if row.fields[column].isEmpty { continue }
            values[cell].append(try table.number(row, column))
        }
        self.plan = plan
        self.metric = metric
        self.values = values
    }

    public func mean(_ cell: Int) -> Double? { values[cell].isEmpty ? nil : Statistics.mean(values[cell]) }
    public func standardDeviation(_ cell: Int) -> Double? { values[cell].isEmpty ? nil : Statistics.standardDeviation(values[cell]) }

    /// Cells ordered best first by their mean (direction of the metric): cells `feasibility`
    /// admits first, then the others, cells without values last.
    public func ranking(_ feasibility: SweepFeasibility? = nil) -> [Int] {
        let direction = RunMetrics.direction(of: metric)
        let admitted = feasibility?.admitted ?? [Bool](repeating: true, count: plan.cells.count)
        return plan.cells.indices.sorted { a, b in
            if admitted[a] != admitted[b] { return admitted[a] }
            switch (mean(a), mean(b)) {
            case let (x?, y?) where x != y: return direction == .higher ? x > y : x < y
            case (nil, _?): return false
            case (_?, nil): return true
            default: return a < b
            }
        }
    }

    /// The best cell with a value that `feasibility` admits, or nil when none does.
    public func best(_ feasibility: SweepFeasibility? = nil) -> Int? {
        ranking(feasibility).first { cell in mean(cell) != nil && (feasibility?.admitted[cell] ?? true) }
    }

    /// "selection.threshold=4, selection.weights.roll=2" for a cell.
    public func label(_ cell: Int) -> String {
        zip(plan.axes, plan.cells[cell]).map { "\($0.key)=\($0.text($1))" }.joined(separator: ", ")
    }
}
