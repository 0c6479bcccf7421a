import Foundation
import Plotting
import Runs
import Simulation
import Scenarios
import StatisticsKit
import ReportFormats

extension CapturePlots {
    /// Physical blur of each frame against the rotation rate the app measured: all frames of
    /// the first seed grey, the selected frames of every seed green, and the blur the app
    /// predicts from the rate (rate × exposure × focal length) as a dashed line. Points far
    /// above the line blur through translation or roll; a selector that prefers slow frames
    /// moves the green dots to the left.
    public static func blurVersusRate(scenario: Scenario, _ results: [CaptureRunResult], output: FigureOutput) throws -> [UInt8] {
        func points(_ frames: some Sequence<FrameRecord>) -> (x: [Double], y: [Double]) {
            var x: [Double] = [], y: [Double] = []
            for frame in frames {
                guard let rate = frame.measuredRotationRate, let blur = frame.objectBlurMean, rate.isFinite, blur.isFinite else { continue }
                x.append(rate)
                y.append(blur)
            }
            return (x, y)
        }
        let all = results.first.map { points($0.frames) } ?? (x: [], y: [])
        let selected = points(results.flatMap { $0.slots.compactMap(\.frame) })
        let rateTop = max(Statistics.percentile(all.x + selected.x, 99.5), 1)
        let blurTop = max(Statistics.percentile(all.y + selected.y, 99.5), 0.5)
        // The prediction is linear in the rate with slope exposure × focal length (px per °/s).
        let exposure = scenario.world.camera.exposure
        let focalLength = CapturePlots.focalLength(scenario)
        let slope = RotationRateTrack.predictedBlur(rate: 1, exposure: exposure, focalLength: focalLength)
        let series = [
            Series(
                "all frames, seed \(results.first?.seed ?? 0) (\(all.x.count))", color: discardedColor, x: all.x, y: all.y,
                style: .markers(radius: 1.6)),
            Series(
                "selected frames, \(counted(results.count, "seed")) (\(selected.x.count))", color: selectedColor, x: selected.x, y: selected.y,
                style: .markers(radius: 2.6)),
            Series(
                "predicted: rate × \(fmt(exposure * 1000)) ms × \(fmt(focalLength)) px (dashed)", color: trueColor, x: [0, rateTop],
                y: [0, slope * rateTop], style: .line(width: 1.4, dash: [6, 4])),
        ]
        // The legend sits in the figure's legend row: the cloud fills every corner of the panel.
        let plot = CartesianPlot(
            x: ChartAxis("measured rotation rate |ω| (°/s, DeviceMotion at the frame)", limits: 0...rateTop),
            y: ChartAxis("blur over the object, mean of its visible points (px)", limits: 0...blurTop),
            series: series, legend: .none)
        let rank = Statistics.spearman(all.x, all.y)
        let figure = Figure(
            title: "\(scenario.name): blur against the measured rotation rate",
            subtitle:
                "mean rate of all frames \(fmt(Statistics.mean(all.x))) °/s, of the selected \(fmt(Statistics.mean(selected.x))) °/s; blur \(fmt(Statistics.mean(all.y))) px vs \(fmt(Statistics.mean(selected.y))) px; rank correlation rate–blur (all frames) \(rank.isFinite ? String(format: "%.2f", rank) : "–")",
            footnote:
                "Blur: image paths of 150 points over the object during the exposure (ExposureBlurMeter). The dashed line is what the app can predict from the gyroscope alone.",
            width: 1100, height: 660, legend: series.compactMap { series in series.name.map { ($0, series.color, series.style) } },
            rows: [[.cartesian(plot)]])
        return try figure.bytes(output)
    }

    /// Focal length of the scenario's camera in the held orientation, px.
    static func focalLength(_ scenario: Scenario) -> Double {
        PinholeCamera(settings: scenario.world.camera, orientation: scenario.world.orbit.deviceOrientation).focalLength
    }
}
