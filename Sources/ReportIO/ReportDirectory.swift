import Foundation

/// A failure to write output, with the path and the reason, as one line.
public struct OutputError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let reason: String
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    public var description: String { "\(path): \(reason)" }
}

/// An output folder that appears complete or not at all.
///
/// Files are written into a hidden staging folder next to the destination; `commit()` swaps
/// it into place (replacing an earlier report of the same name). If the work fails before
/// `commit()`, the staging folder is removed and nothing of the new report is left behind.
public final class ReportDirectory {
    public let destination: URL
    let staging: URL
    private var committed = false

    /// Creates the staging folder; fails at once (before any work) when the destination's
    /// parent cannot be created or written.
    public init(destination: URL) throws(OutputError) {
        self.destination = destination.standardizedFileURL
        let parent = self.destination.deletingLastPathComponent()
        staging = parent.appendingPathComponent(".\(self.destination.lastPathComponent).partial-\(ProcessInfo.processInfo.processIdentifier)")
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw OutputError(path: parent.path, reason: "cannot create the output directory (\(Self.reason(error)))")
        }
        guard manager.isWritableFile(atPath: parent.path) else {
            throw OutputError(path: parent.path, reason: "output directory is not writable")
        }
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: self.destination.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw OutputError(path: self.destination.path, reason: "exists and is not a directory")
        }
        try? manager.removeItem(at: staging)
        do {
            try manager.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw OutputError(path: staging.path, reason: "cannot create (\(Self.reason(error)))")
        }
    }

    deinit {
        if !committed { try? FileManager.default.removeItem(at: staging) }
    }

    /// Writes `bytes` to `relativePath` inside the report (sub-folders are created).
    public func write(_ bytes: [UInt8], to relativePath: String) throws(OutputError) {
        let url = staging.appendingPathComponent(relativePath)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        } catch {
            throw OutputError(path: destination.appendingPathComponent(relativePath).path, reason: "cannot write (\(Self.reason(error)))")
        }
    }

    public func write(_ text: String, to relativePath: String) throws(OutputError) {
        try write(Array(text.utf8), to: relativePath)
    }

    /// Moves the finished report into place.
    public func commit() throws(OutputError) {
        let manager = FileManager.default
        let previous = staging.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).previous-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            if manager.fileExists(atPath: destination.path) {
                try? manager.removeItem(at: previous)
                try manager.moveItem(at: destination, to: previous)
            }
            try manager.moveItem(at: staging, to: destination)
            try? manager.removeItem(at: previous)
            committed = true
        } catch {
            if manager.fileExists(atPath: previous.path), !manager.fileExists(atPath: destination.path) {
                try? manager.moveItem(at: previous, to: destination)
            }
            throw OutputError(path: destination.path, reason: "cannot move the finished report into place (\(Self.reason(error)))")
        }
    }

    public static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}

/// Writes one file atomically: a temporary file in the same folder, then a rename.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to url: URL) throws(OutputError) {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            throw OutputError(path: url.path, reason: "cannot write (\(ReportDirectory.reason(error)))")
        }
    }
}
