import Foundation
import OrbitBench

extension BenchmarkSuite {
    /// Peak RSS of `run orbit-72 --seeds 1 --no-plots` as a 1-, 10- and 60-minute orbit (each
    /// a child process): what a run keeps should not grow with its length. Linux counts the
    /// parent's peak into a spawned child's until the child execs, so call this while the
    /// calling process is still smaller than a run. A failure becomes the line's text, so the
    /// other figures are still measured.
    static func peakMemory() -> BenchmarkRow {
        ChildProcess.withScratch("bench") { folder, errorFile in
            // orbit-72 turns 6.5 °/s for its 60 s; 0.6 and 0.1 °/s make the walk 10 and 60 minutes.
            let speeds = ["6.5", "0.6", "0.1"]
            do {
                let peaks = try speeds.map { speed in
                    try ChildProcess.measure(
                        [
                            "run", "orbit-72", "--seeds", "1", "--no-plots", "--set", "orbit.speed_deg_s=\(speed)", "--out", folder.path,
                            "--overwrite",
                        ], errorFile: errorFile
                    ).peakResidentBytes
                }
                func megabytes(_ bytes: Int) -> String { String(format: "%.0f MB", Double(bytes) / 1e6) }
                return BenchmarkRow(
                    what: "peak RSS of a 60-minute orbit (1-minute orbit: \(megabytes(peaks[0])))", figure: megabytes(peaks[2]),
                    reference: megabytes(peaks[1]) + " 10-minute orbit", ratio: BenchmarkRow.times(Double(peaks[2]) / Double(peaks[1])),
                    command: "orbitbench run orbit-72 --seeds 1 --no-plots --set orbit.speed_deg_s=0.1")
            } catch {
                return BenchmarkRow(what: "peak RSS of a 1 / 10 / 60-minute orbit", figure: "not measured (\(error))")
            }
        }
    }
}
