import Foundation
import Testing

@testable import Plotting

/// `.clearOfData` labels: none covers another, a marker, an error bar or a line segment.
@Suite struct AnnotationPlacementTests {
    /// A 300 × 200 px plot area at (50, 20) over 0…10 on both axes.
    static let area = Rect(x: 50, y: 20, width: 300, height: 200)
    static let xMap = ScaleMapping(scale: .linear, domain: 0...10, pixels: 50...350, inverted: false)
    static let yMap = ScaleMapping(scale: .linear, domain: 0...10, pixels: 20...220, inverted: true)

    /// The Pareto plot of a threshold sweep: four front cells within a few pixels of each other,
    /// each with error bars in both directions, joined by a line.
    @Test func clusteredPointsGetSeparateLabelsOffTheBars() throws {
        let x = [7.9, 8.0, 8.05, 8.1], y = [9.3, 9.6, 9.8, 9.9]
        let plot = CartesianPlot(
            x: ChartAxis("x"), y: ChartAxis("y"),
            series: [
                Series(
                    nil, color: .black, x: x, y: y, style: .lineAndMarkers(width: 1.8, radius: 4.5), errors: [0.4, 0.3, 0.2, 0.1],
                    xErrors: [1, 0.8, 0.6, 0.4])
            ],
            legend: .none,
            annotations: x.indices.map { Annotation(x: x[$0], y: y[$0], text: "threshold=\($0 + 7)", placement: .clearOfData) })
        let renderer = CartesianRenderer(plot: plot, canvas: try Canvas(width: 400, height: 300))
        let boxes = renderer.annotationPlacements(area: Self.area, xMap: Self.xMap, yMap: Self.yMap, avoiding: []).map(\.box)
        #expect(boxes.count == 4)
        for (index, box) in boxes.enumerated() {
            #expect(box.x >= Self.area.x && box.maxX <= Self.area.maxX && box.y >= Self.area.y && box.maxY <= Self.area.maxY, "\(index)")
            for other in boxes[(index + 1)...] { #expect(!box.overlaps(other), "label \(index) covers a later one") }
            for cell in x.indices {
                let px = Self.xMap.position(x[cell]), py = Self.yMap.position(y[cell])
                #expect(!box.overlaps(Rect(x: px - 5.5, y: py - 5.5, width: 11, height: 11)), "label \(index) covers point \(cell)")
                let xBar = (Self.xMap.position(x[cell] - plot.series[0].xErrors![cell]), Self.xMap.position(x[cell] + plot.series[0].xErrors![cell]))
                #expect(!box.intersects((xBar.0, py), (xBar.1, py)), "label \(index) covers point \(cell)'s x error bar")
                let yBar = (Self.yMap.position(y[cell] - plot.series[0].errors![cell]), Self.yMap.position(y[cell] + plot.series[0].errors![cell]))
                #expect(!box.intersects((px, yBar.0), (px, yBar.1)), "label \(index) covers point \(cell)'s y error bar")
            }
        }
    }

    @Test func segmentAndRectangleTests() {
        let box = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(box.intersects((-5, 5), (15, 5)) && box.intersects((5, 5), (6, 6)))
        #expect(!box.intersects((-5, -1), (15, -1)) && !box.intersects((11, 0), (20, 10)))
        #expect(box.overlaps(Rect(x: 9, y: 9, width: 5, height: 5)) && !box.overlaps(Rect(x: 10, y: 0, width: 5, height: 5)))
    }
}
