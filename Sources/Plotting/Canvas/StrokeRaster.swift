import Foundation

/// Antialiased coverage of thick polylines on a pixel grid, for `Canvas.strokePolyline`.
///
/// cairo scan-converts a stroke as one polygon with 15 sub-rows per pixel row, so its cost grows
/// with the vertical extent of every edge and with the edges active on a row: a 72-point zigzag
/// of the deviation figure costs it ≈ 1.1 ms (1.6 ms dashed), a 1 767-point noisy series
/// ≈ 25 ms. Here each pixel near a segment gets its coverage from its distance to the segment,
/// so the cost follows the pixels the line touches: ≈ 0.3 ms for that zigzag, rasterised and
/// blended.
///
/// Coverage model, per pixel centre at distance d across a segment and t along it: the
/// overlap of the pixel's footprint across the line (1 px for an axis-parallel line, up to
/// √2 px at 45°) with the line's span [d − w/2, d + w/2], as a fraction of the footprint,
/// times the same along the segment at a butt end. Exact for axis-parallel lines; at other
/// angles it keeps a line's ink (length × width within 2 %) and differs from cairo's exact
/// pixel areas by ≈ 16 levels of 255 on average at the edge. Inside a polyline the segments
/// meet in round joins (the distance to the shared vertex); the polyline's ends and each dash
/// end are butt, as cairo's default cap. Coverages of one polyline combine by maximum, so a
/// translucent line does not darken where it crosses itself or at its joins, as with a single
/// cairo stroke.
///
/// Not thread-safe; one per canvas. Coordinates are cairo's: pixel (i, j) covers
/// [i, i + 1] × [j, j + 1], y down.
final class StrokeRaster {
    let width: Int
    let height: Int
    /// One byte per pixel, 0…255, rows `width` apart; zero outside the pixels touched since the
    /// last `composite`, so it goes back to `MemoryBlockPool.coverage` zeroed.
    private let block: MemoryBlock
    private let coverage: UnsafeMutablePointer<UInt8>
    /// The row and column range of every run of pixels `addSegment` touched, in order; runs
    /// may overlap (at joins), so `composite` clears each pixel as it blends it.
    /// (Its capacity stays between polylines, so adding to it allocates nothing once grown.)
    private var runs: [Run] = []

    struct Run {
        var row: Int32
        var first: Int32
        var last: Int32
    }

    private let pool: MemoryBlockPool

    /// `nil` when the memory cannot be had. `pool` is where the coverage memory comes from and
    /// goes back to.
    init?(width: Int, height: Int, pool: MemoryBlockPool = .coverage) {
        precondition(width > 0 && height > 0)
        guard let block = pool.take(byteCount: width * height) else { return nil }
        self.width = width
        self.height = height
        self.pool = pool
        self.block = block
        coverage = block.pointer.bindMemory(to: UInt8.self, capacity: width * height)
        runs.reserveCapacity(1024)
    }

    deinit {
        discard()  // what was added but never composited
        pool.give(block)
    }

    /// Clears the coverage since the last `composite` without drawing it.
    func discard() {
        for run in runs {
            (coverage + Int(run.row) * width + Int(run.first)).update(repeating: 0, count: Int(run.last - run.first) + 1)
        }
        runs.removeAll(keepingCapacity: true)
    }

    /// Coverage of the pixel at (`column`, `row`) since the last `composite`, 0…255.
    func coverage(column: Int, row: Int) -> UInt8 { coverage[row * width + column] }

    // MARK: Polylines

    /// Adds a polyline of `lineWidth` px through `points`; a non-finite point is a gap that ends
    /// one piece and starts the next. `dash` is on/off lengths in px from each piece's start,
    /// repeated (an odd count repeats twice, as in cairo); one `DashPattern` rejects draws solid.
    func addPolyline(_ points: UnsafeBufferPointer<(x: Double, y: Double)>, lineWidth: Double, dash: [Double]) {
        guard lineWidth > 0, lineWidth.isFinite else { return }
        // A line wider than the canvas's diagonal covers all of it that it covers at all; wider
        // ones would only widen the bounds the dashes are walked in.
        let halfWidth = min(lineWidth, hypot(Double(width), Double(height)) + 4) / 2
        let pattern = DashPattern(dash)
        var start = 0
        while start < points.count {
            var end = start
            while end < points.count, points[end].x.isFinite, points[end].y.isFinite { end += 1 }
            if end - start >= 2 {
                let piece = UnsafeBufferPointer(rebasing: points[start..<end])
                if let pattern { addDashed(piece, halfWidth: halfWidth, pattern: pattern) } else { addSolid(piece, halfWidth: halfWidth) }
            }
            start = end + 1
        }
    }

    private func addSolid(_ points: UnsafeBufferPointer<(x: Double, y: Double)>, halfWidth: Double) {
        // Zero-length steps have no direction; they neither draw nor end the line. Each segment
        // is added once the next one is known, so the last one gets the butt end.
        var previous = points[0]
        var pending: (a: (x: Double, y: Double), b: (x: Double, y: Double), isFirst: Bool)?
        for point in points.dropFirst() where point != previous {
            if let segment = pending { addSegment(segment.a, segment.b, halfWidth: halfWidth, buttStart: segment.isFirst, buttEnd: false) }
            pending = (previous, point, pending == nil)
            previous = point
        }
        if let segment = pending { addSegment(segment.a, segment.b, halfWidth: halfWidth, buttStart: segment.isFirst, buttEnd: true) }
    }

    private func addDashed(_ points: UnsafeBufferPointer<(x: Double, y: Double)>, halfWidth: Double, pattern: DashPattern) {
        var walker = pattern.walker()
        let bounds = drawableBounds(halfWidth: halfWidth)
        // The line ends with its last segment of some length: repeated points after it add none.
        var lastIndex = points.count - 1
        while lastIndex > 1, points[lastIndex] == points[lastIndex - 1] { lastIndex -= 1 }
        for index in 1...lastIndex {
            let (from, to) = (points[index - 1], points[index])
            guard from != to else { continue }
            // Only the part on the canvas is walked dash by dash; the pattern skips the rest, so
            // a line reaching far off the canvas costs no more than one that ends at its edge.
            guard let visible = Self.clip(from, to, to: bounds) else {
                walker.skip(hypot(to.x / 2 - from.x / 2, to.y / 2 - from.y / 2) * 2)
                continue
            }
            walker.skip(hypot(visible.start.x - from.x, visible.start.y - from.y))
            let dx = visible.end.x - visible.start.x, dy = visible.end.y - visible.start.y
            let length = (dx * dx + dy * dy).squareRoot()
            var position = 0.0
            while position < length {
                let reachesEnd = walker.remainingInPhase >= length - position
                let step = reachesEnd ? length - position : walker.remainingInPhase
                if walker.isOn {
                    // A dash that goes on past this segment's end joins the next segment round,
                    // like a stroke's join; its own ends, and the line's, are butt.
                    let startsDash = walker.startsPhase || visible.startClipped
                    let phaseEnds = step == walker.remainingInPhase && !walker.nextIsOn
                    let endsDash = phaseEnds || index == lastIndex || visible.endClipped
                    let (near, far) = (position / length, reachesEnd ? 1 : (position + step) / length)
                    addSegment(
                        (visible.start.x + dx * near, visible.start.y + dy * near), (visible.start.x + dx * far, visible.start.y + dy * far),
                        halfWidth: halfWidth, buttStart: startsDash, buttEnd: endsDash)
                }
                walker.advance(by: step)
                // Not position + step: rounding could leave a sliver of the segment to walk again.
                position = reachesEnd ? length : position + step
            }
            walker.skip(hypot(to.x - visible.end.x, to.y - visible.end.y))
        }
    }

    /// The canvas widened by what a line of `halfWidth` can still reach from outside it.
    private func drawableBounds(halfWidth: Double) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let margin = halfWidth + 2.5
        return (-margin, -margin, Double(width) + margin, Double(height) + margin)
    }

    // MARK: Segments

    /// Adds the coverage of a segment from `a` to `b`, `halfWidth` px either side; a butt end
    /// stops square at its point, the other end is round (a join).
    func addSegment(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), halfWidth: Double, buttStart: Bool, buttEnd: Bool) {
        // Far-off ends would overflow the pixel arithmetic; what lies beyond the drawable bounds
        // draws nothing on the canvas, whatever its cap.
        guard let visible = Self.clip(a, b, to: drawableBounds(halfWidth: halfWidth)) else { return }
        let (start, end) = (visible.start, visible.end)
        let dx = end.x - start.x, dy = end.y - start.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return }
        let ux = dx / length, uy = dy / length
        // A pixel seen across (and along) the line is this wide: 1 for an axis-parallel line,
        // √2 at 45°. Coverage ramps over that width, which keeps a line's ink at any angle.
        let footprint = abs(ux) + abs(uy), halfFootprint = footprint / 2, inverseFootprint = 1 / footprint
        // A pixel centre farther than this from the segment gets no coverage.
        let reach = halfWidth + halfFootprint
        // Along-coverage limits: a butt end cuts at the segment's end, a round one never.
        let lower = buttStart && !visible.startClipped ? 0 : -Double.infinity
        let upper = buttEnd && !visible.endClipped ? length : Double.infinity
        let roundStart = lower.isInfinite, roundEnd = upper.isInfinite

        let top = min(start.y, end.y), bottom = max(start.y, end.y)
        let firstRowIndex = max(0, Int((top - reach - 0.5).rounded(.up)))
        let lastRowIndex = min(height - 1, Int((bottom + reach - 0.5).rounded(.down)))
        guard firstRowIndex <= lastRowIndex else { return }
        // Within a nanopixel of level, a segment is taken as level: dx/dy would overflow.
        let isLevel = abs(dy) <= 1e-9
        let inverseSlope = isLevel ? 0 : dx / dy
        for row in firstRowIndex...lastRowIndex {
            let centerY = Double(row) + 0.5
            // The segment's part within `reach` of this row's centres, widened by `reach`.
            var left: Double, right: Double
            if !isLevel {
                let low = max(top, centerY - reach), high = min(bottom, centerY + reach)
                guard low <= high else { continue }
                left = start.x + (low - start.y) * inverseSlope
                right = start.x + (high - start.y) * inverseSlope
                if left > right { swap(&left, &right) }
            } else {
                left = min(start.x, end.x)
                right = max(start.x, end.x)
            }
            let firstColumn = max(0, Int((left - reach - 0.5).rounded(.up)))
            let lastColumn = min(width - 1, Int((right + reach - 0.5).rounded(.down)))
            guard firstColumn <= lastColumn else { continue }
            let offsetY = centerY - start.y
            let firstOffsetX = Double(firstColumn) + 0.5 - start.x
            // Position along the segment and signed distance across it, stepped per column.
            var along = firstOffsetX * ux + offsetY * uy
            var signedAcross = firstOffsetX * uy - offsetY * ux
            let rowStart = coverage + row * width
            var touchedFirst = Int32.max, touchedLast = Int32(-1)
            for column in firstColumn...lastColumn {
                defer {
                    along += ux
                    signedAcross += uy
                }
                var across = abs(signedAcross)
                if along < 0, roundStart {
                    across = (along * along + across * across).squareRoot()
                } else if along > length, roundEnd {
                    let beyond = along - length
                    across = (beyond * beyond + across * across).squareRoot()
                }
                let acrossCoverage = (min(across + halfWidth, halfFootprint) - max(across - halfWidth, -halfFootprint)) * inverseFootprint
                let alongCoverage = (min(along + halfFootprint, upper) - max(along - halfFootprint, lower)) * inverseFootprint
                let value = min(max(acrossCoverage, 0), 1) * min(max(alongCoverage, 0), 1)
                guard value > 0 else { continue }
                let level = UInt8(truncatingIfNeeded: Int(value * 255 + 0.5))
                if level > rowStart[column] { rowStart[column] = level }
                touchedFirst = min(touchedFirst, Int32(column))
                touchedLast = Int32(column)
            }
            guard touchedFirst <= touchedLast else { continue }
            runs.append(Run(row: Int32(row), first: touchedFirst, last: touchedLast))
        }
    }

    /// The segment's part inside `bounds` (Liang–Barsky), and whether each end was moved onto
    /// the bounds; `nil` when no part is inside, or when an end is not finite. A moved end is
    /// computed on its boundary, so an axis-parallel line keeps its exact position however far
    /// off its ends lie.
    static func clip(
        _ a: (x: Double, y: Double), _ b: (x: Double, y: Double), to bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)
    ) -> (start: (x: Double, y: Double), end: (x: Double, y: Double), startClipped: Bool, endClipped: Bool)? {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return nil }
        if a.x >= bounds.minX, a.x <= bounds.maxX, a.y >= bounds.minY, a.y <= bounds.maxY, b.x >= bounds.minX, b.x <= bounds.maxX,
            b.y >= bounds.minY, b.y <= bounds.maxY
        {
            return (a, b, false, false)
        }
        // Halved so that differences cannot overflow for ends near ±Double.greatestFiniteMagnitude.
        let dx = b.x / 2 - a.x / 2, dy = b.y / 2 - a.y / 2
        var from = 0.0, to = 1.0, outside = false
        // Where the entering and leaving boundaries are: (is an x boundary, its value).
        var entering: (isX: Bool, value: Double)?, leaving: (isX: Bool, value: Double)?
        // One boundary: p is the segment's approach to it, q the start's distance inside it.
        func limit(_ p: Double, _ q: Double, isX: Bool, value: Double) {
            if p == 0 {
                if q < 0 { outside = true }
            } else if p < 0 {
                if q / p > from { (from, entering) = (q / p, (isX, value)) }
            } else if q / p < to {
                (to, leaving) = (q / p, (isX, value))
            }
        }
        limit(-dx, a.x / 2 - bounds.minX / 2, isX: true, value: bounds.minX)
        limit(dx, bounds.maxX / 2 - a.x / 2, isX: true, value: bounds.maxX)
        limit(-dy, a.y / 2 - bounds.minY / 2, isX: false, value: bounds.minY)
        limit(dy, bounds.maxY / 2 - a.y / 2, isX: false, value: bounds.maxY)
        guard !outside, from <= to else { return nil }
        func point(on boundary: (isX: Bool, value: Double)?, otherwise end: (x: Double, y: Double)) -> (x: Double, y: Double) {
            guard let boundary else { return end }
            let moved: (x: Double, y: Double) =
                boundary.isX ? (boundary.value, a.y + (boundary.value - a.x) * (dy / dx)) : (a.x + (boundary.value - a.y) * (dx / dy), boundary.value)
            // Rounding can leave the other coordinate a hair outside; the bounds hold it.
            return (min(max(moved.x, bounds.minX), bounds.maxX), min(max(moved.y, bounds.minY), bounds.maxY))
        }
        return (point(on: entering, otherwise: a), point(on: leaving, otherwise: b), entering != nil, leaving != nil)
    }

    // MARK: Compositing

    /// Blends the coverage since the last call in `color` over `pixels` (cairo's ARGB32,
    /// `stride` bytes per row) inside `clip`, and clears it.
    func composite(into pixels: UnsafeMutableRawPointer, stride: Int, color: Color, clip: PixelClip) {
        defer { runs.removeAll(keepingCapacity: true) }
        let source = PremultipliedPixel.pixel(color)
        for run in runs {
            let row = Int(run.row)
            let rowCoverage = coverage + row * width
            let destination = (pixels + row * stride).assumingMemoryBound(to: UInt32.self)
            let rowInside = row >= clip.firstRow && row < clip.endRow
            for column in Int(run.first)...Int(run.last) {
                let level = UInt32(rowCoverage[column])
                guard level > 0 else { continue }  // blended by an earlier run, or left untouched
                rowCoverage[column] = 0
                var weight = level
                if !rowInside || column < clip.firstColumn || column >= clip.endColumn {
                    weight = PremultipliedPixel.divide255(level &* clip.weight(column: column, row: row))
                    guard weight > 0 else { continue }
                }
                destination[column] = PremultipliedPixel.over(source, weight: weight, destination[column])
            }
        }
    }
}
