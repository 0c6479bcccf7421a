import Foundation
import OrbitBench

/// A one-line progress indicator on stderr, shown only on a terminal and only once the work
/// has taken more than a second (quick runs stay quiet, logs stay clean).
final class ProgressLine: @unchecked Sendable {
    private let total: Int
    private let label: String
    private let start = CPUClock.wall()
    private let enabled = isatty(STDERR_FILENO) == 1
    private let lock = NSLock()
    private var shown = false

    init(total: Int, label: String) {
        self.total = total
        self.label = label
    }

    func update(_ finished: Int) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let elapsed = CPUClock.wall() - start
        guard elapsed > 1 || shown else { return }
        shown = true
        FileHandle.standardError.write(Data("\r\(label): \(finished)/\(total) runs, \(String(format: "%.1f", elapsed)) s".utf8))
    }

    func finish() {
        guard enabled, shown else { return }
        FileHandle.standardError.write(Data("\n".utf8))
    }
}
