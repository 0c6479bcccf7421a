/// Blending into cairo's ARGB32 pixels (native-endian 0xAARRGGBB, colour premultiplied by
/// alpha), for drawing that writes a canvas's memory itself (`StrokeRaster`, `fillCircles`).
/// Rounds as pixman does, so a pixel blended here matches one cairo blends within a level.
enum PremultipliedPixel {
    /// `color` premultiplied by its alpha, each component clamped to [0, 1] (NaN counts as 0).
    static func pixel(_ color: Color) -> UInt32 {
        let clamped = { (component: Double) in component.isNaN ? 0 : min(max(component, 0), 1) }
        let alpha = clamped(color.alpha)
        let level = { (component: Double) in UInt32((clamped(component) * alpha * 255).rounded()) }
        return UInt32((alpha * 255).rounded()) << 24 | level(color.red) << 16 | level(color.green) << 8 | level(color.blue)
    }

    /// `source` scaled by `weight`/255 (0…255), over `destination`.
    @inline(__always)
    static func over(_ source: UInt32, weight: UInt32, _ destination: UInt32) -> UInt32 {
        let scaled = weight == 255 ? source : scale(source, weight)
        let keep = 255 &- (scaled >> 24)
        // Two channels at a time, 16 bits apart: each product fits its half.
        let evenChannels = divide255Pairs((destination & 0x00ff_00ff) &* keep)
        let oddChannels = divide255Pairs(((destination >> 8) & 0x00ff_00ff) &* keep)
        return scaled &+ (evenChannels | oddChannels << 8)
    }

    /// Every channel of `pixel` times `weight`/255.
    @inline(__always)
    static func scale(_ pixel: UInt32, _ weight: UInt32) -> UInt32 {
        divide255Pairs((pixel & 0x00ff_00ff) &* weight) | divide255Pairs(((pixel >> 8) & 0x00ff_00ff) &* weight) << 8
    }

    /// x / 255 rounded to nearest, for x ≤ 255 · 255.
    @inline(__always)
    static func divide255(_ x: UInt32) -> UInt32 {
        let t = x &+ 128
        return (t &+ (t >> 8)) >> 8
    }

    /// x / 255 rounded to nearest in each 16-bit half of `pairs` (each half ≤ 255 · 255), the
    /// results in bits 0–7 and 16–23.
    @inline(__always)
    private static func divide255Pairs(_ pairs: UInt32) -> UInt32 {
        let t = pairs &+ 0x0080_0080
        return ((t &+ ((t >> 8) & 0x00ff_00ff)) >> 8) & 0x00ff_00ff
    }
}

/// A clip rectangle in pixels: which pixels lie wholly inside, and how much of an edge pixel
/// does (cairo clips an antialiased rectangle by the part of each pixel inside it).
struct PixelClip {
    let minX: Double, minY: Double, maxX: Double, maxY: Double
    /// Columns firstColumn..<endColumn and rows firstRow..<endRow lie wholly inside.
    let firstColumn: Int, endColumn: Int, firstRow: Int, endRow: Int

    /// The whole of a canvas `width` × `height` px.
    init(width: Int, height: Int) {
        self.init(minX: 0, minY: 0, maxX: Double(width), maxY: Double(height))
    }

    private init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
        // Clamped so that far-off bounds convert; a canvas has at most 16 384 px a side.
        let limit = { (value: Double) in min(max(value, -1), 1_048_576) }
        firstColumn = Int(limit(minX.rounded(.up)))
        endColumn = Int(limit(maxX.rounded(.down)))
        firstRow = Int(limit(minY.rounded(.up)))
        endRow = Int(limit(maxY.rounded(.down)))
    }

    /// This clip narrowed to the rectangle from (`x`, `y`), `width` × `height` px (either may be
    /// negative), as cairo's `clip` narrows its own; an empty result lets nothing through.
    func intersected(x: Double, y: Double, width: Double, height: Double) -> PixelClip {
        let (left, right) = width >= 0 ? (x, x + width) : (x + width, x)
        let (top, bottom) = height >= 0 ? (y, y + height) : (y + height, y)
        return PixelClip(
            minX: max(minX, left), minY: max(minY, top), maxX: max(minX, min(maxX, right)), maxY: max(minY, min(maxY, bottom)))
    }

    /// The part of pixel (`column`, `row`) inside, times 255: 255 wholly inside, 0 outside.
    @inline(__always)
    func weight(column: Int, row: Int) -> UInt32 {
        if column >= firstColumn, column < endColumn, row >= firstRow, row < endRow { return 255 }
        return UInt32((Self.overlap(Double(column), minX, maxX) * Self.overlap(Double(row), minY, maxY) * 255).rounded())
    }

    /// The length of [start, start + 1] inside [lower, upper], 0…1.
    private static func overlap(_ start: Double, _ lower: Double, _ upper: Double) -> Double {
        min(max(min(start + 1, upper) - max(start, lower), 0), 1)
    }
}
