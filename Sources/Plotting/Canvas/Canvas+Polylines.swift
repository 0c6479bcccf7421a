extension Canvas {
    /// Strokes a line of `lineWidth` px in `color` through `points`; a non-finite point leaves a
    /// gap (the line ends before it and starts again after it). `dash`: on/off lengths in px
    /// from each piece's start, as `setDash`; empty draws solid (`DashPattern` says which
    /// patterns also do).
    ///
    /// Drawn by `StrokeRaster` into the surface's pixels, inside the current `clip`, instead of
    /// by cairo, whose scan converter costs ≈ 1.1 ms for the 72-point zigzag of a deviation
    /// panel where this costs ≈ 0.3 ms. Segments meet in round joins, where cairo's default is
    /// mitred: at a corner of angle θ a mitre reaches w/2 · (1/sin(θ/2) − 1) px farther, 0.3 px
    /// for a right angle and a 1.4 px line, 3 px for a 20° peak. The ends are butt, as
    /// cairo's default. cairo's colour, line width, dash and path are left as they were.
    public func strokePolyline(_ points: [(x: Double, y: Double)], width lineWidth: Double, color: Color, dash: [Double] = []) {
        guard let raster = strokeRaster else { return }
        points.withUnsafeBufferPointer { raster.addPolyline($0, lineWidth: lineWidth, dash: dash) }
        cairo.surface_flush(surface)
        guard let pixels = cairo.image_surface_get_data(surface) else { return raster.discard() }
        raster.composite(into: pixels, stride: Int(cairo.image_surface_get_stride(surface)), color: color, clip: pixelClip)
        cairo.surface_mark_dirty(surface)
    }
}
