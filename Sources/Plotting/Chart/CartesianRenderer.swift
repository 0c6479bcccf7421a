/// Draws one `CartesianPlot` into a rectangle of a canvas.
struct CartesianRenderer {
    let plot: CartesianPlot
    let canvas: Canvas

    func draw(in frame: Rect) {
        let top = canvas.panelTitle(plot.title, in: frame)
        let xTicks = ticks(for: plot.xAxis, data: xExtent(), expand: plot.xAxis.includesZero || isBarChart)
        let yTicks = ticks(for: plot.yAxis, data: yExtent(), expand: true)

        let tickWidth = yTicks.labels.map { canvas.measure($0, size: TextSize.tick).width }.max() ?? 0
        let left = frame.x + TextSize.axisLabel + 8 + tickWidth + 6
        let bottom = frame.maxY - (TextSize.axisLabel + 8 + TextSize.tick + 8)
        var area = Rect(x: left, y: top + 4, width: frame.maxX - 8 - left, height: bottom - top - 4)
        guard area.width > 20, area.height > 20 else { return }
        if plot.equalAspect {
            let xSpan = xTicks.domain.upperBound - xTicks.domain.lowerBound, ySpan = yTicks.domain.upperBound - yTicks.domain.lowerBound
            let scale = min(area.width / xSpan, area.height / ySpan)
            area = Rect(x: area.x, y: area.y, width: xSpan * scale, height: ySpan * scale)
        }
        let xMap = ScaleMapping(scale: plot.xAxis.scale, domain: xTicks.domain, pixels: area.x...area.maxX, inverted: plot.xAxis.reversed)
        let yMap = ScaleMapping(scale: plot.yAxis.scale, domain: yTicks.domain, pixels: area.y...area.maxY, inverted: !plot.yAxis.reversed)

        // Bands and grid under the data.
        canvas.save()
        canvas.clip(x: area.x, y: area.y, width: area.width, height: area.height)
        for band in plot.bands {
            // Clamped to the axis first: a band reaching to ±∞ must not overflow the canvas's
            // fixed-point coordinates.
            switch band.axis {
            case .x:
                let range = band.range.clamped(to: xTicks.domain)
                let x0 = xMap.position(range.lowerBound), x1 = xMap.position(range.upperBound)
                canvas.fillRectangle(x: min(x0, x1), y: area.y, width: abs(x1 - x0), height: area.height, color: band.color)
            case .y:
                let range = band.range.clamped(to: yTicks.domain)
                let y0 = yMap.position(range.lowerBound), y1 = yMap.position(range.upperBound)
                canvas.fillRectangle(x: area.x, y: min(y0, y1), width: area.width, height: abs(y1 - y0), color: band.color)
            }
        }
        canvas.restore()
        drawGrid(area: area, xTicks: xTicks, yTicks: yTicks, xMap: xMap, yMap: yMap)

        canvas.save()
        canvas.clip(x: area.x, y: area.y, width: area.width, height: area.height)
        for line in plot.lines { drawReferenceLine(line, area: area, xMap: xMap, yMap: yMap) }
        for series in plot.series {
            drawSeries(series, xMap: xMap, yMap: yMap, baseline: yMap.position(max(yTicks.domain.lowerBound, min(0, yTicks.domain.upperBound))))
        }
        // Over the data, where it hides the least of it.
        let lineLabels = horizontalLabelPlacements(area: area, xMap: xMap, yMap: yMap)
        for (line, placement) in zip(plot.lines, lineLabels) { drawReferenceLabel(of: line, at: placement, area: area, xMap: xMap) }
        let notes = annotationPlacements(area: area, xMap: xMap, yMap: yMap, avoiding: lineLabels.compactMap { $0?.box })
        for (note, placed) in zip(plot.annotations, notes) {
            if let leader = placed.leader {
                canvas.strokePolyline([leader.from, leader.to], width: 0.8, color: note.color.withAlpha(0.7))
            }
            canvas.text(note.text, x: placed.box.x, y: placed.box.maxY, size: TextSize.tick, color: note.color, baseline: .bottom, bold: true)
        }
        canvas.restore()

        // Frame, tick labels and axis labels on top.
        canvas.setColor(Palette.frame)
        canvas.setLineWidth(1)
        canvas.setDash([])
        canvas.rectangle(x: area.x, y: area.y, width: area.width, height: area.height)
        canvas.stroke()
        for (value, label) in zip(yTicks.major, yTicks.labels) {
            canvas.text(label, x: area.x - 6, y: yMap.position(value), size: TextSize.tick, color: Palette.text, align: .right, baseline: .middle)
        }
        for (value, label) in zip(xTicks.major, xTicks.labels) {
            canvas.text(label, x: xMap.position(value), y: area.maxY + 6, size: TextSize.tick, color: Palette.text, align: .center, baseline: .top)
        }
        canvas.text(
            plot.xAxis.label, x: area.midX, y: min(frame.maxY - 2, area.maxY + TextSize.tick + 8 + TextSize.axisLabel + 6), size: TextSize.axisLabel,
            color: Palette.text, align: .center, baseline: .bottom)
        // Rotated, the label runs along the plot's height: a long one in a short panel gets a
        // smaller size rather than run into the panel's title (down to 8 px: a label too long
        // even then still runs over).
        let labelWidth = canvas.measure(plot.yAxis.label, size: TextSize.axisLabel).width
        let labelSize = labelWidth > area.height ? max(8, TextSize.axisLabel * area.height / labelWidth) : TextSize.axisLabel
        canvas.text(
            plot.yAxis.label, x: frame.x + 2, y: area.midY, size: labelSize, color: Palette.text, align: .center, baseline: .top,
            angle: -.pi / 2)
        for band in plot.bands where band.label != nil {
            let (x, y) = labelOrigin(band, area: area, xMap: xMap, yMap: yMap)
            if x >= area.x && x < area.maxX - 20 && y >= area.y && y < area.maxY - 10 {
                canvas.text(band.label!, x: x, y: y, size: TextSize.tick - 1, color: Palette.mutedText, baseline: .top)
            }
        }
        drawLegend(area: area, xMap: xMap, yMap: yMap, textBoxes: lineLabels.compactMap { $0?.box } + notes.map(\.box))
    }

    /// Top left of a band's label: at the top of an x band, at the left of a y band, inside it.
    private func labelOrigin(_ band: Band, area: Rect, xMap: ScaleMapping, yMap: ScaleMapping) -> (Double, Double) {
        switch band.axis {
        case .x: return (xMap.position(band.range.lowerBound) + 3, area.y + 3)
        case .y:
            let top = max(area.y, min(yMap.position(band.range.upperBound), area.maxY))
            return (area.x + 4, top + 3)
        }
    }

    private var isBarChart: Bool {
        plot.series.contains { if case .bars = $0.style { return true } else { return false } }
    }

    func ticks(for axis: ChartAxis, data: ClosedRange<Double>, expand: Bool) -> AxisTicks {
        if let categories = axis.categories {
            return AxisTicks(
                domain: -0.5...(Double(categories.count) - 0.5), major: categories.indices.map(Double.init), labels: categories, minor: [])
        }
        if let fixed = axis.ticks, let limits = axis.limits {
            return AxisTicks(
                domain: limits, major: fixed, labels: fixed.map { AxisTicks.format($0, decimals: fixed.allSatisfy { $0 == $0.rounded() } ? 0 : 2) },
                minor: [])
        }
        var range = axis.limits ?? data
        if axis.limits == nil && axis.includesZero {
            range = min(range.lowerBound, 0)...max(range.upperBound, 0)
        }
        switch axis.scale {
        case .linear:
            var ticks = AxisTicks.linear(range, expand: expand && axis.limits == nil, wholeNumbers: axis.wholeNumbers)
            if axis.limits != nil {
                ticks.domain = range
            } else if expand {
                // Data on the edge of the frame (coverage 1.0, a rank of 1) would be drawn half
                // outside it: a little room beyond the outer tick, except at a bar chart's zero.
                let margin = (ticks.domain.upperBound - ticks.domain.lowerBound) * 0.03
                let baseline = isBarChart
                let touchesLow = data.lowerBound - ticks.domain.lowerBound < margin && !(baseline && data.lowerBound == 0)
                let touchesHigh = ticks.domain.upperBound - data.upperBound < margin && !(baseline && data.upperBound == 0)
                ticks.domain = (ticks.domain.lowerBound - (touchesLow ? margin : 0))...(ticks.domain.upperBound + (touchesHigh ? margin : 0))
            }
            return ticks
        case .logarithmic:
            return axis.limits.map { AxisTicks.logarithmic(limits: $0) } ?? AxisTicks.logarithmic(range)
        }
    }

    private func xExtent() -> ClosedRange<Double> {
        var values: [Double] = []
        for series in plot.series {
            if case .bars(let width, let offset) = series.style {
                values += series.x.flatMap { (x: Double) -> [Double] in [x + offset - width / 2, x + offset + width / 2] }
            } else if let errors = series.xErrors {
                values += zip(series.x, errors).flatMap { (x: Double, error: Double) -> [Double] in [x - error, x + error] }
            } else {
                values += series.x
            }
        }
        values += plot.lines.filter { $0.orientation == .vertical }.map(\.value)
        return extent(values, positiveOnly: plot.xAxis.scale == .logarithmic)
    }

    private func yExtent() -> ClosedRange<Double> {
        var values: [Double] = []
        for series in plot.series {
            if let errors = series.errors {
                values += zip(series.y, errors).flatMap { (y: Double, error: Double) -> [Double] in [y - error, y + error] }
            } else {
                values += series.y
            }
            if case .bars = series.style { values.append(0) }
        }
        values += plot.lines.filter { $0.orientation == .horizontal }.map(\.value)
        return extent(values, positiveOnly: plot.yAxis.scale == .logarithmic)
    }

    private func extent(_ values: [Double], positiveOnly: Bool) -> ClosedRange<Double> {
        let usable = values.filter { $0.isFinite && (!positiveOnly || $0 > 0) }
        guard let low = usable.min(), let high = usable.max() else { return positiveOnly ? 1...10 : 0...1 }
        return low...high
    }

    private func drawGrid(area: Rect, xTicks: AxisTicks, yTicks: AxisTicks, xMap: ScaleMapping, yMap: ScaleMapping) {
        canvas.setLineWidth(1)
        canvas.setDash([])
        canvas.setColor(Palette.grid.withAlpha(0.6))
        for value in yTicks.minor { canvas.line(area.x, yMap.position(value), area.maxX, yMap.position(value)) }
        for value in xTicks.minor { canvas.line(xMap.position(value), area.y, xMap.position(value), area.maxY) }
        canvas.setColor(Palette.grid)
        for value in yTicks.major { canvas.line(area.x, yMap.position(value), area.maxX, yMap.position(value)) }
        if plot.xAxis.categories == nil {
            for value in xTicks.major { canvas.line(xMap.position(value), area.y, xMap.position(value), area.maxY) }
        }
        canvas.setColor(Palette.frame)
        for value in xTicks.major { canvas.line(xMap.position(value), area.maxY, xMap.position(value), area.maxY + 4) }
        for value in yTicks.major { canvas.line(area.x - 4, yMap.position(value), area.x, yMap.position(value)) }
    }

    /// Dashed as the series are (`Canvas.strokePolyline`), so any pattern a series takes works.
    private func drawReferenceLine(_ line: ReferenceLine, area: Rect, xMap: ScaleMapping, yMap: ScaleMapping) {
        switch line.orientation {
        case .horizontal:
            let y = yMap.position(line.value)
            canvas.strokePolyline([(area.x, y), (area.maxX, y)], width: 1.2, color: line.color, dash: line.dash)
        case .vertical:
            let x = xMap.position(line.value)
            canvas.strokePolyline([(x, area.y), (x, area.maxY)], width: 1.2, color: line.color, dash: line.dash)
        }
    }

    /// A horizontal line's label goes to `placement` (`horizontalLabelPlacement`'s); a vertical
    /// line's at its top, right of it.
    private func drawReferenceLabel(of line: ReferenceLine, at placement: LineLabelPlacement?, area: Rect, xMap: ScaleMapping) {
        guard let label = line.label else { return }
        switch line.orientation {
        case .horizontal:
            guard let anchor = placement?.anchor else { return }
            canvas.text(
                label, x: anchor.x, y: anchor.y, size: Self.lineLabelSize, color: line.color, align: anchor.align, baseline: anchor.baseline)
        case .vertical:
            canvas.text(label, x: xMap.position(line.value) + 3, y: area.y + 3, size: Self.lineLabelSize, color: line.color, baseline: .top)
        }
    }

    /// Each way of drawing takes the series' colour itself; only error bars use cairo's
    /// current colour, which they set.
    private func drawSeries(_ series: Series, xMap: ScaleMapping, yMap: ScaleMapping, baseline: Double) {
        switch series.style {
        case .line(let width, let dash):
            strokePolyline(series, width: width, dash: dash, xMap: xMap, yMap: yMap, steps: false)
        case .steps(let width):
            strokePolyline(series, width: width, dash: [], xMap: xMap, yMap: yMap, steps: true)
        case .markers(let radius):
            drawMarkers(series, radius: radius, xMap: xMap, yMap: yMap)
        case .lineAndMarkers(let width, let radius):
            strokePolyline(series, width: width, dash: [], xMap: xMap, yMap: yMap, steps: false)
            drawMarkers(series, radius: radius, xMap: xMap, yMap: yMap)
        case .bars(let width, let offset):
            for (x, y) in zip(series.x, series.y) where x.isFinite && y.isFinite {
                let x0 = xMap.position(x + offset - width / 2), x1 = xMap.position(x + offset + width / 2)
                let top = yMap.position(y)
                canvas.fillRectangle(x: min(x0, x1), y: min(top, baseline), width: abs(x1 - x0), height: abs(baseline - top), color: series.color)
            }
            drawErrorBars(series, xMap: xMap, yMap: yMap)
        }
    }

    /// The series as one polyline in pixels; a non-finite value is a gap. Steps hold each value
    /// until the next x.
    private func strokePolyline(_ series: Series, width: Double, dash: [Double], xMap: ScaleMapping, yMap: ScaleMapping, steps: Bool) {
        var points: [(x: Double, y: Double)] = []
        points.reserveCapacity(steps ? 2 * series.x.count : series.x.count)
        var lastY = Double.nan
        for (x, y) in zip(series.x, series.y) {
            guard x.isFinite && y.isFinite else {
                points.append((.nan, .nan))  // a gap in the data breaks the line
                lastY = .nan
                continue
            }
            let px = xMap.position(x), py = yMap.position(y)
            if steps && lastY.isFinite { points.append((px, lastY)) }
            points.append((px, py))
            lastY = py
        }
        canvas.strokePolyline(points, width: width, color: series.color, dash: dash)
    }

    private func drawMarkers(_ series: Series, radius: Double, xMap: ScaleMapping, yMap: ScaleMapping) {
        drawErrorBars(series, xMap: xMap, yMap: yMap)
        let centers = zip(series.x, series.y).lazy.filter { $0.isFinite && $1.isFinite }.map { (x: xMap.position($0), y: yMap.position($1)) }
        canvas.fillCircles(centers, radius: radius, color: series.color)
    }

    private func drawErrorBars(_ series: Series, xMap: ScaleMapping, yMap: ScaleMapping) {
        if let xErrors = series.xErrors {
            canvas.setColor(Palette.text)
            canvas.setLineWidth(1.2)
            for ((x, y), error) in zip(zip(series.x, series.y), xErrors) where x.isFinite && y.isFinite && error.isFinite && error > 0 {
                let py = yMap.position(y)
                let low = xMap.position(x - error), high = xMap.position(x + error)
                canvas.line(low, py, high, py)
                canvas.line(low, py - 3, low, py + 3)
                canvas.line(high, py - 3, high, py + 3)
            }
        }
        guard let errors = series.errors else { return }
        var offset = 0.0
        if case .bars(_, let barOffset) = series.style { offset = barOffset }
        canvas.setColor(Palette.text)
        canvas.setLineWidth(1.2)
        for ((x, y), error) in zip(zip(series.x, series.y), errors) where x.isFinite && y.isFinite && error.isFinite && error > 0 {
            let px = xMap.position(x + offset)
            let low = yMap.position(y - error), high = yMap.position(y + error)
            canvas.line(px, low, px, high)
            canvas.line(px - 3, low, px + 3, low)
            canvas.line(px - 3, high, px + 3, high)
        }
    }

    private func covered(_ points: [(Double, Double)], _ origin: (Double, Double), _ width: Double, _ height: Double) -> Int {
        points.filter { $0.0 >= origin.0 && $0.0 <= origin.0 + width && $0.1 >= origin.1 && $0.1 <= origin.1 + height }.count
    }

    /// `textBoxes`: the rectangles of the reference lines' labels and the annotations, px, which
    /// an automatic legend keeps off.
    private func drawLegend(area: Rect, xMap: ScaleMapping, yMap: ScaleMapping, textBoxes: [Rect]) {
        let entries = plot.series.compactMap { series in series.name.map { ($0, series) } }
        guard plot.legend != .none, !entries.isEmpty else { return }
        let rowHeight = TextSize.legend + 6
        let swatch = 18.0
        let textWidth = entries.map { canvas.measure($0.0, size: TextSize.legend).width }.max() ?? 0
        let width = swatch + 8 + textWidth + 16
        let height = Double(entries.count) * rowHeight + 8
        func corner(_ position: LegendPosition) -> (Double, Double) {
            switch position {
            case .topLeft: return (area.x + 8, area.y + 8)
            case .bottomRight: return (area.maxX - width - 8, area.maxY - height - 8)
            case .bottomLeft: return (area.x + 8, area.maxY - height - 8)
            default: return (area.maxX - width - 8, area.y + 8)
            }
        }
        var position = plot.legend
        if position == .automatic {
            // Count what each corner would cover: data points (sampled), band and line labels
            // and annotations.
            var points: [(Double, Double)] = []
            for series in plot.series {
                let stride = max(1, series.x.count / 400)
                for index in Swift.stride(from: 0, to: series.x.count, by: stride) where series.x[index].isFinite && series.y[index].isFinite {
                    points.append((xMap.position(series.x[index]), yMap.position(series.y[index])))
                }
            }
            // A covered label is unreadable, covered lines are not: corners that would hide a band
            // label or an annotation are only used when every corner would.
            var labels: [(Double, Double)] = []
            for band in plot.bands where band.label != nil {
                let (x0, y0) = labelOrigin(band, area: area, xMap: xMap, yMap: yMap)
                for dx in Swift.stride(from: 0.0, to: 60, by: 6) { labels.append((x0 + dx, y0 + 5)) }
            }
            for box in textBoxes {
                // The whole text, ends included: every 6 px along its middle, and its last pixel.
                for x in Swift.stride(from: box.x, to: box.maxX, by: 6) { labels.append((x, box.midY)) }
                labels.append((box.maxX, box.midY))
            }
            let candidates: [LegendPosition] = [.topRight, .topLeft, .bottomRight, .bottomLeft]
            let clear = candidates.filter { covered(labels, corner($0), width, height) == 0 }
            position =
                (clear.isEmpty ? candidates : clear).min { a, b in
                    covered(points, corner(a), width, height) < covered(points, corner(b), width, height)
                } ?? .topRight
        }
        let (x, y) = corner(position)
        canvas.fillRectangle(x: x, y: y, width: width, height: height, color: Color.white.withAlpha(0.88))
        canvas.setColor(Palette.grid)
        canvas.setLineWidth(1)
        canvas.rectangle(x: x, y: y, width: width, height: height)
        canvas.stroke()
        for (index, entry) in entries.enumerated() {
            let rowY = y + 4 + Double(index) * rowHeight + rowHeight / 2
            canvas.legendSwatch(entry.1.style, color: entry.1.color, x: x + 8, y: rowY, width: swatch)
            canvas.text(entry.0, x: x + 8 + swatch + 8, y: rowY, size: TextSize.legend, color: Palette.text, baseline: .middle)
        }
    }
}
