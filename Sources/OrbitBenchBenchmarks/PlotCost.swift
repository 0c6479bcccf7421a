import Foundation
import OrbitBench

extension BenchCommand {
    /// Wall clock of `run orbit-72 --seeds 1` with its plots and with `--no-plots`, each a
    /// child process (start-up included, as a user waits for it), interleaved so the machine's
    /// drift touches both alike; medians of `repetitions` pairs. A failure becomes the line's
    /// text, so the other figures are still measured.
    static func plotCost(repetitions: Int) -> String {
        ChildProcess.withScratch("bench-plots") { folder, errorFile in
            let arguments = ["run", "orbit-72", "--seeds", "1", "--out", folder.path, "--overwrite"]
            do {
                var withPlots: [Double] = [], withoutPlots: [Double] = []
                for _ in 0..<repetitions {
                    withPlots.append(try ChildProcess.measure(arguments, errorFile: errorFile).wall)
                    withoutPlots.append(try ChildProcess.measure(arguments + ["--no-plots"], errorFile: errorFile).wall)
                }
                let plotted = withPlots.sorted()[repetitions / 2], plain = withoutPlots.sorted()[repetitions / 2]
                return String(
                    format:
                        "run orbit-72 --seeds 1 with its plots / with --no-plots, wall clock (median of %d interleaved): %.0f ms / %.0f ms = %.2f×",
                    repetitions, plotted * 1000, plain * 1000, plotted / plain)
            } catch {
                return "run orbit-72 --seeds 1 with and without plots: not measured (\(error))"
            }
        }
    }

    /// The PNG encoder against zlib's deflate at level 2 on the pixels of the same figures.
    static func pngEncoding(_ scenario: Scenario, repetitions: Int) throws -> String {
        let cost = try Bench.pngEncodingCost(scenario, repetitions: repetitions)
        let megabyte = 1e6
        return String(
            format:
                "PNG encoding of the %d figures of run orbit-72 --seeds 1 (%.1f megapixels), CPU time of one thread: %.1f ms, %.2f MB; zlib's deflate at level 2 on the same scanlines (libpng's way before): %.1f ms, %.2f MB (encoder: %.2f× the time, %.2f× the size)",
            cost.figures, Double(cost.pixels) / 1e6, cost.encodeSeconds * 1000, Double(cost.encodedBytes) / megabyte,
            cost.zlibSeconds * 1000, Double(cost.zlibBytes) / megabyte, cost.encodeSeconds / cost.zlibSeconds,
            Double(cost.encodedBytes) / Double(cost.zlibBytes))
    }

    /// Data series drawn by OrbitBench's own rasterisers against cairo, on the same paths.
    static func seriesDrawing(_ scenario: Scenario, repetitions: Int) throws -> String {
        let cost = try Bench.seriesDrawingCost(scenario, repetitions: repetitions)
        return String(
            format:
                "data series of run orbit-72 seed 1, CPU time of one thread: the deviation panel's 4 lines of %d points (2 dashed) %.2f ms, cairo's stroke of the same paths %.2f ms (%.2f×); %d error dots %.2f ms, one cairo fill each %.2f ms (%.2f×)",
            cost.linePoints, cost.strokeSeconds * 1000, cost.cairoStrokeSeconds * 1000, cost.strokeRatio, cost.markers,
            cost.markerSeconds * 1000, cost.cairoMarkerSeconds * 1000, cost.markerRatio)
    }
}
