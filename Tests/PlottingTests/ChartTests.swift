import Foundation
import Plotting
import Testing

@Suite struct TickTests {
    /// Counts tick at whole numbers: 0…15 frames would tick every 2.5, and 0…2 every 0.5.
    @Test func countsTickAtWholeNumbers() {
        #expect(AxisTicks.linear(0...15).major.contains(2.5))
        let frames = AxisTicks.linear(0...15, wholeNumbers: true)
        #expect(frames.major.allSatisfy { $0.rounded() == $0 }, "\(frames.major)")
        #expect(frames.labels.allSatisfy { !$0.contains(".") })
        let few = AxisTicks.linear(0...2, wholeNumbers: true)
        #expect(few.major == [0, 1, 2], "\(few.major)")
    }

    @Test func niceLinearTicks() {
        let ticks = AxisTicks.linear(0.3...9.7)
        #expect(ticks.major == [0, 2, 4, 6, 8, 10])
        #expect(ticks.domain == 0...10)
        #expect(ticks.labels == ["0", "2", "4", "6", "8", "10"])
        let small = AxisTicks.linear(0.012...0.048)
        #expect(small.labels.first == "0.010" || small.labels.first == "0.01")
        #expect(small.major.count >= 4)
        let negative = AxisTicks.linear(-3...1)
        #expect(negative.labels.contains("−3") || negative.labels.contains("−4"))
        #expect(!negative.labels.contains("−0"))
    }

    @Test func halfStepsGetADecimal() {
        let ticks = AxisTicks.linear(0...10, target: 4)
        #expect(ticks.major == [0, 2.5, 5, 7.5, 10])
        #expect(ticks.labels == ["0.0", "2.5", "5.0", "7.5", "10.0"])
    }

    @Test func degenerateRangeGetsPadded() {
        let ticks = AxisTicks.linear(5...5)
        #expect(ticks.domain.lowerBound < 5 && ticks.domain.upperBound > 5)
    }

    @Test func logarithmicDecades() {
        let ticks = AxisTicks.logarithmic(0.003...40)
        #expect(ticks.major == [0.001, 0.01, 0.1, 1, 10, 100])
        #expect(ticks.labels == ["10⁻³", "10⁻²", "10⁻¹", "10⁰", "10¹", "10²"])
        #expect(ticks.minor.contains(0.002) && ticks.minor.contains(50))
    }

    /// Fixed limits on a log axis are the domain (a narrow range fills the axis), with 1-2-5
    /// ticks in plain numbers up to two decades.
    @Test func logarithmicWithinLimits() {
        let narrow = AxisTicks.logarithmic(limits: 0.15...6)
        #expect(narrow.domain == 0.15...6)
        #expect(narrow.major == [0.2, 0.5, 1, 2, 5])
        #expect(narrow.labels == ["0.2", "0.5", "1", "2", "5"])
        let wide = AxisTicks.logarithmic(limits: 0.05...400)
        #expect(wide.major == [0.1, 1, 10, 100] && wide.labels == ["10⁻¹", "10⁰", "10¹", "10²"])
    }
}

@Suite struct FigureTests {
    /// A figure renders at its size, carries its title in the PNG, and draws series colours.
    @Test func lineFigureRendersSeriesAndLegend() throws {
        let red = Color(hex: 0xD55E00)
        let plot = CartesianPlot(
            title: "test", x: ChartAxis("time (s)"), y: ChartAxis("error (°)"),
            series: [Series("a", color: red, x: [0, 1, 2, 3], y: [0, 3, 1, 2], style: .line(width: 3))])
        let figure = Figure(title: "Figure", width: 600, height: 400, rows: [[.cartesian(plot)]])
        let bytes = try figure.pngBytes(provenance: [PNGText("Software", "tests")])
        let decoded = try PNGCodec.decode(bytes)
        #expect(decoded.image.width == 600 && decoded.image.height == 400)
        #expect(decoded.text("Title") == "Figure")
        #expect(decoded.text("Software") == "tests")
        var redPixels = 0
        for y in 0..<400 { for x in 0..<600 { let p = decoded.image.pixel(x: x, y: y); if p.r > 200 && p.g < 120 && p.b < 40 { redPixels += 1 } } }
        #expect(redPixels > 300)  // the line and the legend swatch
    }

    /// A y-axis label longer than its panel is tall is set smaller so that it stays beside the
    /// plot instead of running past it (up into the figure's title, down into the tick labels).
    @Test func longYAxisLabelFitsItsPanel() throws {
        let label = "mean blur of the object centre, selected frames (px)"  // comparison.png's
        let plot = CartesianPlot(
            title: nil, x: ChartAxis("x"), y: ChartAxis(label),
            series: [Series(nil, color: .black, x: [0, 1], y: [0, 1], style: .markers(radius: 2))], legend: .none)
        let figure = Figure(title: "T", width: 400, height: 400, rows: [[.cartesian(plot)]])
        let image = try PNGCodec.decode(try figure.pngBytes(provenance: [])).image
        // The plot's frame: the dark pixels of the row through the middle, right of the label.
        let frameColumns = (40..<400).filter { image.pixel(x: $0, y: 200).r < 200 }
        let frameRows = (0..<400).filter { image.pixel(x: frameColumns.first ?? 0, y: $0).r < 200 }
        // The label is the only ink in the 14 columns right of the figure's 16 px margin, below
        // the title; it must lie within the frame's height.
        let inkRows = (40..<400).filter { y in (17..<31).contains { x in image.pixel(x: x, y: y).r < 128 } }
        #expect(frameColumns.count >= 2 && frameRows.count > 200)
        #expect(inkRows.count > 100, "the label is drawn")
        #expect(
            inkRows.min()! >= frameRows.min()! && inkRows.max()! <= frameRows.max()!,
            "label rows \(inkRows.min()!)…\(inkRows.max()!), frame \(frameRows.min()!)…\(frameRows.max()!)")
    }

    /// The sweep Pareto plot's legend hid the end of a front cell's label: an automatic legend
    /// keeps off annotations and line labels as it keeps off band labels. Every corner covers
    /// no data point, so without that it stays top right, over the label's end.
    @Test func automaticLegendKeepsOffAnnotations() throws {
        let sides = try Self.legendSwatchPixels(annotations: [Annotation(x: 8.5, y: 9, text: "best (+4)")])
        #expect(sides.left > 10 && sides.right == 0, "legend swatch pixels left / right: \(sides)")
    }

    /// A line's label at the right end, above the line, where a top-right legend would be.
    @Test func automaticLegendKeepsOffLineLabels() throws {
        let sides = try Self.legendSwatchPixels(lines: [ReferenceLine(9, .horizontal, label: "one frame interval")])
        #expect(sides.left > 10 && sides.right == 0, "legend swatch pixels left / right: \(sides)")
    }

    /// Red pixels in the top 120 rows of a 600 × 400 figure, left and right of its middle: the
    /// legend's swatch (the plot's two red points lie lower, in the middle).
    static func legendSwatchPixels(annotations: [Annotation] = [], lines: [ReferenceLine] = []) throws -> (left: Int, right: Int) {
        let red = Color(hex: 0xD55E00)
        let plot = CartesianPlot(
            title: nil, x: ChartAxis("x", limits: 0...10), y: ChartAxis("y", limits: 0...10),
            series: [Series("cells", color: red, x: [4, 5], y: [4, 5], style: .markers(radius: 3))], lines: lines, legend: .automatic,
            annotations: annotations)
        let image = try PNGCodec.decode(try Figure(title: "T", width: 600, height: 400, rows: [[.cartesian(plot)]]).pngBytes(provenance: [])).image
        func redPixels(columns: Range<Int>) -> Int {
            (0..<120).reduce(0) { count, y in
                count
                    + columns.filter { x in
                        let p = image.pixel(x: x, y: y); return p.r > 200 && p.g < 120 && p.b < 40
                    }.count
            }
        }
        return (redPixels(columns: 0..<300), redPixels(columns: 300..<600))
    }

    @Test func heatMapColorRangeCentresAConstantGrid() {
        func plot(_ values: [[Double?]]) -> HeatMapPlot {
            HeatMapPlot(xLabel: "a", yLabel: "b", xValues: [1, 2], yValues: [1], values: values, valueLabel: "v")
        }
        #expect(plot([[0.2, .nan], [nil, 0.9]]).colorRange == 0.2...0.9)
        // A sweep where every cell reaches full coverage must not show a colour bar up to 2.
        let constant = plot([[1, 1], [1, nil]]).colorRange
        #expect(abs(constant.lowerBound - 0.99) < 1e-12 && abs(constant.upperBound - 1.01) < 1e-12)
        #expect(plot([[0, 0]]).colorRange == -1...1)
        #expect(plot([[nil, .infinity]]).colorRange == 0...1)
    }

    @Test func everyPanelKindRenders() throws {
        var sectors: [PolarSector] = []
        for slot in 0..<72 {
            let value: Double? = slot % 7 == 0 ? nil : Double(slot)
            sectors.append(PolarSector(start: Double(slot) * 5, end: Double(slot + 1) * 5, value: value))
        }
        let polar = PolarPlot(sectors: sectors, valueLabel: "score", valueRange: 0...72)
        let heat = HeatMapPlot(
            xLabel: "a", yLabel: "b", xValues: [1, 2, 3], yValues: [10, 20], values: [[1, 2, nil], [4, 5, 6]], valueLabel: "coverage")
        let bars = CartesianPlot(
            x: ChartAxis("filter", categories: ["x", "y"]), y: ChartAxis("RMSE (°)", includesZero: true),
            series: [Series("g", color: .black, x: [0, 1], y: [1, 2], style: .bars(width: 0.4), errors: [0.1, 0.2])])
        let figure = Figure(
            title: "all", footnote: "note", width: 900, height: 700, legend: [("g", .black)],
            rows: [[.polar(polar), .heatMap(heat)], [.cartesian(bars), .text(title: "t", lines: ["a", "b"])]])
        let decoded = try PNGCodec.decode(try figure.pngBytes(provenance: []))
        #expect(decoded.image.width == 900)
        // The empty polar sectors use the light red "empty" colour.
        var emptyColour = 0
        for y in stride(from: 0, to: 700, by: 2) {
            for x in stride(from: 0, to: 450, by: 2) {
                let p = decoded.image.pixel(x: x, y: y); if p.r == 0xF2 && p.g == 0xD7 && p.b == 0xD5 { emptyColour += 1 }
            }
        }
        #expect(emptyColour > 20)
    }
}

@Suite struct SubtitleWrapTests {
    /// One unit per character: "aa bb" is 5 wide.
    @Test func wrapsAtWordsWithinTheWidth() {
        let measure: (String) -> Double = { Double($0.count) }
        #expect(Figure.wrap("aa bb cc", width: 5, measure: measure) == ["aa bb", "cc"])
        #expect(Figure.wrap("aa bb cc", width: 100, measure: measure) == ["aa bb cc"])
        #expect(Figure.wrap("toolongword x", width: 4, measure: measure) == ["toolongword", "x"])
        #expect(Figure.wrap("", width: 4, measure: measure) == [""])
    }
}
