import CCairo
import CPNGCodec

/// A figure that cannot be drawn, encoded (PNG, SVG, PDF) or decoded, as one line.
public struct PlotError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Horizontal placement of text relative to its anchor point.
public enum TextAlignment: Sendable {
    case left, center, right
}

/// Vertical placement of text relative to its anchor point.
public enum TextBaseline: Sendable {
    case top, middle, bottom
}

/// A cairo image surface to draw on, in pixels with y pointing down. One canvas per plot;
/// not thread-safe. Drawing happens here, encoding in `PNGCodec`.
public final class Canvas {
    /// Of the current page (a PDF document's pages may differ).
    public private(set) var width: Int
    public private(set) var height: Int
    /// libcairo's functions, loaded by the first canvas.
    let cairo: ob_cairo_functions
    let surface: OpaquePointer
    let context: OpaquePointer
    /// The font `selectFont` last chose and the colour `setColor` last set (cairo's `save` and
    /// `restore` keep and restore both too).
    private var selectedFont: (size: Double, bold: Bool)?
    private var currentColor: Color?
    private var savedStates: [(font: (size: Double, bold: Bool)?, color: Color?)] = []

    /// Where a vector canvas's file goes while cairo writes it (nil for pixels).
    private let vectorFile: VectorFile?

    /// Points per pixel of a vector canvas: a 1 200 px figure is 540 pt (7.5 in) wide, a page's
    /// width, where 1 pt per px made it 17 in; drawing coordinates stay in pixels.
    public static let pointsPerPixel = 0.45

    /// A canvas filled with `background`: pixels for `.png`, a vector page (`pointsPerPixel`
    /// points per pixel) for `.svg` and `.pdf`, whose file `vectorBytes()` returns.
    public init(width: Int, height: Int, background: Color = .white, format: FigureFormat = .png) throws(PlotError) {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw PlotError("canvas size \(width)×\(height) outside 1...16384")
        }
        guard let cairo = ob_cairo_load()?.pointee else { throw PlotError(String(cString: ob_cairo_load_failure())) }
        self.cairo = cairo
        let vectorFile = format == .png ? nil : VectorFile()
        self.vectorFile = vectorFile
        let surface: OpaquePointer
        if let vectorFile {
            let sink = Unmanaged.passUnretained(vectorFile).toOpaque()
            let write: cairo_write_func_t = { closure, data, length in
                let file = Unmanaged<VectorFile>.fromOpaque(closure!).takeUnretainedValue()
                file.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }
            surface =
                format == .svg
                ? cairo.svg_surface_create_for_stream(write, sink, Double(width) * Self.pointsPerPixel, Double(height) * Self.pointsPerPixel)!
                : cairo.pdf_surface_create_for_stream(write, sink, Double(width) * Self.pointsPerPixel, Double(height) * Self.pointsPerPixel)!
            if format == .pdf {
                // No creation date: the same figure gives the same file.
                cairo.pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "")
                cairo.pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "orbitbench")
            }
        } else {
            surface = cairo.image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        }
        guard cairo.surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            let reason = String(cString: cairo.status_to_string(cairo.surface_status(surface))!)
            cairo.surface_destroy(surface)
            throw PlotError("cannot create a \(width)×\(height) cairo surface: \(reason)")
        }
        self.width = width
        self.height = height
        self.surface = surface
        context = cairo.create(surface)!
        if vectorFile != nil { cairo.scale(context, Self.pointsPerPixel, Self.pointsPerPixel) }
        cairo.select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        setColor(background)
        cairo.paint(context)
    }

    deinit {
        cairo.destroy(context)
        cairo.surface_destroy(surface)
    }

    // MARK: State

    public func setColor(_ color: Color) {
        cairo.set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
        currentColor = color
    }

    /// Line width in pixels.
    public func setLineWidth(_ width: Double) { cairo.set_line_width(context, width) }

    /// Dash pattern in pixels (empty = solid). A pattern cairo would refuse (a negative or
    /// non-finite length, or nothing but zeros), which would stop all drawing on the canvas,
    /// draws solid.
    public func setDash(_ pattern: [Double]) {
        let usable = pattern.allSatisfy { $0.isFinite && $0 >= 0 } && pattern.contains { $0 > 0 }
        let dashes = usable ? pattern : []
        dashes.withUnsafeBufferPointer { cairo.set_dash(context, $0.baseAddress, Int32($0.count), 0) }
    }

    public func save() {
        cairo.save(context)
        savedStates.append((selectedFont, currentColor))
    }

    public func restore() {
        cairo.restore(context)
        if let saved = savedStates.popLast() { (selectedFont, currentColor) = saved }
    }

    /// Restricts drawing to a rectangle until `restore()`.
    public func clip(x: Double, y: Double, width: Double, height: Double) {
        cairo.rectangle(context, x, y, width, height)
        cairo.clip(context)
    }

    // MARK: Paths

    public func moveTo(_ x: Double, _ y: Double) { cairo.move_to(context, x, y) }
    public func lineTo(_ x: Double, _ y: Double) { cairo.line_to(context, x, y) }
    public func closePath() { cairo.close_path(context) }
    public func rectangle(x: Double, y: Double, width: Double, height: Double) {
        cairo.rectangle(context, x, y, width, height)
    }

    /// Arc around (cx, cy), angles in radians measured clockwise from +x (cairo's y-down frame).
    public func arc(cx: Double, cy: Double, radius: Double, from start: Double, to end: Double) {
        cairo.arc(context, cx, cy, radius, start, end)
    }

    /// Arc drawn counter-clockwise on screen.
    public func arcNegative(cx: Double, cy: Double, radius: Double, from start: Double, to end: Double) {
        cairo.arc_negative(context, cx, cy, radius, start, end)
    }

    public func newPath() { cairo.new_path(context) }
    public func stroke() { cairo.stroke(context) }
    public func fill() { cairo.fill(context) }
    public func fillPreserve() { cairo.fill_preserve(context) }

    /// Strokes a straight line from (x0, y0) to (x1, y1).
    public func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        moveTo(x0, y0)
        lineTo(x1, y1)
        stroke()
    }

    public func fillRectangle(x: Double, y: Double, width: Double, height: Double, color: Color) {
        setColor(color)
        rectangle(x: x, y: y, width: width, height: height)
        fill()
    }

    public func fillCircle(cx: Double, cy: Double, radius: Double, color: Color) {
        setColor(color)
        newPath()
        arc(cx: cx, cy: cy, radius: radius, from: 0, to: 2 * .pi)
        fill()
    }

    // MARK: Text

    /// Width and height in pixels that `text` occupies at `size` pixels.
    public func measure(_ text: String, size: Double, bold: Bool = false) -> (width: Double, height: Double) {
        selectFont(size: size, bold: bold)
        var extents = cairo_text_extents_t()
        cairo.text_extents(context, text, &extents)
        var font = cairo_font_extents_t()
        cairo.font_extents(context, &font)
        return (extents.x_advance, font.ascent + font.descent)
    }

    /// Draws `text` with its anchor at (x, y), optionally rotated by `angle` radians
    /// (−π/2 reads bottom to top, for y-axis labels).
    public func text(
        _ text: String, x: Double, y: Double, size: Double, color: Color = .black,
        align: TextAlignment = .left, baseline: TextBaseline = .bottom, angle: Double = 0, bold: Bool = false
    ) {
        selectFont(size: size, bold: bold)
        var font = cairo_font_extents_t()
        cairo.font_extents(context, &font)
        // Only a centred or right-aligned text needs its width (cairo lays the glyphs out once
        // more for it).
        let dx: Double
        switch align {
        case .left: dx = 0
        case .center: dx = -measure(text, size: size, bold: bold).width / 2
        case .right: dx = -measure(text, size: size, bold: bold).width
        }
        let dy: Double
        switch baseline {
        case .top: dy = font.ascent
        case .middle: dy = (font.ascent - font.descent) / 2
        case .bottom: dy = -font.descent
        }
        if angle == 0 {
            // The colour is the caller's again afterwards, as save/restore would leave it.
            let callers = currentColor
            setColor(color)
            moveTo(x + dx, y + dy)
            cairo.show_text(context, text)
            newPath()
            if let callers, callers != color { setColor(callers) }
            return
        }
        save()
        cairo.translate(context, x, y)
        cairo.rotate(context, angle)
        setColor(color)
        moveTo(dx, dy)
        cairo.show_text(context, text)
        newPath()
        restore()
    }

    /// Selects the font unless it is already selected: nothing else changes it, and `save` and
    /// `restore` keep it (each selection looks the face up in cairo's locked cache).
    private func selectFont(size: Double, bold: Bool) {
        if let selectedFont, selectedFont == (size, bold) { return }
        cairo.select_font_face(
            context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo.set_font_size(context, size)
        selectedFont = (size, bold)
    }

    // MARK: Output

    /// The drawing as straight (not premultiplied) 8-bit RGBA, converted as the PNG encoder
    /// converts it (`obpng_straighten_argb32_row`).
    public func rgbaImage() -> RGBAImage {
        precondition(vectorFile == nil, "rgbaImage of a vector canvas")
        cairo.surface_flush(surface)
        let stride = Int(cairo.image_surface_get_stride(surface))
        let data = cairo.image_surface_get_data(surface)!
        let (width, height) = (width, height)
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
            for row in 0..<height {
                obpng_straighten_argb32_row(data + row * stride, UInt32(width), 1, out.baseAddress! + row * width * 4)
            }
            initialized = width * height * 4
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// A PDF canvas only: the document's title.
    public func setPDFTitle(_ title: String) {
        precondition(vectorFile != nil, "setPDFTitle on a pixel canvas")
        cairo.pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
    }

    /// A PDF canvas only: ends the page drawn so far and starts a new one of `width` × `height`
    /// points, filled with `background` (a document of several figures).
    public func startPDFPage(width: Int, height: Int, background: Color = .white) throws(PlotError) {
        precondition(vectorFile != nil, "startPDFPage on a pixel canvas")
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw PlotError("page size \(width)×\(height) outside 1...16384")
        }
        cairo.show_page(context)
        cairo.pdf_surface_set_size(surface, Double(width) * Self.pointsPerPixel, Double(height) * Self.pointsPerPixel)
        self.width = width
        self.height = height
        setColor(background)
        cairo.paint(context)
    }

    /// The SVG or PDF file of a vector canvas, finished: draw nothing after this. Nil for a
    /// pixel canvas.
    public func vectorBytes() throws(PlotError) -> [UInt8]? {
        guard let vectorFile else { return nil }
        cairo.surface_finish(surface)
        guard cairo.surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw PlotError("cairo could not write the figure: \(String(cString: cairo.status_to_string(cairo.surface_status(surface))!))")
        }
        return vectorFile.bytes
    }

    /// The drawing encoded as PNG with the given text chunks (provenance).
    public func pngBytes(texts: [PNGText] = []) throws(PlotError) -> [UInt8] {
        precondition(vectorFile == nil, "pngBytes of a vector canvas")
        cairo.surface_flush(surface)
        return try PNGCodec.encode(
            premultipliedARGB: cairo.image_surface_get_data(surface)!, width: width, height: height,
            stride: Int(cairo.image_surface_get_stride(surface)), texts: texts)
    }
}

/// The bytes cairo streams out of a vector surface.
private final class VectorFile {
    var bytes: [UInt8] = []
}
