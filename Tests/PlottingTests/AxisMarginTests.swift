import Testing

@testable import Plotting

/// Data on the outer tick (coverage 1.0, a metric at 0 among markers) gets room beyond it, so a
/// marker there is drawn whole; a bar chart keeps its zero baseline on the frame.
@Suite struct AxisMarginTests {
    @Test func valuesOnTheOuterTickStayInsideTheFrame() throws {
        let canvas = try Canvas(width: 200, height: 100)
        let markers = CartesianPlot(
            x: ChartAxis("x"), y: ChartAxis("y"), series: [Series(nil, color: .black, x: [0, 1], y: [0, 1], style: .markers(radius: 3))])
        let ticks = CartesianRenderer(plot: markers, canvas: canvas).ticks(for: markers.yAxis, data: 0...1, expand: true)
        // Ticks stay 0…1; the frame reaches 3 % of the span beyond both.
        #expect(ticks.major.first == 0 && ticks.major.last == 1)
        #expect(abs(ticks.domain.lowerBound + 0.03) < 1e-12 && abs(ticks.domain.upperBound - 1.03) < 1e-12)
        let bars = CartesianPlot(
            x: ChartAxis("x"), y: ChartAxis("y"), series: [Series(nil, color: .black, x: [0, 1], y: [0, 1], style: .bars(width: 0.5))])
        let barTicks = CartesianRenderer(plot: bars, canvas: canvas).ticks(for: bars.yAxis, data: 0...1, expand: true)
        #expect(barTicks.domain.lowerBound == 0 && abs(barTicks.domain.upperBound - 1.03) < 1e-12)
        // Data well inside the outer ticks gets no margin.
        let inside = CartesianRenderer(plot: markers, canvas: canvas).ticks(for: markers.yAxis, data: 0.13...0.87, expand: true)
        #expect(inside.domain == 0...1 || (inside.domain.lowerBound >= 0 && inside.domain.upperBound <= 1))
    }
}
