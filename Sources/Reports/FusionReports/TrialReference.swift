import ReportIO

/// Figures other software computed per trial (`fusion --recording … --reference FILE`), shown
/// beside this tool's: a CSV with a `trial` column (the recording's name) and one column per
/// figure (total RMSE in degrees, say, of VQF on that trial). Empty cells are figures not known.
public struct TrialReference: Sendable, Equatable {
    /// The figures' column names, in file order.
    public var columns: [String]
    /// The figures of each trial, one per column (nil: not known).
    public var values: [String: [Double?]]

    public init(columns: [String], values: [String: [Double?]]) {
        self.columns = columns
        self.values = values
    }

    /// Reads `path`; a file without a `trial` column or other columns, a trial twice, or a cell
    /// that is not a finite number is an error naming the file, row and column.
    public static func load(_ path: String) throws -> TrialReference {
        let table = try CSVTable.load(path)
        let trial = try table.column("trial")
        let columns = table.header.indices.filter { $0 != trial }
        guard !columns.isEmpty else { throw CSVError(file: path, message: "has a trial column but no figures beside it") }
        var values: [String: [Double?]] = [:]
        for row in table.rows {
            let name = row.fields[trial]
            guard !name.isEmpty else { throw CSVError(file: path, line: row.line, column: "trial", message: "no trial name") }
            guard values[name] == nil else {
                throw CSVError(file: path, line: row.line, column: "trial", message: "\(TextExcerpt.quoted(name)) twice")
            }
            values[name] = try columns.map { column in row.fields[column].isEmpty ? nil : try table.number(row, column) }
        }
        return TrialReference(columns: columns.map { table.header[$0] }, values: values)
    }

    /// The figure of `trial` in `column` (an index into `columns`), nil when not known.
    public func value(_ trial: String, _ column: Int) -> Double? { values[trial]?[column] ?? nil }
}
