import CCairo

extension Canvas {
    /// Fills a circle of `radius` px around each of `centers`, in order (translucent circles
    /// darken where they overlap, as when filled one by one).
    ///
    /// A scatter series is hundreds or thousands of equal circles; cairo's path fill costs
    /// ≈ 3.6 µs per circle, most of it setting up one rasterisation. So the circle is drawn once
    /// per quarter-pixel offset (16 stamps) and each marker copies the stamp whose offset is
    /// nearest its centre's fraction of a pixel, at a whole-pixel position, where pixman blends
    /// without resampling: ≈ 0.9 µs per circle. A centre therefore moves by at most ⅛ px (half
    /// a quarter pixel in x and in y), well below what antialiasing shows. Non-finite centres
    /// are skipped; a radius outside 0…`stampedRadiusLimit` px falls back to one fill per circle.
    public func fillCircles(_ centers: some Sequence<(x: Double, y: Double)>, radius: Double, color: Color) {
        guard radius > 0, radius <= Self.stampedRadiusLimit, let stamps = CircleStamps(cairo: cairo, radius: radius, color: color) else {
            for center in centers where center.x.isFinite && center.y.isFinite {
                fillCircle(cx: center.x, cy: center.y, radius: radius, color: color)
            }
            return
        }
        defer { stamps.destroy() }
        let size = Double(stamps.size)
        newPath()
        for center in centers where center.x.isFinite && center.y.isFinite {
            // The stamp's circle sits at (margin + phase/4) from its corner.
            let left = center.x - stamps.margin, top = center.y - stamps.margin
            guard abs(left) < 1e9, abs(top) < 1e9 else { continue }  // far off the canvas; Int conversion would trap
            var column = left.rounded(.down), row = top.rounded(.down)
            var phaseX = Int(((left - column) * Double(CircleStamps.phases)).rounded())
            var phaseY = Int(((top - row) * Double(CircleStamps.phases)).rounded())
            if phaseX == CircleStamps.phases { (phaseX, column) = (0, column + 1) }
            if phaseY == CircleStamps.phases { (phaseY, row) = (0, row + 1) }
            cairo.set_source_surface(context, stamps.surfaces[phaseY * CircleStamps.phases + phaseX], column, row)
            cairo.rectangle(context, column, row, size, size)
            cairo.fill(context)
        }
        setColor(color)  // the stamp was the source; callers expect a colour
    }

    /// Largest radius drawn from stamps, px (16 stamps of (2r + 3)² pixels each).
    public static let stampedRadiusLimit = 24.0
}

/// One filled circle drawn at each quarter-pixel offset in x and y, for `Canvas.fillCircles`.
struct CircleStamps {
    static let phases = 4

    let surfaces: [OpaquePointer]
    /// Side of each stamp, px.
    let size: Int
    /// Distance from a stamp's corner to its circle's centre at phase 0, px.
    let margin: Double
    private let cairo: CairoFunctions

    /// `nil` when cairo cannot make a surface (then the caller fills circles one by one).
    init?(cairo: CairoFunctions, radius: Double, color: Color) {
        self.cairo = cairo
        margin = radius + 1  // one pixel of clearance for the antialiased edge
        size = Int((2 * margin).rounded(.up)) + 1  // and one for the largest phase (¾ px)
        var surfaces: [OpaquePointer] = []
        surfaces.reserveCapacity(Self.phases * Self.phases)
        for index in 0..<(Self.phases * Self.phases) {
            guard let surface = cairo.image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size), Int32(size)),
                cairo.surface_status(surface) == CAIRO_STATUS_SUCCESS
            else {
                surfaces.forEach { cairo.surface_destroy($0) }
                return nil
            }
            let context = cairo.create(surface)!
            let (phaseY, phaseX) = index.quotientAndRemainder(dividingBy: Self.phases)
            cairo.set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
            cairo.arc(
                context, margin + Double(phaseX) / Double(Self.phases), margin + Double(phaseY) / Double(Self.phases), radius, 0,
                2 * .pi)
            cairo.fill(context)
            cairo.destroy(context)
            cairo.surface_flush(surface)
            surfaces.append(surface)
        }
        self.surfaces = surfaces
    }

    func destroy() { surfaces.forEach { cairo.surface_destroy($0) } }
}
