/// One cell of a figure's grid.
public enum Panel: Sendable {
    case cartesian(CartesianPlot)
    case polar(PolarPlot)
    case heatMap(HeatMapPlot)
    /// Lines of text (a table or notes).
    case text(title: String?, lines: [String])
    case empty
}

/// A titled grid of panels rendered to one PNG.
public struct Figure: Sendable {
    public var title: String
    public var subtitle: String?
    /// A note printed under the panels (how something was computed).
    public var footnote: String?
    public var width: Int
    public var height: Int
    /// Rows of panels; rows may have different lengths.
    public var rows: [[Panel]]
    /// One legend for all panels (when they share series), drawn in a row under the subtitle,
    /// each entry's sample drawn as its series is (a dot, a block, a line dashed or not).
    public var legend: [(name: String, color: Color, style: SeriesStyle)]

    public init(
        title: String, subtitle: String? = nil, footnote: String? = nil, width: Int = 1200, height: Int = 800,
        legend: [(name: String, color: Color, style: SeriesStyle)], rows: [[Panel]]
    ) {
        self.title = title
        self.subtitle = subtitle
        self.footnote = footnote
        self.width = width
        self.height = height
        self.legend = legend
        self.rows = rows
    }

    /// A figure whose legend entries (if any) are all solid lines.
    public init(
        title: String, subtitle: String? = nil, footnote: String? = nil, width: Int = 1200, height: Int = 800,
        legend: [(name: String, color: Color)] = [], rows: [[Panel]]
    ) {
        self.init(
            title: title, subtitle: subtitle, footnote: footnote, width: width, height: height,
            legend: legend.map { ($0.name, $0.color, SeriesStyle.line()) }, rows: rows)
    }

    /// Words of `text` in lines no wider than `width` (a longer single word gets a line of its own).
    public static func wrap(_ text: String, width: Double, measure: (String) -> Double) -> [String] {
        var lines: [String] = [], current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if !current.isEmpty && measure(candidate) > width {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        return lines + [current]
    }

    /// Draws the figure on a canvas of `format` (pixels for PNG, a vector page otherwise).
    public func render(format: FigureFormat = .png) throws(PlotError) -> Canvas {
        let canvas = try Canvas(width: width, height: height, background: .white, format: format)
        draw(on: canvas)
        return canvas
    }

    /// Draws the figure on `canvas` (of the figure's size, already filled with its background).
    func draw(on canvas: Canvas) {
        let margin = 16.0
        var top = margin
        canvas.text(title, x: margin, y: top, size: TextSize.figureTitle, color: Palette.text, baseline: .top, bold: true)
        top += TextSize.figureTitle + 8
        if let subtitle {
            // Narrow figures (one polar panel) wrap a long subtitle instead of clipping it.
            for line in Self.wrap(subtitle, width: Double(width) - 2 * margin, measure: { canvas.measure($0, size: TextSize.subtitle).width }) {
                canvas.text(line, x: margin, y: top, size: TextSize.subtitle, color: Palette.mutedText, baseline: .top)
                top += TextSize.subtitle + 4
            }
            top += 4
        }
        if !legend.isEmpty {
            var x = margin
            for entry in legend {
                canvas.legendSwatch(entry.style, color: entry.color, x: x, y: top + TextSize.legend / 2 + 1, width: 22)
                canvas.text(entry.name, x: x + 28, y: top + TextSize.legend / 2 + 1, size: TextSize.legend, color: Palette.text, baseline: .middle)
                x += 28 + canvas.measure(entry.name, size: TextSize.legend).width + 24
            }
            top += TextSize.legend + 12
        }
        var bottom = Double(height) - margin
        if let footnote {
            canvas.text(footnote, x: margin, y: bottom, size: TextSize.footnote, color: Palette.mutedText, baseline: .bottom)
            bottom -= TextSize.footnote + 8
        }
        guard !rows.isEmpty else { return }
        let gap = 14.0
        let rowHeight = (bottom - top - gap * Double(rows.count - 1)) / Double(rows.count)
        for (rowIndex, row) in rows.enumerated() where !row.isEmpty {
            let columnWidth = (Double(width) - 2 * margin - gap * Double(row.count - 1)) / Double(row.count)
            for (columnIndex, panel) in row.enumerated() {
                let frame = Rect(
                    x: margin + Double(columnIndex) * (columnWidth + gap),
                    y: top + Double(rowIndex) * (rowHeight + gap), width: columnWidth, height: rowHeight)
                switch panel {
                case .cartesian(let plot): CartesianRenderer(plot: plot, canvas: canvas).draw(in: frame)
                case .polar(let plot): PolarRenderer(plot: plot, canvas: canvas).draw(in: frame)
                case .heatMap(let plot): HeatMapRenderer(plot: plot, canvas: canvas).draw(in: frame)
                case .text(let title, let lines): drawText(title: title, lines: lines, in: frame, canvas: canvas)
                case .empty: break
                }
            }
        }
    }

    /// The figure as PNG bytes with provenance text chunks.
    public func pngBytes(provenance: [PNGText]) throws -> [UInt8] {
        try render().pngBytes(texts: [PNGText("Title", title)] + provenance)
    }

    private func drawText(title: String?, lines: [String], in frame: Rect, canvas: Canvas) {
        var y = frame.y + 4
        if let title {
            canvas.text(title, x: frame.x + 4, y: y, size: TextSize.panelTitle, color: Palette.text, baseline: .top, bold: true)
            y += TextSize.panelTitle + 10
        }
        for line in lines {
            canvas.text(line, x: frame.x + 4, y: y, size: TextSize.tick + 0.5, color: Palette.text, baseline: .top)
            y += TextSize.tick + 6
        }
    }
}

/// Font sizes in pixels, shared by all renderers so figures look alike.
extension Canvas {
    /// Draws a panel's title (if any) at the top left of `frame`; returns the y, px, where the
    /// panel's content starts.
    func panelTitle(_ title: String?, in frame: Rect) -> Double {
        guard let title else { return frame.y }
        text(title, x: frame.x, y: frame.y, size: TextSize.panelTitle, color: Palette.text, baseline: .top, bold: true)
        return frame.y + TextSize.panelTitle + 8
    }
}

enum TextSize {
    static let figureTitle = 20.0
    static let subtitle = 13.0
    static let footnote = 11.5
    static let panelTitle = 14.0
    static let axisLabel = 13.0
    static let tick = 11.5
    static let legend = 12.0
}

/// A rectangle in pixels.
struct Rect {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
    var maxX: Double { x + width }
    var maxY: Double { y + height }
    var midX: Double { x + width / 2 }
    var midY: Double { y + height / 2 }
}
