import Foundation
import OrbitMath

/// One arc of a ring chart (e.g. a capture slot). Ring charts are laid out as a compass, like
/// the spin viewer's ring: 0° at the top, angles growing clockwise.
public struct PolarSector: Sendable {
    /// Start and end angle, degrees (0° at the top, clockwise); `end` > `start`.
    public var start: Double
    public var end: Double
    /// Value mapped through the colour scale; `nil` draws the sector as empty.
    public var value: Double?

    public init(start: Double, end: Double, value: Double?) {
        self.start = start
        self.end = end
        self.value = value
    }
}

/// A point drawn on the ring at an angle (degrees, 0° at the top, clockwise) and a relative
/// radius (0 = inner, 1 = outer edge).
public struct PolarMarker: Sendable {
    public var angle: Double
    public var radius: Double
    public var color: Color
    public init(angle: Double, radius: Double, color: Color) {
        self.angle = angle
        self.radius = radius
        self.color = color
    }
}

/// An arc drawn just outside the ring from `start` going clockwise over `span` degrees (e.g.
/// the largest gap), with its label in the legend under the colour bar.
public struct PolarHighlight: Sendable {
    public var start: Double
    public var span: Double
    public var label: String
    public var color: Color
    public init(start: Double, span: Double, label: String, color: Color) {
        self.start = start
        self.span = span
        self.label = label
        self.color = color
    }
}

/// A ring of coloured sectors with a colour bar: slot coverage around an orbit. Laid out as a
/// compass (0° at the top, angles growing clockwise), which the panel says in its corner.
public struct PolarPlot: Sendable {
    public var title: String?
    public var sectors: [PolarSector]
    public var markers: [PolarMarker]
    /// Colour bar label with unit.
    public var valueLabel: String
    public var valueRange: ClosedRange<Double>
    /// When true small values get the bright end of the ramp (e.g. a score where lower is better).
    public var lowIsBright: Bool
    /// Label for empty sectors in the colour bar.
    public var emptyLabel: String
    /// Text in the middle of the ring (a headline figure).
    public var centerText: [String]
    /// An arc outside the ring; `nil` for none.
    public var highlight: PolarHighlight?

    public init(
        title: String? = nil, sectors: [PolarSector], markers: [PolarMarker] = [], valueLabel: String, valueRange: ClosedRange<Double>,
        lowIsBright: Bool = false, emptyLabel: String = "empty", centerText: [String] = [], highlight: PolarHighlight? = nil
    ) {
        self.highlight = highlight
        self.title = title
        self.sectors = sectors
        self.markers = markers
        self.valueLabel = valueLabel
        self.valueRange = valueRange
        self.lowIsBright = lowIsBright
        self.emptyLabel = emptyLabel
        self.centerText = centerText
    }

    func color(for value: Double) -> Color {
        let span = valueRange.upperBound - valueRange.lowerBound
        var t = span > 0 ? (value - valueRange.lowerBound) / span : 0.5
        if lowIsBright { t = 1 - t }
        return Palette.ramp(t)
    }
}

struct PolarRenderer {
    let plot: PolarPlot
    let canvas: Canvas
    static let emptyColor = Color(hex: 0xF2D7D5)

    func draw(in frame: Rect) {
        let top = canvas.panelTitle(plot.title, in: frame)
        let barWidth = 90.0
        let area = Rect(x: frame.x, y: top, width: frame.width - barWidth, height: frame.maxY - top)
        // Room outside the ring for the highlight arc, the ticks and their labels.
        let outer = min(area.width, area.height) / 2 - 40
        guard outer > 30 else { return }
        let inner = outer * 0.55
        let cx = area.midX, cy = area.midY
        /// The point at compass angle `degrees` (0° up, clockwise) and radius `r`, px.
        func point(_ degrees: Double, _ r: Double) -> (x: Double, y: Double) {
            (cx + r * sin(radians(degrees)), cy - r * cos(radians(degrees)))
        }
        /// cairo's angle (from +x, clockwise on screen since y points down) of a compass angle.
        func screen(_ degrees: Double) -> Double { radians(degrees - 90) }
        for sector in plot.sectors {
            let color = sector.value.map(plot.color(for:)) ?? Self.emptyColor
            canvas.setColor(color)
            canvas.newPath()
            canvas.arc(cx: cx, cy: cy, radius: outer, from: screen(sector.start), to: screen(sector.end))
            canvas.arcNegative(cx: cx, cy: cy, radius: inner, from: screen(sector.end), to: screen(sector.start))
            canvas.closePath()
            canvas.fillPreserve()
            canvas.setColor(.white)
            canvas.setLineWidth(0.8)
            canvas.stroke()
        }
        if let highlight = plot.highlight, highlight.span > 0 {
            canvas.setColor(highlight.color)
            canvas.setLineWidth(5)
            canvas.newPath()
            canvas.arc(cx: cx, cy: cy, radius: outer + 5, from: screen(highlight.start), to: screen(highlight.start + min(highlight.span, 359.9)))
            canvas.stroke()
        }
        for marker in plot.markers {
            let at = point(marker.angle, inner + marker.radius * (outer - inner))
            canvas.fillCircle(cx: at.x, cy: at.y, radius: 2.2, color: marker.color)
        }
        // Angle ticks every 30°.
        canvas.setColor(Palette.frame)
        canvas.setLineWidth(1)
        for degrees in stride(from: 0.0, to: 360, by: 30) {
            let from = point(degrees, outer + 8), to = point(degrees, outer + 13)
            canvas.line(from.x, from.y, to.x, to.y)
            // Labels sit outside the ring: left-aligned on the right side, right-aligned on the
            // left, centred at the top and bottom, so none runs into the ring.
            let side = sin(radians(degrees))
            let align: TextAlignment = side > 0.3 ? .left : side < -0.3 ? .right : .center
            let label = point(degrees, outer + 18)
            canvas.text("\(Int(degrees))°", x: label.x, y: label.y, size: TextSize.tick, color: Palette.text, align: align, baseline: .middle)
        }
        // The layout, at the foot of the colour bar's column (the ring fills the rest).
        for (index, line) in ["0° at the top,", "angles grow", "clockwise"].enumerated() {
            canvas.text(
                line, x: area.maxX + 10, y: area.maxY - Double(2 - index) * (TextSize.tick + 3), size: TextSize.tick, color: Palette.mutedText,
                baseline: .bottom)
        }
        for (index, line) in plot.centerText.enumerated() {
            let offset = (Double(index) - Double(plot.centerText.count - 1) / 2) * (TextSize.axisLabel + 6)
            canvas.text(
                line, x: cx, y: cy + offset, size: index == 0 ? TextSize.panelTitle : TextSize.tick, color: Palette.text,
                align: .center, baseline: .middle, bold: index == 0)
        }
        ColorBar(
            label: plot.valueLabel, range: plot.valueRange, lowIsBright: plot.lowIsBright, emptyLabel: plot.emptyLabel, emptyColor: Self.emptyColor,
            highlight: plot.highlight.map { ($0.label, $0.color) }
        )
        .draw(canvas: canvas, in: Rect(x: area.maxX + 10, y: area.y + 20, width: barWidth - 10, height: min(area.height - 40, 260)))
    }

    private func radians(_ degrees: Double) -> Double { Angles.radians(degrees) }
}

/// A vertical colour scale with min/max labels.
struct ColorBar {
    let label: String
    let range: ClosedRange<Double>
    let lowIsBright: Bool
    var emptyLabel: String?
    var emptyColor: Color?
    /// A line swatch under the empty one (the ring's highlight arc).
    var highlight: (label: String, color: Color)?

    /// `label` may contain line breaks; keep lines short, the bar is narrow.
    func draw(canvas: Canvas, in frame: Rect) {
        let lines = label.split(separator: "\n").map(String.init)
        let barX = frame.x + 4, barWidth = 16.0
        let barTop = frame.y + Double(lines.count) * (TextSize.tick + 4) + 10
        let barHeight = max(20, frame.height - (barTop - frame.y) - 40)
        for (index, line) in lines.enumerated() {
            canvas.text(line, x: frame.x, y: frame.y + Double(index) * (TextSize.tick + 4), size: TextSize.tick, color: Palette.text, baseline: .top)
        }
        let steps = 64
        for step in 0..<steps {
            let t = Double(step) / Double(steps - 1)
            let color = Palette.ramp(lowIsBright ? t : 1 - t)  // top of the bar = high value
            canvas.fillRectangle(
                x: barX, y: barTop + barHeight * Double(step) / Double(steps), width: barWidth, height: barHeight / Double(steps) + 0.5, color: color)
        }
        let ticks = AxisTicks.linear(range, target: 4, expand: false)
        for (value, text) in zip(ticks.major, ticks.labels) where range.contains(value) {
            let span = range.upperBound - range.lowerBound
            let y = barTop + barHeight * (1 - (span > 0 ? (value - range.lowerBound) / span : 0.5))
            canvas.setColor(Palette.frame)
            canvas.line(barX + barWidth, y, barX + barWidth + 4, y)
            canvas.text(text, x: barX + barWidth + 7, y: y, size: TextSize.tick, color: Palette.text, baseline: .middle)
        }
        if let emptyLabel, let emptyColor {
            let y = barTop + barHeight + 14
            canvas.fillRectangle(x: barX, y: y, width: barWidth, height: 12, color: emptyColor)
            canvas.text(emptyLabel, x: barX + barWidth + 7, y: y + 6, size: TextSize.tick, color: Palette.text, baseline: .middle)
        }
        if let highlight {
            let lines = highlight.label.split(separator: "\n").map(String.init)
            let y = barTop + barHeight + 14 + (emptyLabel == nil ? 0 : 22)
            canvas.fillRectangle(x: barX, y: y + 3, width: barWidth, height: 5, color: highlight.color)
            for (index, line) in lines.enumerated() {
                canvas.text(
                    line, x: barX + barWidth + 7, y: y + 6 + Double(index) * (TextSize.tick + 3), size: TextSize.tick, color: Palette.text,
                    baseline: .middle)
            }
        }
    }
}
