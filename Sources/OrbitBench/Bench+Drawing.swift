import Foundation

extension Bench {
    /// What drawing a run's data series costs: `Canvas.strokePolyline` (`StrokeRaster`) against
    /// cairo's own stroke of the same paths, and `Canvas.fillCircles` (stamps blended into the
    /// pixels) against one cairo fill per marker, interleaved round by round on one thread.
    public struct SeriesDrawingCost: Sendable {
        /// Points of each of the four deviation lines (two solid, two dashed).
        public var linePoints: Int
        public var strokeSeconds: Double
        public var cairoStrokeSeconds: Double
        public var markers: Int
        public var markerSeconds: Double
        public var cairoMarkerSeconds: Double
        /// Medians of the rounds' ratios (ours / cairo's).
        public var strokeRatio: Double
        public var markerRatio: Double
    }

    /// Draws seed 1 of `scenario` as the deviation figure's top panel does (true and estimated
    /// pitch and roll per slot over a 1150 × 357 px area, estimated dashed [4, 3]) and as the
    /// timeline's error panel does (each frame's angle error as a 2.2 px dot), both ways.
    public static func seriesDrawingCost(_ scenario: Scenario, repetitions: Int) throws -> SeriesDrawingCost {
        let result = try CaptureRunner.run(scenario, simulated: try SimulatedRun(world: scenario.world, seed: 1))
        let filled = result.slots.filter { $0.entry != nil }
        let deviations: [(values: [Double], width: Double, dash: [Double])] = [
            (filled.map { $0.frame?.truePose?.pitchDeviation ?? .nan }, 1.4, []),
            (filled.map { $0.frame?.truePose?.rollDeviation ?? .nan }, 1.4, []),
            (filled.map { $0.entry!.pose.pitchDeviation }, 1, [4, 3]), (filled.map { $0.entry!.pose.rollDeviation }, 1, [4, 3]),
        ]
        let area = (x: 60.0, y: 90.0, width: 1150.0, height: 357.0)
        let all = deviations.flatMap(\.values).filter(\.isFinite)
        let (low, high) = (all.min() ?? -1, max(all.max() ?? 1, (all.min() ?? -1) + 1e-9))
        let lines = deviations.map { series in
            (
                points: zip(filled, series.values).map { slot, value in
                    (x: area.x + slot.center / 360 * area.width, y: area.y + (high - value) / (high - low) * area.height)
                }, width: series.width, dash: series.dash
            )
        }
        let errors = result.frames.map { ($0.captureTime, $0.angleError) }
        let duration = max(errors.map(\.0).max() ?? 1, 1e-9)
        let errorRange = max(errors.compactMap(\.1).map(abs).max() ?? 1, 1e-9)
        let dots = errors.compactMap { time, error in
            error.map { (x: area.x + time / duration * area.width, y: 700 + (1 - $0 / errorRange) * 150) }
        }
        let canvas = try Canvas(width: 1300, height: 1000)
        let color = Color(hex: 0x0072B2)
        let pieces = [
            BenchmarkResult.Piece("strokePolyline", items: lines.count) {
                for line in lines { canvas.strokePolyline(line.points, width: line.width, color: color, dash: line.dash) }
            },
            BenchmarkResult.Piece("cairo stroke", items: lines.count) {
                canvas.setColor(color)
                for line in lines {
                    canvas.setLineWidth(line.width)
                    canvas.setDash(line.dash)
                    canvas.newPath()
                    var penDown = false
                    for point in line.points {
                        guard point.x.isFinite, point.y.isFinite else {
                            penDown = false
                            continue
                        }
                        if penDown { canvas.lineTo(point.x, point.y) } else { canvas.moveTo(point.x, point.y) }
                        penDown = true
                    }
                    canvas.stroke()
                }
                canvas.setDash([])
            },
            BenchmarkResult.Piece("fillCircles", items: dots.count) { canvas.fillCircles(dots, radius: 2.2, color: color) },
            BenchmarkResult.Piece("cairo fills", items: dots.count) {
                for dot in dots { canvas.fillCircle(cx: dot.x, cy: dot.y, radius: 2.2, color: color) }
            },
        ]
        let results = try BenchmarkResult.measureInterleaved(pieces, repetitions: repetitions)
        return SeriesDrawingCost(
            linePoints: filled.count, strokeSeconds: results[0].median, cairoStrokeSeconds: results[1].median, markers: dots.count,
            markerSeconds: results[2].median, cairoMarkerSeconds: results[3].median,
            strokeRatio: BenchmarkResult.medianRatio([results[0]], [results[1]]),
            markerRatio: BenchmarkResult.medianRatio([results[2]], [results[3]]))
    }
}
