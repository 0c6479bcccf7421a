extension CartesianRenderer {
    /// Where an annotation's text is drawn: its rectangle (px) and, when it was moved away from
    /// its point, the thin line that joins them.
    struct AnnotationBox {
        var box: Rect
        var leader: (from: (x: Double, y: Double), to: (x: Double, y: Double))?
    }

    /// What a `.clearOfData` label must not cover, px: rectangles (markers, placed labels) and
    /// segments (lines, error bars, reference lines).
    struct Obstacles {
        var rectangles: [(rect: Rect, weight: Double)] = []
        var segments: [(from: (x: Double, y: Double), to: (x: Double, y: Double))] = []

        /// How badly `rect` covers the obstacles: the weights of the rectangles it overlaps
        /// plus 3 per segment it crosses.
        func cost(of rect: Rect) -> Double {
            var cost = 0.0
            for obstacle in rectangles where obstacle.rect.overlaps(rect) { cost += obstacle.weight }
            for segment in segments where rect.intersects(segment.from, segment.to) { cost += 3 }
            return cost
        }
    }

    /// The boxes of `plot.annotations`, in order. `.besidePoint` and `.above` go where they say;
    /// each `.clearOfData` label takes the first of its candidate places — 8 directions around
    /// its point at growing distances (6 to 90 px) — that stays inside the plot and covers no
    /// marker, line, error bar, reference-line label (`avoiding`) or label placed before it;
    /// with none clear, the one covering least, nearer ones first.
    func annotationPlacements(area: Rect, xMap: ScaleMapping, yMap: ScaleMapping, avoiding: [Rect]) -> [AnnotationBox] {
        var obstacles: Obstacles?
        return plot.annotations.map { note in
            let px = xMap.position(note.x), py = yMap.position(note.y)
            let size = canvas.measure(note.text, size: TextSize.tick, bold: true)
            switch note.placement {
            case .besidePoint:
                let fitsRight = px + 5 + size.width <= area.maxX
                return AnnotationBox(
                    box: Rect(x: fitsRight ? px + 5 : px - 5 - size.width, y: py - 4 - size.height, width: size.width, height: size.height))
            case .above:
                return AnnotationBox(box: Rect(x: px - size.width / 2, y: py - 4 - size.height, width: size.width, height: size.height))
            case .clearOfData:
                var known = obstacles ?? dataObstacles(area: area, xMap: xMap, yMap: yMap, labels: avoiding)
                let placed = clearPlace(for: size, at: (px, py), area: area, obstacles: known)
                known.rectangles.append((placed.box, 100))
                obstacles = known
                return placed
            }
        }
    }

    /// The best candidate box of `size` around `point` (see `annotationPlacements`).
    private func clearPlace(for size: (width: Double, height: Double), at point: (x: Double, y: Double), area: Rect, obstacles: Obstacles)
        -> AnnotationBox
    {
        // Directions as (dx, dy) of the box's anchor: right, above-right, above, above-left, left,
        // below-left, below, below-right.
        let directions: [(Double, Double)] = [(1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1)]
        var best: (cost: Double, placed: AnnotationBox)?
        for distance in [6.0, 14, 24, 36, 50, 66, 90] {
            for (dx, dy) in directions {
                let x = dx > 0 ? point.x + distance : dx < 0 ? point.x - distance - size.width : point.x - size.width / 2
                let y = dy > 0 ? point.y + distance : dy < 0 ? point.y - distance - size.height : point.y - size.height / 2
                let box = Rect(x: x, y: y, width: size.width, height: size.height)
                guard box.x >= area.x + 2, box.maxX <= area.maxX - 2, box.y >= area.y + 2, box.maxY <= area.maxY - 2 else { continue }
                // Nearer places win ties; a leader line costs a little.
                let cost = obstacles.cost(of: box) * 1000 + distance
                if best == nil || cost < best!.cost {
                    let leader = distance > 14 ? (from: point, to: box.nearestPoint(to: point)) : nil
                    best = (cost, AnnotationBox(box: box, leader: leader))
                }
            }
            if let best, best.cost < 1000 { return best.placed }
        }
        return best?.placed
            ?? AnnotationBox(box: Rect(x: point.x + 5, y: point.y - 4 - size.height, width: size.width, height: size.height))
    }

    /// Markers, lines, error bars and reference lines of the plot, and `labels`, in pixels.
    private func dataObstacles(area: Rect, xMap: ScaleMapping, yMap: ScaleMapping, labels: [Rect]) -> Obstacles {
        var obstacles = Obstacles()
        obstacles.rectangles = labels.map { ($0, 100) }
        for series in plot.series {
            var points: [(x: Double, y: Double)] = []
            for (x, y) in zip(series.x, series.y) { points.append(x.isFinite && y.isFinite ? (xMap.position(x), yMap.position(y)) : (.nan, .nan)) }
            switch series.style {
            case .markers(let radius), .lineAndMarkers(_, let radius):
                for point in points where point.x.isFinite {
                    obstacles.rectangles.append(
                        (Rect(x: point.x - radius - 1, y: point.y - radius - 1, width: 2 * radius + 2, height: 2 * radius + 2), 10))
                }
            case .line, .steps, .bars: break
            }
            switch series.style {
            case .line, .lineAndMarkers, .steps:
                for (from, to) in zip(points, points.dropFirst()) where from.x.isFinite && to.x.isFinite { obstacles.segments.append((from, to)) }
            case .markers, .bars: break
            }
            for (index, point) in points.enumerated() where point.x.isFinite {
                if let error = series.errors?[index], error.isFinite, error > 0 {
                    let low = yMap.position(series.y[index] - error), high = yMap.position(series.y[index] + error)
                    obstacles.segments.append(((point.x, low), (point.x, high)))
                }
                if let error = series.xErrors?[index], error.isFinite, error > 0 {
                    let low = xMap.position(series.x[index] - error), high = xMap.position(series.x[index] + error)
                    obstacles.segments.append(((low, point.y), (high, point.y)))
                }
            }
        }
        for line in plot.lines {
            switch line.orientation {
            case .horizontal:
                let y = yMap.position(line.value)
                obstacles.segments.append(((area.x, y), (area.maxX, y)))
            case .vertical:
                let x = xMap.position(line.value)
                obstacles.segments.append(((x, area.y), (x, area.maxY)))
            }
        }
        return obstacles
    }
}

extension Rect {
    func overlaps(_ other: Rect) -> Bool { x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY }

    /// Whether the segment `a`–`b` passes through this rectangle (Liang–Barsky clipping).
    func intersects(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Bool {
        let dx = b.x - a.x, dy = b.y - a.y
        var low = 0.0, high = 1.0
        for (p, q) in [(-dx, a.x - x), (dx, maxX - a.x), (-dy, a.y - y), (dy, maxY - a.y)] {
            if p == 0 {
                if q < 0 { return false }
            } else {
                let t = q / p
                if p < 0 { low = max(low, t) } else { high = min(high, t) }
                if low > high { return false }
            }
        }
        return true
    }

    /// The point of the rectangle's edge or inside nearest to `point`.
    func nearestPoint(to point: (x: Double, y: Double)) -> (x: Double, y: Double) {
        (min(max(point.x, x), maxX), min(max(point.y, y), maxY))
    }
}
