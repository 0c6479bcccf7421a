extension Canvas {
    /// The sample of a series in a legend, `width` px wide from `x`, centred on `y`: a dot for
    /// markers, a block for bars, a line (dashed as the series is) for the rest.
    func legendSwatch(_ style: SeriesStyle, color: Color, x: Double, y: Double, width: Double) {
        switch style {
        case .markers(let radius):
            fillCircle(cx: x + width / 2, cy: y, radius: max(radius, 3), color: color)
        case .bars:
            fillRectangle(x: x, y: y - 5, width: width, height: 10, color: color)
        case .line(_, let dash):
            strokePolyline([(x, y), (x + width, y)], width: 2.5, color: color, dash: dash)
        case .lineAndMarkers(_, let radius):
            strokePolyline([(x, y), (x + width, y)], width: 2.5, color: color)
            fillCircle(cx: x + width / 2, cy: y, radius: max(radius, 3), color: color)
        case .steps:
            strokePolyline([(x, y), (x + width, y)], width: 2.5, color: color)
        }
    }
}
