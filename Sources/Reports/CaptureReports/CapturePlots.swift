import Capture
import Runs
import Foundation
import OrbitMath
import Plotting
import Scenarios
import StatisticsKit
import Execution
import ReportFormats

/// The figures of `orbitbench run` for one scenario.
public enum CapturePlots {
    static let selectedColor = Color(hex: 0x009E73)
    static let replacedColor = Color(hex: 0x56B4E9)
    static let discardedColor = Color(hex: 0xA0A0A0)
    static let droppedColor = Color(hex: 0xD55E00)
    static let trueColor = Color(hex: 0x202020)
    /// The largest gap, as the spin viewer marks it.
    static let gapColor = Color(hex: 0xE07B00)

    /// Every figure, by file name under plots/, drawn and encoded on all cores.
    public static func all(scenario: Scenario, _ results: [CaptureRunResult], output: FigureOutput) throws -> [(String, [UInt8])] {
        let figures = drawings(scenario: scenario, results, output: output)
        let files = try Parallel.map(figures.count) { try figures[$0].draw() }
        return zip(figures.map(\.name), files).map { ($0, $1) }
    }

    /// Every figure as a file name under plots/ and the work that draws and encodes it (each
    /// figure is its own cairo surface, so any number may run at once), largest first: the
    /// timeline (1300×1200 px), deviation (1300×1000) and blur-vs-rate (1100×660) start first,
    /// so the long ones do not end up last on one core.
    public static func drawings(
        scenario: Scenario, _ results: [CaptureRunResult], output: FigureOutput
    ) -> [(name: String, draw: @Sendable () throws -> [UInt8])] {
        var drawings: [(name: String, draw: @Sendable () throws -> [UInt8])] = [
            ("timeline.png", { try timeline(scenario: scenario, results[0], output: output) }),
            ("deviation.png", { try deviation(scenario: scenario, results[0], output: output) }),
            ("blur-vs-rate.png", { try blurVersusRate(scenario: scenario, results, output: output) }),
            ("coverage-polar.png", { try coveragePolar(scenario: scenario, results, output: output) }),
            ("blur.png", { try blur(scenario: scenario, results, output: output) }),
            ("slot-error.png", { try slotError(scenario: scenario, results, output: output) }),
            ("error-cdf.png", { try errorDistribution(scenario: scenario, results, output: output) }),
            ("queue.png", { try queue(scenario: scenario, results[0], output: output) }),
        ]
        if results.count > 1 { drawings.append(("seeds.png", { try seeds(scenario: scenario, results, output: output) })) }
        return drawings
    }

    /// Slots around the circle coloured by the selected frame's score (OuterCircle: its quality
    /// distance on 0…threshold; another selector: its own score over the range it used); empty
    /// slots light red, the largest gap (`SlotGap`, the metric max_gap_deg) marked outside the
    /// ring. Laid out as the spin viewer's ring: 0° at the top, clockwise. Up to three seeds side
    /// by side.
    public static func coveragePolar(scenario: Scenario, _ results: [CaptureRunResult], label: String? = nil, output: FigureOutput) throws -> [UInt8]
    {
        let shown = Array(results.prefix(3))
        let slotCount = shown.first?.slots.count ?? scenario.selection.slotCount
        let width = 360 / Double(max(slotCount, 1))
        let outerCircle = shown.first?.isOuterCircle ?? true
        let scores = shown.flatMap { $0.slots.compactMap { $0.entry?.score } }.filter(\.isFinite)
        let range: ClosedRange<Double> =
            outerCircle
            ? 0...max(scenario.selection.threshold, 1e-9)
            : (scores.min() ?? 0)...max(scores.max() ?? 1, (scores.min() ?? 0) + 1e-9)
        let panels: [Panel] = shown.map { result in
            let sectors = result.slots.map { slot in
                PolarSector(start: slot.center - width / 2, end: slot.center + width / 2, value: slot.entry?.score)
            }
            let markers = result.slots.compactMap { slot in slot.frame?.trueAngle.map { PolarMarker(angle: $0, radius: 0.5, color: .black) } }
            let gap = SlotGap.largest(empty: result.slots.map { $0.entry == nil }).flatMap { gap in
                gap.count > 0
                    ? PolarHighlight(
                        start: gap.startAngle(slotWidth: width), span: gap.degrees(slotWidth: width), label: "largest\ngap", color: gapColor)
                    : nil
            }
            return .polar(
                PolarPlot(
                    title: label ?? "seed \(result.seed)", sectors: sectors, markers: markers,
                    valueLabel: outerCircle ? "quality\ndistance d\n(lower is\nbetter)" : "score of\n\(result.selector)",
                    valueRange: range, lowIsBright: true, emptyLabel: "empty slot",
                    centerText: [
                        String(format: "coverage %.3f", result.metrics.coverage), String(format: "largest gap %.0f°", result.metrics.maxGapDegrees),
                    ], highlight: gap))
        }
        let figure = Figure(
            title: "\(scenario.name): slot coverage",
            subtitle:
                "\(slotCount) slots of \(fmt(width))°; 0° (the recording start) at the top, angles growing clockwise, as the spin viewer's ring; \(shown.count < results.count ? "seeds \(shown.map { String($0.seed) }.joined(separator: ", ")) of \(results.count) shown" : "\(counted(shown.count, "seed"))"); dots: true angle of each selected frame (a dot in a neighbouring slot: the app's angle was off by that much)",
            footnote: outerCircle
                ? "Colour: quality distance d of the frame holding the slot (threshold \(fmt(scenario.selection.threshold)))."
                : "Colour: the score \(shown[0].selector) gave the frame holding the slot (its own scale).",
            width: 520 * shown.count + 40, height: 560, rows: [panels])
        return try figure.bytes(output)
    }

    /// True orbit angle over time and what happened to every frame (first seed).
    /// `label` names the run in the title (default "seed N"). Without truth (a replayed session
    /// with no reference poses) the true-angle line, the dropped frames and the error panel are
    /// left out and the zoom window follows the frames.
    public static func timeline(scenario: Scenario, _ result: CaptureRunResult, label: String? = nil, output: FigureOutput) throws -> [UInt8] {
        let hasTruth = !result.trueAngleTrack.isEmpty
        // Angles are drawn unwrapped (continuous through 360°), so frames near the start angle do
        // not jump between the bottom and top borders.
        var trueX: [Double] = [], trueY: [Double] = []
        for point in result.trueAngleTrack {
            trueX.append(point.time)
            trueY.append(trueY.last.map { $0 + wrap180(point.angle - $0) } ?? point.angle)
        }
        /// A wrapped true angle at `time` moved to the unwrapped track.
        func unwrappedTrue(_ angle: Double, at time: Double) -> Double {
            let low = (0..<max(trueX.count - 1, 0)).partitionPoint { trueX[$0] < time }
            guard trueY.indices.contains(low) else { return angle }
            return trueY[low] + wrap180(angle - trueY[low])
        }
        var previousEstimate: Double?
        /// Where a frame's estimated angle is drawn: next to its unwrapped true angle, or next to
        /// the previous frame's without truth.
        func shown(_ estimate: Double, trueAngle: Double?, at time: Double) -> Double {
            let value: Double
            if let trueAngle {
                let truth = unwrappedTrue(trueAngle, at: time)
                value = truth + wrap180(estimate - trueAngle)
            } else {
                value = previousEstimate.map { $0 + wrap180(estimate - $0) } ?? estimate
            }
            previousEstimate = value
            return value
        }
        var groups: [(String, Color, [Double], [Double], [Double])] = [  // name, colour, time, angle, error
            ("selected (kept)", selectedColor, [], [], []), ("kept, later replaced", replacedColor, [], [], []),
            ("discarded", discardedColor, [], [], []), ("dropped by the queue", droppedColor, [], [], []),
        ]
        let droppedCount = result.frames.reduce(0) { $0 + ($1.dropped ? 1 : 0) }
        if !hasTruth { groups[3].0 = "dropped by the queue: \(droppedCount), not drawn (no true angle)" }
        for frame in result.frames {
            let time = frame.captureTime
            if frame.dropped {
                if let angle = frame.trueAngle {
                    groups[3].2.append(time)
                    groups[3].3.append(unwrappedTrue(angle, at: time))
                    groups[3].4.append(.nan)
                }
                continue
            }
            guard let angle = frame.decision?.placement?.pose.angle else { continue }
            let group = frame.keptAtEnd ? 0 : (frame.decision?.outcome.isKept == true ? 1 : 2)
            groups[group].2.append(time)
            groups[group].3.append(shown(angle, trueAngle: frame.trueAngle, at: time))
            groups[group].4.append(frame.angleError ?? .nan)
        }
        func markers(_ value: KeyPath<(String, Color, [Double], [Double], [Double]), [Double]>, counts: Bool) -> [Series] {
            groups.reversed().map { group in
                Series(
                    counts ? (group.0.contains(":") ? group.0 : "\(group.0) (\(group.2.count))") : nil, color: group.1, x: group.2,
                    y: group[keyPath: value],
                    style: .markers(radius: group.0.hasPrefix("selected") ? 3 : 1.8))
            }
        }
        let trueLine = Series("true angle", color: trueColor, x: trueX, y: trueY, style: .line(width: 1.2))
        // Motion floods shaded: where frames starve on the queue.
        let floodBands = result.floods.map { Band($0.lowerBound...max($0.upperBound, $0.lowerBound + 0.05), color: Color(hex: 0xF4CCCC, alpha: 0.7)) }
        let drawnAngles = (trueY + groups.flatMap(\.3)).filter(\.isFinite)
        let angleRange = padded(drawnAngles) ?? 0...360
        let quarterTicks = stride(from: (angleRange.lowerBound / 90).rounded(.up) * 90, through: angleRange.upperBound, by: 90).map { $0 }
        let overview = CartesianPlot(
            title: "whole recording: estimated angle of each frame (unwrapped: 360° + x is angle x after a full turn)", x: ChartAxis("time (s)"),
            y: ChartAxis("orbit angle (°)", limits: angleRange, ticks: quarterTicks),
            series: (hasTruth ? [trueLine] : []) + markers(\.3, counts: true), bands: floodBands, legend: .none)

        // A 4 s window in the middle, with slot boundaries, shows the choice within each slot.
        var placed: (first: Double, last: Double)?  // capture times of the first and last placed frame
        for frame in result.frames where frame.decision?.placement != nil {
            placed = (placed?.first ?? frame.captureTime, frame.captureTime)
        }
        let middle =
            hasTruth
            ? ((result.recordingStart ?? 0) + (result.trueAngleTrack.last?.time ?? 0)) / 2
            : ((placed?.first ?? 0) + (placed?.last ?? 0)) / 2
        let window = (middle - 2)...(middle + 2)
        let inWindow = zip(trueX, trueY).filter { window.contains($0.0) }.map { (time: $0.0, angle: $0.1) }
        var zoomSeries =
            hasTruth ? [Series("true angle", color: trueColor, x: inWindow.map(\.time), y: inWindow.map(\.angle), style: .line(width: 1.2))] : []
        for series in markers(\.3, counts: false) {
            let points = zip(series.x, series.y).filter { window.contains($0.0) }
            zoomSeries.append(Series(nil, color: series.color, x: points.map(\.0), y: points.map(\.1), style: series.style))
        }
        let angles = hasTruth ? inWindow.map(\.angle) : zoomSeries.flatMap(\.y)
        let width = scenario.selection.slotWidth
        var boundaries: [ReferenceLine] = []
        if let low = angles.min(), let high = angles.max(), high - low < 180 {
            var boundary = ((low - width / 2) / width).rounded(.down) * width + width / 2
            while boundary <= high + width {
                boundaries.append(ReferenceLine(boundary, .horizontal, color: Palette.frame.withAlpha(0.6), dash: [2, 3]))
                boundary += width
            }
        }
        // Around the true angle: frames an unstable angle source throws far off are in the top panel.
        let zoomRange = hasTruth ? angles.min().flatMap { low in angles.max().map { (low - 3 * width)...($0 + 3 * width) } } : nil
        let zoom = CartesianPlot(
            title: String(
                format: "%.0f–%.0f s: frames within their slots (dotted: slot boundaries%@)", window.lowerBound, window.upperBound,
                zoomRange == nil ? "" : "; ±3 slots around the true angle"),
            x: ChartAxis("time (s)", limits: window), y: ChartAxis("orbit angle (°)", limits: zoomRange), series: zoomSeries, bands: floodBands,
            lines: boundaries,
            legend: .none)
        let errors = CartesianPlot(
            title: "angle estimate error (estimated − true) of scored frames", x: ChartAxis("time (s)"),
            y: ChartAxis("error (°)", includesZero: true), series: markers(\.4, counts: false),
            lines: [ReferenceLine(0, .horizontal)], legend: .none)
        let rows: [[Panel]] =
            hasTruth ? [[.cartesian(overview)], [.cartesian(zoom)], [.cartesian(errors)]] : [[.cartesian(overview)], [.cartesian(zoom)]]
        let figure = Figure(
            title: "\(scenario.name): timeline (\(label ?? "seed \(result.seed)"))",
            subtitle:
                "angle source \(scenario.selection.angleSource.rawValue); frames at their capture time\(hasTruth ? "" : " (camera clock); no reference poses, so no true angle")",
            footnote: hasTruth
                ? "Dropped frames never reached the app; they are drawn at their true angle.\(result.floods.isEmpty ? "" : " Red bands: motion floods.")"
                : "Dropped frames never reached the app and have no estimated angle. Colours as in the top panel.",
            width: 1300, height: hasTruth ? 1200 : 820,
            legend: markers(\.3, counts: true).reversed().compactMap { series in series.name.map { ($0, series.color, series.style) } }
                + (hasTruth ? [("true angle", trueColor, SeriesStyle.line())] : []),
            rows: rows)
        return try figure.bytes(output)
    }

    /// Distribution of the physical motion blur (mean over the object's visible points), all
    /// frames vs the selected ones (all seeds).
    public static func blur(scenario: Scenario, _ results: [CaptureRunResult], output: FigureOutput) throws -> [UInt8] {
        let all = results.flatMap { $0.frames.compactMap(\.objectBlurMean) }.filter(\.isFinite)
        let selected = results.flatMap { $0.slots.compactMap { $0.frame?.objectBlurMean ?? nil } }.filter(\.isFinite)
        let top = max(Statistics.percentile(all, 99.5), Statistics.percentile(selected, 100), 0.5)
        let binCount = 30
        let binWidth = top / Double(binCount)
        func histogram(_ values: [Double]) -> [Double] {
            var counts = [Double](repeating: 0, count: binCount)
            for value in values { counts[min(binCount - 1, Int(value / binWidth))] += 1 }
            return counts.map { $0 / Double(max(values.count, 1)) * 100 }
        }
        let centers = (0..<binCount).map { (Double($0) + 0.5) * binWidth }
        let plot = CartesianPlot(
            x: ChartAxis("blur over the object, mean of its visible points (px)", limits: 0...top),
            y: ChartAxis("share of frames (%)", includesZero: true),
            series: [
                Series(
                    "all frames (\(all.count))", color: discardedColor, x: centers, y: histogram(all),
                    style: .bars(width: binWidth * 0.45, offset: -binWidth * 0.225)),
                Series(
                    "selected frames (\(selected.count))", color: selectedColor, x: centers, y: histogram(selected),
                    style: .bars(width: binWidth * 0.45, offset: binWidth * 0.225)),
            ],
            lines: [
                // Labelled in the subtitle: the two means are often within a pixel of each other.
                ReferenceLine(Statistics.mean(all), .vertical, color: discardedColor),
                ReferenceLine(Statistics.mean(selected), .vertical, color: selectedColor, dash: [2, 2]),
                ReferenceLine(Statistics.percentile(selected, 95), .vertical, color: selectedColor, dash: [8, 3]),
            ])
        let figure = Figure(
            title: "\(scenario.name): motion blur",
            subtitle:
                "blur_obj_mean_px: image paths of 150 points over the object during the exposure, \(counted(results.count, "seed")) pooled; mean of all frames \(fmt(Statistics.mean(all))) px (grey dashes), of the selected \(fmt(Statistics.mean(selected))) px (green dots), 95th percentile of the selected \(fmt(Statistics.percentile(selected, 95))) px (green dashes)",
            footnote:
                "Centre blur, the object centre's own path (blur_px in frames.csv; re-aimed at, so it misses the orbit), is not drawn. Frames beyond the 99.5th percentile are counted in the last bin.",
            width: 1100, height: 620, rows: [[.cartesian(plot)]])
        return try figure.bytes(output)
    }

    /// Deviations of the frame selected for each slot, and where the object sits in the picture
    /// (first seed). Vertical movement at constant rotation shows up only in the second panel.
    public static func deviation(scenario: Scenario, _ result: CaptureRunResult, output: FigureOutput) throws -> [UInt8] {
        let filled = result.slots.filter { $0.entry != nil }
        let x = filled.map(\.center)
        let deviations = CartesianPlot(
            title: "true deviations of the selected frame (estimated: dashed)", x: ChartAxis.fullCircle("slot centre (°)"),
            y: ChartAxis("deviation (°)", includesZero: true),
            series: [
                Series(
                    "pitch (tilt)", color: Palette.color(0), x: x, y: filled.map { $0.frame?.truePose?.pitchDeviation ?? .nan },
                    style: .lineAndMarkers(width: 1.4, radius: 2.2)),
                Series(
                    "roll", color: Palette.color(1), x: x, y: filled.map { $0.frame?.truePose?.rollDeviation ?? .nan },
                    style: .lineAndMarkers(width: 1.4, radius: 2.2)),
                Series(
                    "pitch, as estimated", color: Palette.color(0), x: x, y: filled.map { $0.entry!.pose.pitchDeviation },
                    style: .line(width: 1, dash: [4, 3])),
                Series(
                    "roll, as estimated", color: Palette.color(1), x: x, y: filled.map { $0.entry!.pose.rollDeviation },
                    style: .line(width: 1, dash: [4, 3])),
            ], lines: [ReferenceLine(0, .horizontal)])
        let offset = CartesianPlot(
            title: "object centre's vertical offset from the picture centre (positive: below)", x: ChartAxis.fullCircle("slot centre (°)"),
            y: ChartAxis("vertical offset (px)", includesZero: true),
            series: [
                Series(nil, color: Palette.color(2), x: x, y: filled.map { $0.objectOffset ?? .nan }, style: .lineAndMarkers(width: 1.4, radius: 2.2))
            ],
            lines: [ReferenceLine(0, .horizontal)], legend: .none)
        let height = CartesianPlot(
            title: "camera height at the selected frame", x: ChartAxis.fullCircle("slot centre (°)"),
            y: ChartAxis("height (m)", limits: padded(filled.compactMap(\.cameraHeight))),
            series: [
                Series(nil, color: Palette.color(3), x: x, y: filled.map { $0.cameraHeight ?? .nan }, style: .lineAndMarkers(width: 1.4, radius: 2.2))
            ],
            legend: .none)
        let figure = Figure(
            title: "\(scenario.name): deviations per slot (seed \(result.seed))",
            subtitle: "deviations relative to the recording start; the app scores frames by the estimated ones",
            footnote:
                "The app cannot see height changes at constant rotation (the seed's known issue): they move the object in the picture while the deviations stay near zero.",
            width: 1300, height: 1000, rows: [[.cartesian(deviations)], [.cartesian(offset), .cartesian(height)]])
        return try figure.bytes(output)
    }

    /// Headline metrics per seed, each in the metric table's words, unit and decimals: coverage,
    /// blur (over the object), angle estimate error, frames dropped.
    public static func seeds(scenario: Scenario, _ results: [CaptureRunResult], output: FigureOutput) throws -> [UInt8] {
        let labels = results.map { "\($0.seed)" }
        let x = results.indices.map(Double.init)
        let runs = results.map { RunMetrics($0.metrics) }
        func bars(_ name: String, _ color: Color) -> Panel {
            guard let metric = Metric.named(name) else { return .empty }
            let values = runs.map { $0[name] ?? .nan }
            let mean = Statistics.mean(values.filter(\.isFinite))
            let meanText = mean.isFinite ? String(format: "%.\(metric.decimals)f", mean) : "–"
            let top = values.filter(\.isFinite).max() ?? 1
            return .cartesian(
                // The mean goes in the title: a label on the line hides behind the last bar.
                CartesianPlot(
                    title: "\(metric.summary) (mean \(meanText)\(metric.unit.symbol.isEmpty ? "" : " \(metric.unit.symbol)"))",
                    x: ChartAxis("seed", categories: labels),
                    y: ChartAxis(metric.unit.axisLabel, limits: 0...max(top * 1.12, 1e-9), wholeNumbers: metric.unit == .count),
                    series: [Series(nil, color: color, x: x, y: values, style: .bars(width: 0.6))],
                    lines: mean.isFinite ? [ReferenceLine(mean, .horizontal)] : [], legend: .none))
        }
        let figure = Figure(
            title: "\(scenario.name): metrics per seed", subtitle: "\(counted(results.count, "seed")); dashed: mean over seeds",
            width: 1300, height: 800,
            rows: [
                [bars("coverage", Palette.color(2)), bars("blur_obj_mean_px", Palette.color(0))],
                [bars("angle_est_err_mean_deg", Palette.color(1)), bars("frames_dropped", Palette.color(3))],
            ])
        return try figure.bytes(output)
    }

    /// `degrees` wrapped to (−180, 180].
    static func wrap180(_ degrees: Double) -> Double { Angles.wrapTo360(degrees + 180) - 180 }

    /// The data's range with 8 % room on each side, so no point sits on the frame.
    static func padded(_ values: [Double]) -> ClosedRange<Double>? {
        guard let low = values.filter(\.isFinite).min(), let high = values.filter(\.isFinite).max() else { return nil }
        let room = max(high - low, abs(high) * 1e-3, 1e-9) * 0.08
        return (low - room)...(high + room)
    }

    static func fmt(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        return String(format: value == value.rounded() && abs(value) < 1e6 ? "%.0f" : "%.2f", value)
    }
}
