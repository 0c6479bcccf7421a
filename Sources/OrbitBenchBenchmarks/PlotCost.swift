import Foundation
import OrbitBench

extension BenchmarkSuite {
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
}
