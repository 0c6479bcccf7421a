import Foundation
import Synchronization

/// Appends lines to a `DigestList` file from several threads at once, each line in one
/// `write(2)` under a lock, so a killed process leaves whole lines and at most one cut-off
/// last line (which `DigestList.read` leaves out, and which is cut before appending again).
public final class DigestAppender: Sendable {
    private let url: URL
    private let descriptor: Int32
    /// Lines appended; the lock also keeps one line's write from interleaving with another's.
    private let appended = Mutex(0)

    /// Opens (or creates) the list at `url`; a regular file only.
    public init(_ url: URL) throws(OutputError) {
        self.url = url
        let kind = FileKind(atPath: url.path)
        guard kind == .none || kind == .regularFile else {
            throw OutputError(path: url.path, reason: "is \(kind.phrase); only a regular file is written")
        }
        descriptor = open(url.path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw OutputError(path: url.path, reason: "cannot write (\(String(cString: strerror(errno))))") }
        // A line cut off by a killed process: drop it, so the next line starts on its own.
        if let data = FileManager.default.contents(atPath: url.path), let last = data.last, last != UInt8(ascii: "\n") {
            let keep = data.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            guard ftruncate(descriptor, off_t(keep)) == 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw OutputError(path: url.path, reason: "cannot cut its unfinished last line (\(reason))")
            }
        }
    }

    deinit { close(descriptor) }

    /// Lines appended by this appender.
    public var count: Int { appended.withLock { $0 } }

    /// Appends `line` (ending in a line break) whole.
    public func append(_ line: String) throws(OutputError) {
        let bytes = Array(line.utf8)
        try appended.withLock { (appended) throws(OutputError) in
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress!, $0.count) }
            guard written == bytes.count else {
                let reason = written < 0 ? String(cString: strerror(errno)) : "short write"
                throw OutputError(path: url.path, reason: "cannot append (\(reason))")
            }
            appended += 1
        }
    }
}
