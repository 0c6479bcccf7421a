import ArgumentParser
import Foundation
import OrbitBench
import Synchronization

/// Progress of a long command on stderr, with an estimate of the time left: on a terminal one
/// line redrawn in place, in a log (CI, a cluster job) a plain line every `logInterval`
/// seconds. Quiet for work that ends within a second, and with `--quiet`.
final class ProgressLine: Sendable {
    private let total: Int
    private let label: String
    private let unit: String
    private let start = CPUClock.wall()
    private let terminal = isatty(STDERR_FILENO) == 1
    private let quiet: Bool
    /// Whether a line was written, and when the last one was (seconds since `start`).
    private let written = Mutex((shown: false, lastLine: 0.0))

    /// Seconds between lines when stderr is not a terminal: `$ORBITBENCH_PROGRESS_SECONDS`,
    /// default 5.
    static let logInterval = ProcessInfo.processInfo.environment["ORBITBENCH_PROGRESS_SECONDS"].flatMap(Double.init).map { max(0, $0) } ?? 5

    init(total: Int, label: String, unit: String = "runs", quiet: Bool = false) {
        self.total = total
        self.label = label
        self.unit = unit
        self.quiet = quiet
    }

    func update(_ finished: Int) {
        guard !quiet else { return }
        written.withLock { written in
            let elapsed = CPUClock.wall() - start
            guard elapsed > min(1, Self.logInterval) else { return }
            if terminal {
                written.shown = true
                FileHandle.standardError.write(Data("\r\(text(finished, elapsed))\u{1B}[K".utf8))
            } else if elapsed - written.lastLine >= Self.logInterval || (finished == total && written.shown) {
                written = (shown: true, lastLine: elapsed)
                FileHandle.standardError.write(Data("\(text(finished, elapsed))\n".utf8))
            }
        }
    }

    /// "orbitbench sweep: 40/120 runs, 12.3 s, about 25 s left".
    func text(_ finished: Int, _ elapsed: Double) -> String {
        var line = "\(label): \(finished)/\(total) \(unit), \(String(format: "%.1f", elapsed)) s"
        if finished > 0 && finished < total {
            line += ", about \(Self.duration(elapsed / Double(finished) * Double(total - finished))) left"
        }
        return line
    }

    static func duration(_ seconds: Double) -> String {
        seconds < 90
            ? "\(Int(seconds.rounded())) s" : seconds < 5400 ? "\(Int((seconds / 60).rounded())) min" : String(format: "%.1f h", seconds / 3600)
    }

    func finish() {
        guard !quiet, terminal, written.withLock({ $0.shown }) else { return }
        FileHandle.standardError.write(Data("\n".utf8))
    }
}

/// How a command that fans work out over cores runs it: `--jobs` (runs, figures or rendered
/// frames at once) and `--quiet`.
struct WorkOptions: ParsableArguments {
    @Option(help: "Runs, figures or frames worked on at once (default: all cores).")
    var jobs: Int?

    @Flag(help: "No progress lines on stderr.")
    var quiet = false

    func validate() throws {
        if let jobs, !(1...4096).contains(jobs) { throw ValidationError("--jobs must be between 1 and 4096") }
    }

    /// Applies --jobs for the rest of the process (`Parallel.workerLimit`).
    func applyJobs() {
        if let jobs { Parallel.workerLimit = jobs }
    }

    /// Applies --jobs for the rest of the process and returns a progress line for `total` runs.
    func progress(total: Int, label: String, unit: String = "runs") -> ProgressLine {
        applyJobs()
        return ProgressLine(total: total, label: label, unit: unit, quiet: quiet)
    }

    /// The options again, for a command this one runs (`merge`).
    var arguments: [String] { (jobs.map { ["--jobs", String($0)] } ?? []) + (quiet ? ["--quiet"] : []) }
}

/// `--quiet` of a command that writes no progress lines, so that every command takes it.
struct QuietOption: ParsableArguments {
    @Flag(help: "Accepted as by every command; this one writes no progress lines.")
    var quiet = false
}
