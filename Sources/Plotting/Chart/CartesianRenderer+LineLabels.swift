import Foundation

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

    /// The label of `plot.lines[index]` (horizontal): at the right end of the line, above it
    /// by preference, then below it, then at the left end above and below — the first of
    /// these inside the plot that covers no data point and no other horizontal line, else the
    /// one covering the fewest. A label with no room above or below the line stays at the
    /// right end, above when there is room there.
    func horizontalLabelPlacement(ofLine index: Int, area: Rect, xMap: ScaleMapping, yMap: ScaleMapping) -> LineLabelPlacement? {
        let line = plot.lines[index]
        guard line.orientation == .horizontal, let label = line.label else { return nil }
        let y = yMap.position(line.value)
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
        let obstacles = labelObstacles(besidesLine: index, xMap: xMap, yMap: yMap)
        func hidden(_ placement: LineLabelPlacement) -> Int {
            let rect = placement.box
            let points = obstacles.points.count { point in
                point.x >= rect.x - point.radius && point.x <= rect.maxX + point.radius && point.y >= rect.y - point.radius
                    && point.y <= rect.maxY + point.radius
            }
            return points + obstacles.lines.count { $0 >= rect.y - 1 && $0 <= rect.maxY + 1 }
        }
        var best = inside[0], fewest = hidden(best)
        for placement in inside.dropFirst() where fewest > 0 {
            let count = hidden(placement)
            if count < fewest { (best, fewest) = (placement, count) }
        }
        return best
    }

    /// Text size of a reference line's label, px.
    static var lineLabelSize: Double { TextSize.tick - 1 }

    /// What a line label must not hide, in pixels: every data point of marker and line series
    /// (not bars), with the radius of its marker and a pixel of air (a line's vertices with
    /// 2 px), and the heights of the other horizontal lines.
    private func labelObstacles(besidesLine index: Int, xMap: ScaleMapping, yMap: ScaleMapping) -> (
        points: [(x: Double, y: Double, radius: Double)], lines: [Double]
    ) {
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
        let lines = plot.lines.indices.filter { $0 != index && plot.lines[$0].orientation == .horizontal }.map {
            yMap.position(plot.lines[$0].value)
        }
        return (points, lines)
    }
}
