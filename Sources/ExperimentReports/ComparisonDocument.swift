import Plotting

/// A comparison as one PDF file (`compare --figure-format pdf` writes it as comparison.pdf): a
/// first page with the verdict and one line per metric, then every figure on a page of its own.
public enum ComparisonDocument {
    /// Lines of at most `width` characters, broken between words.
    static func wrapped(_ text: String, width: Int) -> [String] {
        Figure.wrap(text, width: Double(width)) { Double($0.count) }
    }

    /// The first page: `title`, the `summary` sentence, then `lines` (one per metric).
    static func summaryPage(title: String, summary: String, lines: [String]) -> Figure {
        let body = wrapped(summary, width: 120) + [""] + lines.flatMap { wrapped($0, width: 120) }
        return Figure(
            title: title, width: 1200, height: max(420, 140 + 21 * body.count), rows: [[.text(title: nil, lines: body)]])
    }

    /// The document: the summary page, then `figures` in order.
    public static func pdf(title: String, summary: String, lines: [String], figures: [Figure]) throws -> [UInt8] {
        try Figure.pdfDocument([summaryPage(title: title, summary: summary, lines: lines)] + figures, title: title)
    }
}
