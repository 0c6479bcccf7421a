import Foundation
import Testing

@testable import Plotting

/// Where a horizontal reference line's label goes: right end above the line unless a data
/// point or another line is there, then below, then at the left end.
@Suite struct LineLabelPlacementTests {
    /// A 300 × 200 px plot area at (50, 20) over 0…10 on both axes: value 5 is at y = 120 px,
    /// and 0.1 of y is 2 px.
    static let area = Rect(x: 50, y: 20, width: 300, height: 200)
    static let xMap = ScaleMapping(scale: .linear, domain: 0...10, pixels: 50...350, inverted: false)
    static let yMap = ScaleMapping(scale: .linear, domain: 0...10, pixels: 20...220, inverted: true)

    static func placement(lines: [ReferenceLine], markers: [(x: Double, y: Double)] = []) throws -> CartesianRenderer.LineLabelPlacement.Anchor? {
        let plot = CartesianPlot(
            x: ChartAxis("x"), y: ChartAxis("y"),
            series: [Series(nil, color: .black, x: markers.map(\.x), y: markers.map(\.y), style: .markers(radius: 3.5))],
            lines: lines, legend: .none)
        let renderer = CartesianRenderer(plot: plot, canvas: try Canvas(width: 400, height: 300))
        return renderer.horizontalLabelPlacements(area: area, xMap: xMap, yMap: yMap)[0]?.anchor
    }

    static let mean = ReferenceLine(5, .horizontal, color: .black, label: "mean", dash: [])

    @Test func aboveTheRightEndWhenNothingIsThere() throws {
        let placement = try Self.placement(lines: [Self.mean], markers: [(1, 5.3), (9.8, 2)])
        #expect(placement == .init(x: 346, y: 117, align: .right, baseline: .bottom))
    }

    /// The blur panel of paired-differences.png: seed 8's dot sat on the label.
    @Test func belowWhenAPointIsAboveTheRightEnd() throws {
        let placement = try Self.placement(lines: [Self.mean], markers: [(9.8, 5.3)])
        #expect(placement == .init(x: 346, y: 123, align: .right, baseline: .top))
    }

    /// A mean just under the dashed zero line, and a point under the mean at the right: the
    /// zero line crosses both places above, the point the one below at the right.
    @Test func leftBelowWhenTheLineAboveAndAPointBelowAreInTheWay() throws {
        let zero = ReferenceLine(5.2, .horizontal, label: nil)
        let placement = try Self.placement(lines: [Self.mean, zero], markers: [(9.8, 4.6)])
        #expect(placement == .init(x: 54, y: 123, align: .left, baseline: .top))
    }

    /// Lines just above and just below: every place hides one, so the first stays.
    @Test func theFirstPlaceWhenEveryPlaceHidesAsMuch() throws {
        let lines = [Self.mean, ReferenceLine(5.2, .horizontal), ReferenceLine(4.8, .horizontal)]
        let placement = try Self.placement(lines: lines)
        #expect(placement == .init(x: 346, y: 117, align: .right, baseline: .bottom))
    }

    /// A line at the top of the plot has no room above it: below, at the left end when a point
    /// is under the right end.
    @Test func belowALineAtTheTop() throws {
        let top = ReferenceLine(10, .horizontal, color: .black, label: "limit", dash: [])
        #expect(try Self.placement(lines: [top]) == .init(x: 346, y: 23, align: .right, baseline: .top))
        #expect(try Self.placement(lines: [top], markers: [(9.8, 9.7)]) == .init(x: 54, y: 23, align: .left, baseline: .top))
    }

    @Test func unlabelledAndVerticalLinesHaveNoPlacement() throws {
        #expect(try Self.placement(lines: [ReferenceLine(5, .horizontal)]) == nil)
        #expect(try Self.placement(lines: [ReferenceLine(5, .vertical, label: "t")]) == nil)
    }
}
