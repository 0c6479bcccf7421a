import Foundation
import Plotting
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct FigureFormatTests {
    static let figure = Figure(
        title: "A <figure> & its title", subtitle: "two series", width: 640, height: 420,
        legend: [(name: "sine", color: Palette.color(0)), (name: "line", color: Palette.color(1))],
        rows: [
            [
                .cartesian(
                    CartesianPlot(
                        title: "panel", x: ChartAxis("t (s)"), y: ChartAxis("value (m)"),
                        series: [
                            Series("sine", color: Palette.color(0), x: (0..<50).map(Double.init), y: (0..<50).map { sin(Double($0) / 5) }),
                            Series("line", color: Palette.color(1), x: [0, 49], y: [-1, 1], style: .lineAndMarkers()),
                        ]))
            ]
        ])

    /// SVG: well-formed XML (parsed here) of the figure's size, with the provenance comment
    /// escaped so it cannot end early; the same figure gives the same bytes.
    @Test func svgIsWellFormedAndStable() throws {
        let provenance = [PNGText("Source", "orbitbench test -- twice")]
        let svg = try Self.figure.bytes(.svg, provenance: provenance)
        let text = String(decoding: svg, as: UTF8.self)
        // 640 × 420 px at 0.45 pt per px: 288 × 189 pt, a size for a page (not 640 pt).
        #expect(
            text.hasPrefix("<?xml") && text.contains("<svg") && text.contains("width=\"288\"") && text.contains("height=\"189\""),
            "\(text.prefix(300))")
        #expect(text.contains("<!-- Title: A <figure> & its title; Source: orbitbench test - - twice -->"))
        let parser = XMLParser(data: Data(svg))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        let again = try Self.figure.bytes(.svg, provenance: provenance)
        #expect(again == svg)
        #expect(text.contains("<path"))  // drawn as vectors, not one embedded picture
        #expect(!text.contains("<image"))
    }

    /// PDF: a one-page document of the figure's size in points, no creation date, the same
    /// bytes each time.
    @Test func pdfIsOnePageOfTheFigureSize() throws {
        let pdf = try Self.figure.bytes(.pdf, provenance: [])
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-1.") && text.hasSuffix("%%EOF\n"))
        #expect(text.contains("/MediaBox [ 0 0 288 189 ]"))  // 640 × 420 px at 0.45 pt per px
        #expect(text.components(separatedBy: "/Type /Page\n").count - 1 == 1 || text.components(separatedBy: "/Type /Page ").count - 1 == 1)
        #expect(!text.contains("/CreationDate"))
        #expect(try Self.figure.bytes(.pdf, provenance: []) == pdf)
    }

    @Test func namesTakeTheFormatsExtension() {
        #expect(FigureFormat.svg.fileName("plots/blur.png") == "plots/blur.svg")
        #expect(FigureFormat.pdf.fileName("coverage-polar") == "coverage-polar.pdf")
        #expect(FigureFormat.png.fileName("a.png") == "a.png")
    }
}

extension FigureFormatTests {
    /// Several figures as one PDF: a page each, of each figure's size.
    @Test func pdfDocumentHasAPagePerFigure() throws {
        var wide = Self.figure
        wide.width = 900
        let pdf = try Figure.pdfDocument([Self.figure, wide, Self.figure], title: "three figures")
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-1.") && text.contains("/Count 3"))
        #expect(text.components(separatedBy: "/MediaBox [ 0 0 288 189 ]").count - 1 == 2)
        #expect(text.components(separatedBy: "/MediaBox [ 0 0 405 189 ]").count - 1 == 1)
        #expect(text.contains("(three figures)"))
    }
}
