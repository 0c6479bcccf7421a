import OrbitMath
import Plotting
import Runs
import Scenarios
import StatisticsKit
import ReportFormats

extension CapturePlots {
    /// How far each slot's frame lies from the slot centre, around the circle, every seed:
    /// where on the orbit the selection is poor.
    public static func slotError(scenario: Scenario, _ results: [CaptureRunResult], output: FigureOutput) throws -> [UInt8] {
        var series: [Series] = []
        for (index, result) in results.enumerated() {
            let filled = result.slots.filter { $0.slotAngleError != nil }
            series.append(
                Series(
                    index == 0 ? "one seed's frame" : nil, color: Palette.color(0).withAlpha(0.35), x: filled.map(\.center),
                    y: filled.map { $0.slotAngleError! }, style: .markers(radius: 2)))
        }
        let slotCount = results.first?.slots.count ?? 0
        let means = (0..<slotCount).map { slot in Statistics.mean(results.compactMap { $0.slots[slot].slotAngleError }) }
        let centers = results.first?.slots.map(\.center) ?? []
        series.append(Series("mean over seeds", color: Palette.color(1), x: centers, y: means, style: .line(width: 1.8)))
        let width = 360 / Double(max(slotCount, 1))
        let plot = CartesianPlot(
            x: ChartAxis.fullCircle("slot centre (°)"), y: ChartAxis("|true angle − slot centre| (°)", includesZero: true), series: series,
            lines: [ReferenceLine(width / 2, .horizontal, label: "half a slot")], legend: .topLeft)
        let figure = Figure(
            title: "\(scenario.name): slot angle error around the circle",
            subtitle: "each dot: the frame a slot kept in one of \(counted(results.count, "seed")); above half a slot, it shows a neighbour's view",
            width: 1200, height: 560, rows: [[.cartesian(plot)]])
        return try figure.bytes(output)
    }

    /// Cumulative distributions of the selected frames' errors (all seeds pooled): the whole
    /// spread, not only the mean the tables quote.
    public static func errorDistribution(scenario: Scenario, _ results: [CaptureRunResult], output: FigureOutput) throws -> [UInt8] {
        func cdf(_ values: [Double]) -> (x: [Double], y: [Double]) {
            let sorted = values.filter(\.isFinite).sorted()
            return (sorted, sorted.indices.map { Double($0 + 1) / Double(sorted.count) * 100 })
        }
        let selected = results.flatMap { $0.slots.compactMap(\.frame) }
        let estimate = cdf(selected.compactMap { $0.angleError.map(abs) })
        let slot = cdf(results.flatMap { $0.slots.compactMap(\.slotAngleError) })
        let pitch = cdf(selected.compactMap { $0.truePose.map { abs($0.pitchDeviation) } })
        let roll = cdf(selected.compactMap { $0.truePose.map { abs($0.rollDeviation) } })
        let plot = CartesianPlot(
            x: ChartAxis("error (°)", includesZero: true), y: ChartAxis("share of selected frames at or below (%)", limits: 0...100),
            series: [
                Series("|angle estimate error|", color: Palette.color(0), x: estimate.x, y: estimate.y, style: .steps(width: 1.6)),
                Series("slot angle error", color: Palette.color(1), x: slot.x, y: slot.y, style: .steps(width: 1.6)),
                Series("|true pitch deviation|", color: Palette.color(2), x: pitch.x, y: pitch.y, style: .steps(width: 1.6)),
                Series("|true roll deviation|", color: Palette.color(3), x: roll.x, y: roll.y, style: .steps(width: 1.6)),
            ],
            lines: [ReferenceLine(50, .horizontal, label: "median"), ReferenceLine(95, .horizontal, label: "95 %")], legend: .bottomRight)
        let figure = Figure(
            title: "\(scenario.name): error distributions of the selected frames",
            subtitle: "\(counted(selected.count, "selected frame")), \(counted(results.count, "seed")) pooled",
            width: 1100, height: 620, rows: [[.cartesian(plot)]])
        return try figure.bytes(output)
    }

    /// Work queued ahead of each frame on the app's queue (first seed): where the queue falls
    /// behind and frames are dropped.
    public static func queue(scenario: Scenario, _ result: CaptureRunResult, output: FigureOutput) throws -> [UInt8] {
        // Delivery time and backlog (ms) of the handled and the dropped frames, in one pass.
        var handled: (x: [Double], y: [Double]) = ([], []), dropped: (x: [Double], y: [Double]) = ([], [])
        for frame in result.frames {
            if frame.dropped {
                dropped.x.append(frame.deliveryTime)
                dropped.y.append(frame.backlog * 1000)
            } else {
                handled.x.append(frame.deliveryTime)
                handled.y.append(frame.backlog * 1000)
            }
        }
        let plot = CartesianPlot(
            x: ChartAxis("time (s)"), y: ChartAxis("queue backlog when the frame arrived (ms)", includesZero: true),
            series: [
                Series("frame handled (\(handled.x.count))", color: Palette.color(0), x: handled.x, y: handled.y, style: .markers(radius: 1.6)),
                Series("frame dropped as late (\(dropped.x.count))", color: droppedColor, x: dropped.x, y: dropped.y, style: .markers(radius: 3)),
            ],
            bands: result.floods.map { Band($0.lowerBound...max($0.upperBound, $0.lowerBound + 0.05), color: Color(hex: 0xF4CCCC, alpha: 0.7)) },
            lines: [ReferenceLine(1000 / scenario.world.camera.fps, .horizontal, label: "one frame interval: later frames are dropped")],
            legend: .topLeft)
        let figure = Figure(
            title: "\(scenario.name): the app's processing queue (seed \(result.seed))",
            subtitle:
                "backlog = work still queued when a frame arrives; above one frame interval the frame is dropped\(result.floods.isEmpty ? "" : "; red bands: motion floods")",
            width: 1200, height: 560, rows: [[.cartesian(plot)]])
        return try figure.bytes(output)
    }
}
