import Foundation

/// Writes one file atomically: a new temporary file beside it, flushed, then renamed over it,
/// so a reader sees the old file or the new one, never part of one.
///
/// Only a regular file is replaced. Something else at the path is refused with a one-line
/// error, since a rename would replace it, not write into it: a symbolic link (it would stop
/// pointing anywhere, and a report must not follow one out of its folder), a device, FIFO or
/// socket (as root, `--junit /dev/full` once replaced the system's /dev/full by a regular
/// file), a folder. A missing file is created, with the folders above it. Every failure —
/// creating, writing, flushing, closing, renaming — is an error naming the path, and leaves
/// the old file as it was. (The check and the rename are two steps: something put at the path
/// between them is replaced, never written through.)
public enum AtomicFile {
    /// Writes `bytes` to the file at `url` (a path the user chose, or one inside a folder the
    /// command owns).
    public static func write(_ bytes: [UInt8], to url: URL) throws(OutputError) {
        try checkReplaceable(url)
        let path = url.path
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw OutputError(path: path, reason: "cannot create its folder (\(ReportDirectory.reason(error)))")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).partial-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let file = try ReportFile(creating: temporary, reportedAs: path, exclusive: true)
        do {
            try file.append(bytes[...])
            try file.sync()
        } catch {
            file.abandon()
            unlink(temporary.path)
            throw error
        }
        do { try file.close() } catch {
            unlink(temporary.path)
            throw error
        }
        guard rename(temporary.path, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw OutputError(path: path, reason: "cannot write (\(reason))")
        }
    }

    /// Throws the error `write(_:to:)` would for what is at `url` now (something other than a
    /// regular file, a file where a folder above it should be): for a command to check the
    /// files it will write before it starts its work.
    public static func checkReplaceable(_ url: URL) throws(OutputError) {
        let kind = FileKind(atPath: url.path)
        guard kind == .none || kind == .regularFile else {
            throw OutputError(path: url.path, reason: "is \(kind.phrase); only a regular file is written (choose a file path)")
        }
        if let file = ReportDirectory.fileInTheWay(of: url.deletingLastPathComponent()) {
            throw OutputError(path: url.path, reason: "\(file) is a file, not a folder")
        }
    }

    /// Writes `bytes` to `relativePath` inside `folder`, after `OutputPath.resolve` has checked
    /// that it stays inside: for file names built from names in files.
    public static func write(_ bytes: [UInt8], to relativePath: String, in folder: URL) throws(OutputError) {
        try write(bytes, to: try OutputPath.resolve(relativePath, in: folder))
    }
}
