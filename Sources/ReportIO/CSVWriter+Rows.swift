/// Shorthands for the reports' tables, which write one row per element and runs of fields
/// alike; the per-frame and per-sample writers keep the single-field calls (an array per row
/// would cost an allocation each).
extension CSVWriter {
    /// A document with one row per element of `rows`: `write` writes its fields, the row is
    /// ended here.
    @inlinable
    package init<Rows: Sequence>(header: [String], rows: Rows, _ write: (inout CSVWriter, Rows.Element) throws -> Void) rethrows {
        self.init(header: header)
        let expected = rows.underestimatedCount
        for row in rows {
            try write(&self, row)
            endRow()
            // Room for the rest at the first row's length and an eighth more, in one step:
            // growing by doubling copied and zeroed a 4 096-row chunk of frames.csv 8 times.
            if rowCount == 1 && expected > 1 { reserveRoom(bytes: (byteCount - headerByteCount) * (expected - 1) * 9 / 8) }
        }
    }

    /// Numbers with the same number of decimals, each empty when `nil`.
    package mutating func numbers(_ values: [Double?], decimals: Int) {
        for value in values { number(value, decimals: decimals) }
    }

    /// Text fields.
    package mutating func texts(_ values: [String]) {
        for value in values { text(value) }
    }
}
