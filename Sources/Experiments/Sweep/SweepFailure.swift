import Foundation
import ReportIO

/// A (cell, seed) of a sweep whose plug-in failed: its row in sweep.csv has no metrics and
/// this message in the `failure` column.
public struct SweepFailure: Sendable, Equatable, CustomStringConvertible {
    public var cell: Int
    public var seed: UInt64
    /// `PluginFailure.description` of the run.
    public var message: String

    public init(cell: Int, seed: UInt64, message: String) {
        self.cell = cell
        self.seed = seed
        self.message = message
    }

    public var description: String { "cell \(cell), seed \(seed): \(message)" }

    /// The failed rows of a sweep.csv, in file order.
    public static func read(_ csv: URL) throws -> [SweepFailure] {
        let table = try CSVTable.load(csv.path)
        let failure = try table.column(SweepPlan.failureColumn)
        return try table.rows.compactMap { row -> SweepFailure? in
            guard !row.fields[failure].isEmpty else { return nil }
            guard let cell = Int(row.fields[0]), let seed = UInt64(row.fields[1]) else {
                throw CSVError(file: csv.path, line: row.line, column: "cell", message: "not a cell and seed")
            }
            return SweepFailure(cell: cell, seed: seed, message: row.fields[failure])
        }
    }
}
