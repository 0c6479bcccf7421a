import Foundation

/// A grid of coloured cells over two parameters (a parameter sweep).
public struct HeatMapPlot: Sendable {
    public var title: String?
    public var xLabel: String
    public var yLabel: String
    public var xValues: [Double]
    public var yValues: [Double]
    /// values[row][column] for yValues[row], xValues[column]; `nil` cells are drawn hatched grey.
    public var values: [[Double?]]
    public var valueLabel: String
    /// When true small values are bright (good), e.g. for errors.
    public var lowIsBright: Bool
    /// Decimals printed in each cell (nil: no numbers).
    public var cellDecimals: Int?
    /// Names shown instead of the numbers of `xValues` / `yValues` (choice keys).
    public var xNames: [String]?
    public var yNames: [String]?
    /// A second, smaller line under each cell's number (e.g. "±0.03", the sd over seeds), same
    /// shape as `values`; shown where the cell is tall enough.
    public var cellNotes: [[String]]?
    /// Cells drawn crossed out (they fail a constraint), same shape as `values`.
    public var excluded: [[Bool]]?
    /// The cell outlined as the chosen one, as (row, column).
    public var highlighted: (row: Int, column: Int)?

    public init(
        title: String? = nil, xLabel: String, yLabel: String, xValues: [Double], yValues: [Double], values: [[Double?]], valueLabel: String,
        lowIsBright: Bool = false, cellDecimals: Int? = 2, xNames: [String]? = nil, yNames: [String]? = nil, cellNotes: [[String]]? = nil,
        excluded: [[Bool]]? = nil, highlighted: (row: Int, column: Int)? = nil
    ) {
        self.cellNotes = cellNotes
        self.excluded = excluded
        self.highlighted = highlighted
        precondition(xNames.map { $0.count == xValues.count } ?? true && yNames.map { $0.count == yValues.count } ?? true)
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.xValues = xValues
        self.yValues = yValues
        self.values = values
        self.valueLabel = valueLabel
        self.lowIsBright = lowIsBright
        self.cellDecimals = cellDecimals
        self.xNames = xNames
        self.yNames = yNames
    }
}

extension HeatMapPlot {
    /// The values the colour ramp spans: smallest to largest finite cell. When every cell holds
    /// the same value the range is centred on it (±1 % of it, ±1 for zero), so the cells take
    /// the middle colour and the colour bar shows the value itself rather than an invented
    /// maximum; without finite cells it is 0...1.
    public var colorRange: ClosedRange<Double> {
        let finite = values.joined().compactMap { $0 }.filter(\.isFinite)
        guard let low = finite.min(), let high = finite.max() else { return 0...1 }
        if high > low { return low...high }
        let halfWidth = low == 0 ? 1 : abs(low) * 0.01
        return (low - halfWidth)...(low + halfWidth)
    }
}

struct HeatMapRenderer {
    let plot: HeatMapPlot
    let canvas: Canvas

    func draw(in frame: Rect) {
        let top = canvas.panelTitle(plot.title, in: frame)
        let columns = plot.xValues.count, rows = plot.yValues.count
        guard columns > 0, rows > 0 else { return }
        let xLabels = plot.xNames ?? plot.xValues.map(Self.label), yLabels = plot.yNames ?? plot.yValues.map(Self.label)
        let yLabelWidth = yLabels.map { canvas.measure($0, size: TextSize.tick).width }.max() ?? 0
        let left = frame.x + TextSize.axisLabel + 10 + yLabelWidth + 6
        // The colour bar's label wraps at spaces; the bar gets room for its widest line.
        let barLabel = Figure.wrap(plot.valueLabel, width: 130) { canvas.measure($0, size: TextSize.tick).width }.joined(separator: "\n")
        let barLabelWidth = barLabel.split(separator: "\n").map { canvas.measure(String($0), size: TextSize.tick).width }.max() ?? 0
        let right = max(110, barLabelWidth + 24)
        let area = Rect(
            x: left, y: top + 4, width: frame.maxX - right - left, height: frame.maxY - (TextSize.axisLabel + TextSize.tick + 20) - top - 4)
        guard area.width > 20, area.height > 20 else { return }
        let cellWidth = area.width / Double(columns), cellHeight = area.height / Double(rows)
        let range = plot.colorRange
        for row in 0..<rows {
            for column in 0..<columns {
                // Row 0 (smallest y) at the bottom, like a y axis.
                let x = area.x + Double(column) * cellWidth, y = area.maxY - Double(row + 1) * cellHeight
                let value = row < plot.values.count && column < plot.values[row].count ? plot.values[row][column] : nil
                if let value, value.isFinite {
                    var t = (value - range.lowerBound) / (range.upperBound - range.lowerBound)
                    if plot.lowIsBright { t = 1 - t }
                    let color = Palette.ramp(t)
                    canvas.fillRectangle(x: x, y: y, width: cellWidth, height: cellHeight, color: color)
                    if let decimals = plot.cellDecimals, cellWidth > 34, cellHeight > 16 {
                        let luminance = 0.2126 * color.red + 0.7152 * color.green + 0.0722 * color.blue
                        let ink: Color = luminance > 0.5 ? .black : .white
                        let note = plot.cellNotes.flatMap { row < $0.count && column < $0[row].count ? $0[row][column] : nil }
                        let withNote = note != nil && cellHeight > 2.6 * TextSize.tick
                        let size = min(TextSize.tick, cellHeight * 0.5)
                        canvas.text(
                            AxisTicks.format(value, decimals: decimals), x: x + cellWidth / 2, y: y + cellHeight / 2 - (withNote ? size * 0.55 : 0),
                            size: size, color: ink, align: .center, baseline: .middle)
                        if withNote, let note {
                            canvas.text(
                                note, x: x + cellWidth / 2, y: y + cellHeight / 2 + size * 0.65, size: size - 2, color: ink, align: .center,
                                baseline: .middle)
                        }
                    }
                } else {
                    canvas.fillRectangle(x: x, y: y, width: cellWidth, height: cellHeight, color: Palette.grid)
                }
            }
        }
        if let excluded = plot.excluded {
            // Two thin diagonals: the value stays readable, the cell is visibly out.
            canvas.setColor(Palette.text.withAlpha(0.55))
            canvas.setLineWidth(1)
            for row in 0..<min(rows, excluded.count) {
                for column in 0..<min(columns, excluded[row].count) where excluded[row][column] {
                    let x = area.x + Double(column) * cellWidth, y = area.maxY - Double(row + 1) * cellHeight
                    canvas.line(x + 2, y + 2, x + cellWidth - 2, y + cellHeight - 2)
                    canvas.line(x + 2, y + cellHeight - 2, x + cellWidth - 2, y + 2)
                }
            }
        }
        canvas.setColor(.white)
        canvas.setLineWidth(1)
        for column in 0...columns { canvas.line(area.x + Double(column) * cellWidth, area.y, area.x + Double(column) * cellWidth, area.maxY) }
        for row in 0...rows { canvas.line(area.x, area.y + Double(row) * cellHeight, area.maxX, area.y + Double(row) * cellHeight) }
        if let (row, column) = plot.highlighted, row < rows, column < columns {
            canvas.setColor(.black)
            canvas.setLineWidth(3)
            canvas.rectangle(
                x: area.x + Double(column) * cellWidth + 1.5, y: area.maxY - Double(row + 1) * cellHeight + 1.5, width: cellWidth - 3,
                height: cellHeight - 3)
            canvas.stroke()
        }
        let labelEvery = max(1, Int((canvas.measure("00000", size: TextSize.tick).width / cellWidth).rounded(.up)))
        for (column, label) in xLabels.enumerated() where column % labelEvery == 0 {
            canvas.text(
                label, x: area.x + (Double(column) + 0.5) * cellWidth, y: area.maxY + 5, size: TextSize.tick, color: Palette.text, align: .center,
                baseline: .top)
        }
        let rowEvery = max(1, Int(((TextSize.tick + 2) / cellHeight).rounded(.up)))
        for (row, label) in yLabels.enumerated() where row % rowEvery == 0 {
            canvas.text(
                label, x: area.x - 5, y: area.maxY - (Double(row) + 0.5) * cellHeight, size: TextSize.tick, color: Palette.text, align: .right,
                baseline: .middle)
        }
        canvas.text(plot.xLabel, x: area.midX, y: frame.maxY - 2, size: TextSize.axisLabel, color: Palette.text, align: .center, baseline: .bottom)
        canvas.text(
            plot.yLabel, x: frame.x + 2, y: area.midY, size: TextSize.axisLabel, color: Palette.text, align: .center, baseline: .top, angle: -.pi / 2)
        ColorBar(label: barLabel, range: range, lowIsBright: plot.lowIsBright)
            .draw(canvas: canvas, in: Rect(x: area.maxX + 14, y: area.y, width: right - 20, height: min(area.height, 280)))
    }

    /// Parameter values printed compactly (up to 4 significant digits).
    static func label(_ value: Double) -> String {
        var text = String(format: "%.4g", value)
        if text.contains("e") { text = String(format: "%.2e", value) }
        return text.replacingOccurrences(of: "-", with: "−")
    }
}
