/// The file format of a figure: pixels (PNG, what a page or a chat shows) or vectors (SVG for
/// the web, PDF for a paper), each drawn by cairo on its own kind of surface.
public enum FigureFormat: String, CaseIterable, Sendable {
    case png, svg, pdf

    /// The file name extension, without the dot.
    public var fileExtension: String { rawValue }

    /// `name` ("plots/blur.png" or "blur") with this format's extension.
    public func fileName(_ name: String) -> String {
        let stem = name.hasSuffix(".png") ? String(name.dropLast(4)) : name
        return stem + "." + fileExtension
    }
}

extension Figure {
    /// The figure in `format`. PNG carries `provenance` as text chunks; PDF its title and
    /// "orbitbench" as creator; SVG the provenance as a comment after the XML declaration.
    public func bytes(_ format: FigureFormat, provenance: [PNGText]) throws -> [UInt8] {
        guard format != .png else { return try pngBytes(provenance: provenance) }
        let canvas = try render(format: format)
        guard var file = try canvas.vectorBytes() else { throw PlotError("no vector output for \(format.rawValue)") }
        if format == .svg { file = Self.stableSurfaceName(file) }
        if format == .svg, let end = file.firstIndex(of: UInt8(ascii: "\n")) {
            let note = ([PNGText("Title", title)] + provenance).map { "\($0.key): \($0.value)" }.joined(separator: "; ")
                .replacingOccurrences(of: "--", with: "- -")
            file.insert(contentsOf: Array("<!-- \(note) -->\n".utf8), at: file.index(after: end))
        }
        return file
    }
}

extension Figure {
    /// `figures` as one PDF document, a page each (of each figure's size), with `title` as the
    /// document's title.
    public static func pdfDocument(_ figures: [Figure], title: String) throws -> [UInt8] {
        guard let first = figures.first else { throw PlotError("a PDF document needs at least one figure") }
        let canvas = try Canvas(width: first.width, height: first.height, background: .white, format: .pdf)
        canvas.setPDFTitle(title)
        for (index, figure) in figures.enumerated() {
            if index > 0 { try canvas.startPDFPage(width: figure.width, height: figure.height) }
            figure.draw(on: canvas)
        }
        guard let file = try canvas.vectorBytes() else { throw PlotError("no PDF output") }
        return file
    }

    /// cairo names the SVG's drawing group after a process-wide surface counter
    /// (`<g id="surface7">`); named `figure` instead when nothing refers to it, the same
    /// figure gives the same file in any process.
    static func stableSurfaceName(_ svg: [UInt8]) -> [UInt8] {
        let text = String(decoding: svg, as: UTF8.self)
        guard let start = text.range(of: "<g id=\"surface"), let end = text[start.upperBound...].firstIndex(of: "\"") else { return svg }
        let id = "surface" + text[start.upperBound..<end]
        guard text.components(separatedBy: id).count == 2 else { return svg }
        return Array(text.replacingCharacters(in: start.lowerBound..<text.index(after: end), with: "<g id=\"figure\"").utf8)
    }
}

/// How a report writes its figures: the file format and the provenance every file carries.
public struct FigureOutput: Sendable {
    public var format: FigureFormat
    public var provenance: [PNGText]

    public init(_ format: FigureFormat = .png, provenance: [PNGText]) {
        self.format = format
        self.provenance = provenance
    }

    /// `name` ("plots/blur.png") with the format's extension.
    public func fileName(_ name: String) -> String { format.fileName(name) }
}

extension Figure {
    /// The figure as `output` says: its format, its provenance.
    public func bytes(_ output: FigureOutput) throws -> [UInt8] { try bytes(output.format, provenance: output.provenance) }
}
