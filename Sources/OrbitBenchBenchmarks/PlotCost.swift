import Foundation
import OrbitBench

extension BenchmarkSuite {
    /// Wall clock of `run orbit-72 --seeds 1` with its plots and with `--no-plots`, each a
    /// child process (start-up included, as a user waits for it), interleaved so the machine's
    /// drift touches both alike; medians of `repetitions` pairs. A failure becomes the line's
    /// text, so the other figures are still measured.
    static func plotCost(repetitions: Int) -> BenchmarkRow {
        ChildProcess.withScratch("bench-plots") { folder, errorFile in
            let arguments = ["run", "orbit-72", "--seeds", "1", "--out", folder.path, "--overwrite"]
            do {
                var withPlots: [Double] = [], withoutPlots: [Double] = []
                for _ in 0..<repetitions {
                    withPlots.append(try ChildProcess.measure(arguments, errorFile: errorFile).wall)
                    withoutPlots.append(try ChildProcess.measure(arguments + ["--no-plots"], errorFile: errorFile).wall)
                }
                let plotted = withPlots.sorted()[repetitions / 2], plain = withoutPlots.sorted()[repetitions / 2]
                return BenchmarkRow(
                    what: "a run with its 8 plots, wall (median of \(repetitions) interleaved; allowed 2.5×)", figure: BenchmarkRow.ms(plotted),
                    reference: BenchmarkRow.ms(plain) + " with --no-plots", ratio: BenchmarkRow.times(plotted / plain),
                    command: "orbitbench run orbit-72 --seeds 1")
            } catch {
                return BenchmarkRow(what: "a run with and without plots", figure: "not measured (\(error))")
            }
        }
    }
}

extension BenchmarkSuite {
    /// Wall clock of a sweep and a tuning run as child processes (start-up included, as a user
    /// waits for them), as runs or evaluations per second.
    static func commandThroughput() -> [BenchmarkRow] {
        ChildProcess.withScratch("bench-throughput") { folder, errorFile in
            let sweep = ["sweep", "orbit-72", "--vary", "selection.threshold=2:12:0.5", "--seeds", "1-10", "--no-plots"]
            let tune = [
                "tune", "orbit-72", "--params", "selection.threshold", "--max-evaluations", "20", "--train-seeds", "1-4", "--test-seeds",
                "101-104", "--no-plots",
            ]
            var rows: [BenchmarkRow] = []
            for (arguments, items, unit) in [(sweep, 210, "runs"), (tune, 20 * 4, "runs")] {
                do {
                    let wall = try ChildProcess.measure(arguments + ["--out", folder.path, "--overwrite"], errorFile: errorFile).wall
                    rows.append(
                        BenchmarkRow(
                            what: "\(arguments[0]) throughput (\(items) \(unit)), wall",
                            figure: String(format: "%.0f %@/s", Double(items) / wall, unit),
                            reference: BenchmarkRow.ms(wall) + " in all", command: "orbitbench " + arguments.joined(separator: " ")))
                } catch {
                    rows.append(BenchmarkRow(what: "\(arguments[0]) throughput", figure: "not measured (\(error))"))
                }
            }
            return rows
        }
    }
}
