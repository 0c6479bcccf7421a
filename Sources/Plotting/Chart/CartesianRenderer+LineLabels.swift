extension CartesianRenderer {
    /// Where a reference line's label is drawn: `canvas.text`'s anchor, alignment and
    /// baseline, and the rectangle the text then takes (px), which a legend keeps off.
    struct LineLabelPlacement {
        struct Anchor: Equatable {
            var x: Double
            var y: Double
            var align: TextAlignment
            var baseline: TextBaseline

            /// The rectangle of a text of this size anchored here, px.
            func box(width: Double, height: Double) -> Rect {
                Rect(x: align == .right ? x - width : x, y: baseline == .bottom ? y - height : y, width: width, height: height)
            }
        }

        var anchor: Anchor
        var box: Rect
    }

    /// The labels of `plot.lines`, one per line (`nil` for a vertical or unlabelled one). A
    /// horizontal line's label goes to the right end of the line, above it by preference, then
    /// below it, then to the left end above and below — the first of these inside the plot
    /// that covers no data point and no other horizontal line, else the one covering the
    /// fewest. A label with no room above or below the line stays at the right end, above
    /// when there is room there.
    func horizontalLabelPlacements(area: Rect, xMap: ScaleMapping, yMap: ScaleMapping) -> [LineLabelPlacement?] {
        // Mapped to pixels once per plot, when the first label has a choice to make.
        var points: [(x: Double, y: Double, radius: Double)]?
        let heights = plot.lines.map { $0.orientation == .horizontal ? yMap.position($0.value) : nil }
        return plot.lines.indices.map { index in
            guard let y = heights[index], let label = plot.lines[index].label else { return nil }
            let size = canvas.measure(label, size: Self.lineLabelSize)
            let gap = 3.0, inset = 4.0
            let candidates = [
                LineLabelPlacement.Anchor(x: area.maxX - inset, y: y - gap, align: .right, baseline: .bottom),
                LineLabelPlacement.Anchor(x: area.maxX - inset, y: y + gap, align: .right, baseline: .top),
                LineLabelPlacement.Anchor(x: area.x + inset, y: y - gap, align: .left, baseline: .bottom),
                LineLabelPlacement.Anchor(x: area.x + inset, y: y + gap, align: .left, baseline: .top),
            ].map { LineLabelPlacement(anchor: $0, box: $0.box(width: size.width, height: size.height)) }
            let inside = candidates.filter { $0.box.y >= area.y && $0.box.maxY <= area.maxY }
            guard !inside.isEmpty else { return candidates[y - area.y > size.height + gap ? 0 : 1] }
            let obstacles = points ?? dataPointObstacles(xMap: xMap, yMap: yMap)
            points = obstacles
            let otherLines = heights.indices.compactMap { $0 == index ? nil : heights[$0] }
            func hidden(_ placement: LineLabelPlacement) -> Int {
                let rect = placement.box
                let covered = obstacles.count { point in
                    point.x >= rect.x - point.radius && point.x <= rect.maxX + point.radius && point.y >= rect.y - point.radius
                        && point.y <= rect.maxY + point.radius
                }
                return covered + otherLines.count { $0 >= rect.y - 1 && $0 <= rect.maxY + 1 }
            }
            var best = inside[0], fewest = hidden(best)
            for placement in inside.dropFirst() where fewest > 0 {
                let count = hidden(placement)
                if count < fewest { (best, fewest) = (placement, count) }
            }
            return best
        }
    }

    /// Text size of a reference line's label, px.
    static var lineLabelSize: Double { TextSize.tick - 1 }

    /// What a line label must not hide besides the other horizontal lines, in pixels: every
    /// data point of marker and line series (not bars), with the radius of its marker and a
    /// pixel of air (a line's vertices with 2 px).
    private func dataPointObstacles(xMap: ScaleMapping, yMap: ScaleMapping) -> [(x: Double, y: Double, radius: Double)] {
        var points: [(x: Double, y: Double, radius: Double)] = []
        for series in plot.series {
            let radius: Double
            switch series.style {
            case .markers(let markerRadius), .lineAndMarkers(_, let markerRadius): radius = markerRadius + 1
            case .line, .steps: radius = 2
            case .bars: continue
            }
            for (x, y) in zip(series.x, series.y) where x.isFinite && y.isFinite {
                points.append((xMap.position(x), yMap.position(y), radius))
            }
        }
        return points
    }
}
