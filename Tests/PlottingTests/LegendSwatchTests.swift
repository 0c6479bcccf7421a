import Testing

@testable import Plotting

/// A legend's sample looks like its series: a dot for markers, a block for bars, a line with
/// the series' dashes for lines, and both for lines with markers.
@Suite struct LegendSwatchTests {
    private func darkness(_ canvas: Canvas) -> (Int, Int) -> Double {
        let image = canvas.rgbaImage()
        return { column, row in 1 - Double(image.pixels[(row * image.width + column) * 4]) / 255 }
    }

    @Test func swatchesFollowTheSeriesStyle() throws {
        let styles: [SeriesStyle] = [
            .markers(radius: 2), .bars(width: 1), .line(width: 1, dash: [4, 3]), .line(), .lineAndMarkers(width: 1, radius: 4),
        ]
        for style in styles {
            let canvas = try Canvas(width: 40, height: 20)
            canvas.legendSwatch(style, color: .black, x: 9, y: 10, width: 22)
            let dark = darkness(canvas)
            switch style {
            case .markers:
                #expect(dark(20, 9) > 0.9 && dark(20, 10) > 0.9)  // the dot at the middle
                #expect(dark(10, 10) == 0 && dark(29, 10) == 0)  // nothing at the ends
            case .bars:
                #expect((9..<31).allSatisfy { dark($0, 6) == 1 && dark($0, 13) == 1 })
                #expect(dark(20, 3) == 0 && dark(20, 16) == 0)
            case .line(_, let dash) where !dash.isEmpty:
                // 2.5 px wide around y = 10: rows 9 and 10 carry it; on 4 px from x = 9, off 3.
                #expect(dark(10, 9) > 0.9 && dark(14, 9) == 0 && dark(17, 9) > 0.9)
            case .line:
                #expect((9..<31).allSatisfy { dark($0, 9) > 0.9 && dark($0, 10) > 0.9 })
            case .lineAndMarkers:
                #expect(dark(10, 9) > 0.9 && dark(20, 7) > 0.9)  // the line, and the dot above it
            case .steps:
                break
            }
        }
    }
}
