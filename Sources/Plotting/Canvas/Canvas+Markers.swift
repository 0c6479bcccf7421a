import CCairo

extension Canvas {
    /// Fills a circle of `radius` px around each of `centers`, in order (translucent circles
    /// darken where they overlap, as when filled one by one), inside the current `clip`.
    ///
    /// A scatter series is hundreds or thousands of equal circles; cairo's path fill costs
    /// ≈ 3.6 µs per circle, most of it setting up one rasterisation, and even compositing a
    /// ready image costs cairo ≈ 0.9 µs. So cairo draws the circle once per quarter-pixel
    /// offset (up to 16 stamps, each made when first needed) and each marker blends the stamp
    /// whose offset is nearest its centre's fraction of a pixel into the canvas's pixels at a
    /// whole-pixel position, as cairo's OVER would. A centre therefore moves by at most ⅛ px in
    /// x and in y, well below what antialiasing shows. Non-finite centres and circles wholly off
    /// the canvas are skipped; a radius outside (0, `stampedRadiusLimit`] px is filled circle
    /// by circle.
    public func fillCircles(_ centers: some Sequence<(x: Double, y: Double)>, radius: Double, color: Color) {
        guard radius > 0, radius <= Self.stampedRadiusLimit else {
            for center in centers where center.x.isFinite && center.y.isFinite {
                fillCircle(cx: center.x, cy: center.y, radius: radius, color: color)
            }
            return
        }
        let stamps = CircleStamps(cairo: cairo, radius: radius, color: color)
        let size = stamps.size, phases = Double(CircleStamps.phases)
        let clip = pixelClip
        cairo.surface_flush(surface)
        defer {
            cairo.surface_mark_dirty(surface)
            setColor(color)  // as after a fill, which callers may go on with
        }
        guard let pixels = cairo.image_surface_get_data(surface) else { return }
        let stride = Int(cairo.image_surface_get_stride(surface))
        for center in centers where center.x.isFinite && center.y.isFinite {
            // The stamp's circle sits at (margin + phase/4) from its corner.
            let left = center.x - stamps.margin, top = center.y - stamps.margin
            // Off the canvas: nothing to draw, and far-off positions would not convert to Int.
            guard left < Double(width), left + Double(size) > 0, top < Double(height), top + Double(size) > 0 else { continue }
            var column = Int(left.rounded(.down)), row = Int(top.rounded(.down))
            var phaseX = Int(((left - Double(column)) * phases).rounded()), phaseY = Int(((top - Double(row)) * phases).rounded())
            if phaseX == CircleStamps.phases { (phaseX, column) = (0, column + 1) }
            if phaseY == CircleStamps.phases { (phaseY, row) = (0, row + 1) }
            guard let stamp = stamps.pixels(phaseX: phaseX, phaseY: phaseY) else {
                cairo.surface_mark_dirty(surface)
                fillCircle(cx: center.x, cy: center.y, radius: radius, color: color)  // cairo could not make the stamp
                cairo.surface_flush(surface)
                continue
            }
            for stampRow in max(0, -row)..<min(size, height - row) {
                let destination = UnsafeMutableRawPointer(pixels + (row + stampRow) * stride).assumingMemoryBound(to: UInt32.self)
                let source = (stamp.data + stampRow * stamp.stride).assumingMemoryBound(to: UInt32.self)
                for stampColumn in max(0, -column)..<min(size, width - column) {
                    let pixel = source[stampColumn]
                    guard pixel != 0 else { continue }
                    let canvasColumn = column + stampColumn, canvasRow = row + stampRow
                    let weight = clip.weight(column: canvasColumn, row: canvasRow)
                    guard weight > 0 else { continue }
                    destination[canvasColumn] = PremultipliedPixel.over(pixel, weight: weight, destination[canvasColumn])
                }
            }
        }
    }

    /// Largest radius drawn from stamps, px (a stamp is (2r + 3)² pixels).
    public static let stampedRadiusLimit = 24.0
}

/// A filled circle drawn at each quarter-pixel offset in x and y, each the first time it is
/// asked for, for `Canvas.fillCircles`.
final class CircleStamps {
    static let phases = 4

    /// Side of each stamp, px.
    let size: Int
    /// Distance from a stamp's corner to its circle's centre at phase 0, px: one pixel beyond
    /// the radius for the antialiased edge.
    let margin: Double
    private let radius: Double
    private let color: Color
    private let cairo: CairoFunctions
    private var surfaces: [OpaquePointer?]
    private var failed = false

    init(cairo: CairoFunctions, radius: Double, color: Color) {
        self.cairo = cairo
        self.radius = radius
        self.color = color
        margin = radius + 1
        size = Int((2 * margin).rounded(.up)) + 1  // the circle reaches margin + ¾ + radius at the largest phase
        surfaces = Array(repeating: nil, count: Self.phases * Self.phases)
    }

    deinit { surfaces.forEach { $0.map(cairo.surface_destroy) } }

    /// The pixels of the stamp for a centre `phaseX`/4 and `phaseY`/4 px past the whole pixel
    /// (cairo's ARGB32, `stride` bytes per row); `nil` when cairo cannot make a surface.
    func pixels(phaseX: Int, phaseY: Int) -> (data: UnsafeRawPointer, stride: Int)? {
        guard let surface = surface(phaseX: phaseX, phaseY: phaseY), let data = cairo.image_surface_get_data(surface) else { return nil }
        return (UnsafeRawPointer(data), Int(cairo.image_surface_get_stride(surface)))
    }

    /// The stamp for a centre `phaseX`/4 and `phaseY`/4 px past the whole pixel; `nil` when
    /// cairo cannot make a surface.
    private func surface(phaseX: Int, phaseY: Int) -> OpaquePointer? {
        let index = phaseY * Self.phases + phaseX
        if let made = surfaces[index] { return made }
        guard !failed, let surface = cairo.image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size), Int32(size)) else { return nil }
        guard cairo.surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo.surface_destroy(surface)
            failed = true
            return nil
        }
        let context = cairo.create(surface)!
        cairo.set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
        let phases = Double(Self.phases)
        cairo.arc(context, margin + Double(phaseX) / phases, margin + Double(phaseY) / phases, radius, 0, 2 * .pi)
        cairo.fill(context)
        cairo.destroy(context)
        cairo.surface_flush(surface)
        surfaces[index] = surface
        return surface
    }
}
