import CCairo

extension Canvas {
    /// Strokes a line of `lineWidth` px in `color` through `points`; a non-finite point leaves a
    /// gap (the line ends before it and starts again after it). `dash`: on/off lengths in px,
    /// as `setDash`; empty draws solid. Segments meet in round joins (a zigzag of data keeps
    /// its peaks where they are, where mitres would overshoot them); the ends are butt. Each
    /// segment is clipped to the canvas first, so coordinates far off it (a value mapped from
    /// an outlier) cannot overflow cairo's fixed-point numbers. cairo's colour, line width,
    /// dash, joins and path are left as they were.
    public func strokePolyline(_ points: [(x: Double, y: Double)], width lineWidth: Double, color: Color, dash: [Double] = []) {
        // Wider than the canvas's two sides covers it all; cairo is not asked for more.
        guard lineWidth > 0, !lineWidth.isNaN else { return }
        let drawnWidth = min(lineWidth, 2 * Double(width + height))
        save()
        setColor(color)
        setLineWidth(drawnWidth)
        setDash(dash)
        cairo.set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        newPath()
        // Clipped ends stay more than half a line width off the canvas, out of sight.
        let margin = drawnWidth + 1
        let bounds = (low: -margin, highX: Double(width) + margin, highY: Double(height) + margin)
        var previous: (x: Double, y: Double)?
        var penAt: (x: Double, y: Double)?
        for point in points {
            guard point.x.isFinite && point.y.isFinite else {
                previous = nil
                continue
            }
            defer { previous = point }
            guard let start = previous,
                let (from, to) = Self.clipSegment(start, point, low: bounds.low, highX: bounds.highX, highY: bounds.highY)
            else { continue }
            if penAt.map({ $0 != from }) ?? true { moveTo(from.x, from.y) }
            lineTo(to.x, to.y)
            penAt = to
        }
        stroke()
        restore()
    }

    /// Fills a circle of `radius` px around each of `centers`, one after the other, so
    /// translucent circles darken where they overlap. Non-finite centres and circles wholly off
    /// the canvas are skipped.
    public func fillCircles(_ centers: some Sequence<(x: Double, y: Double)>, radius: Double, color: Color) {
        guard radius > 0, radius.isFinite else { return }
        setColor(color)
        for center in centers where center.x.isFinite && center.y.isFinite {
            guard center.x > -radius, center.y > -radius, center.x < Double(width) + radius, center.y < Double(height) + radius
            else { continue }
            newPath()
            arc(cx: center.x, cy: center.y, radius: radius, from: 0, to: 2 * .pi)
            fill()
        }
    }

    /// The part of the segment from `a` to `b` inside [low, highX] × [low, highY]
    /// (Liang–Barsky), `nil` when none of it is. An end moved onto an edge takes that edge's
    /// coordinate exactly, so a line between far-off ends (±10³⁰⁰ px, where a double cannot
    /// hold the canvas's few pixels) still crosses the canvas where it should.
    static func clipSegment(
        _ a: (x: Double, y: Double), _ b: (x: Double, y: Double), low: Double, highX: Double, highY: Double
    ) -> ((x: Double, y: Double), (x: Double, y: Double))? {
        // Ends beyond ±1e300 px are moved there, so the differences below stay finite; that
        // turns such a line by far less than a pixel on the canvas.
        let a = (x: min(max(a.x, -1e300), 1e300), y: min(max(a.y, -1e300), 1e300))
        let b = (x: min(max(b.x, -1e300), 1e300), y: min(max(b.y, -1e300), 1e300))
        let dx = b.x - a.x, dy = b.y - a.y
        // Each edge as p · t ≤ q, with the coordinate it fixes; a segment parallel to an edge
        // (p = 0) is wholly inside it or wholly out.
        let edges: [(p: Double, q: Double, x: Double?, y: Double?)] = [
            (-dx, a.x - low, low, nil), (dx, highX - a.x, highX, nil), (-dy, a.y - low, nil, low), (dy, highY - a.y, nil, highY),
        ]
        var enter = (t: 0.0, x: Double?.none, y: Double?.none), leave = (t: 1.0, x: Double?.none, y: Double?.none)
        for edge in edges {
            if edge.p == 0 {
                if edge.q < 0 { return nil }
                continue
            }
            let t = edge.q / edge.p
            if edge.p < 0, t > enter.t { enter = (t, edge.x, edge.y) }
            if edge.p > 0, t < leave.t { leave = (t, edge.x, edge.y) }
            if enter.t > leave.t { return nil }
        }
        func point(_ cut: (t: Double, x: Double?, y: Double?), from end: (x: Double, y: Double), at t: Double) -> (x: Double, y: Double) {
            guard cut.t != t else { return end }
            return (cut.x ?? a.x + cut.t * dx, cut.y ?? a.y + cut.t * dy)
        }
        return (point(enter, from: a, at: 0), point(leave, from: b, at: 1))
    }
}
