import BundledFiles
import Foundation
import Synchronization

/// A file that cannot be written (or read: the recording the spin viewer shows), with the path
/// and the reason, as one line.
public struct OutputError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let reason: String
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    public var description: String { "\(path): \(reason)" }
}

/// An output folder that appears complete or not at all, and is never taken from someone else.
///
/// Files are written into a hidden staging folder next to the destination; `commit()` swaps
/// it into place (replacing an earlier report of the same name). If the work fails before
/// `commit()`, the staging folder is removed and nothing of the new report is left behind;
/// staging folders of processes that died are removed by the next report next to them.
///
/// A non-empty destination is replaced only when `owner.json` (written into every report by
/// `commit`) says the same command wrote it, or with `overwrite`: a folder of other files, or
/// another command's report, is refused with a one-line error.
///
/// Every file is written inside the report: a relative path is checked (`OutputPath.resolve`)
/// before anything is created, so a name from a file ("../x", "/etc/x") is a one-line error.
///
/// `write` may be called from several threads at once, each call on its own file (it opens,
/// writes and closes it and touches no other state); create a folder that several of them
/// write into first (`createFolder`), and `commit` once, after every write.
public final class ReportDirectory: Sendable {
    public let destination: URL
    /// The command writing the report (`run`, `fusion`, …).
    public let owner: String
    let staging: URL
    /// Entries of an existing destination that belong to it but not to the report (the shard
    /// folders a merged report is made from): not counted against ownership, kept by `commit`.
    let keeping: @Sendable (String) -> Bool
    private let committed = Mutex(false)

    /// The file that names the command which wrote a report folder.
    public static let ownerFile = "owner.json"

    /// Creates the staging folder; fails at once (before any work) when the destination's
    /// parent cannot be created or written, or the destination belongs to someone else.
    ///
    /// `keeping` names entries of the destination that stay when the report replaces it.
    public init(
        destination: URL, owner: String, overwrite: Bool = false, keeping: @escaping @Sendable (String) -> Bool = { _ in false }
    ) throws(OutputError) {
        self.destination = destination.standardizedFileURL
        self.owner = owner
        self.keeping = keeping
        let parent = self.destination.deletingLastPathComponent()
        let name = self.destination.lastPathComponent
        staging = parent.appendingPathComponent(".\(name).partial-\(ProcessInfo.processInfo.processIdentifier)")
        let manager = FileManager.default
        guard self.destination.path != "/" else { throw OutputError(path: "/", reason: "the root folder cannot be an output folder") }
        if let problem = OutputPath.placementProblem(of: self.destination) {
            throw OutputError(path: self.destination.path, reason: "\(problem); choose a folder of your own with --out")
        }
        if let file = Self.fileInTheWay(of: parent) {
            throw OutputError(path: self.destination.path, reason: "\(file) is a file, not a folder")
        }
        do {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw OutputError(path: parent.path, reason: "cannot create the output directory (\(Self.reason(error)))")
        }
        guard manager.isWritableFile(atPath: parent.path) else {
            throw OutputError(path: parent.path, reason: "output directory is not writable")
        }
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: self.destination.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw OutputError(path: self.destination.path, reason: "exists and is not a directory") }
            if !overwrite { try Self.checkOwnership(of: self.destination, by: owner, ignoring: keeping) }
        }
        Self.removeLeftovers(of: name, in: parent)
        try? manager.removeItem(at: staging)
        do {
            try manager.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw OutputError(path: staging.path, reason: "cannot create (\(Self.reason(error)))")
        }
    }

    /// Refuses a non-empty folder that `owner` did not write.
    static func checkOwnership(of folder: URL, by owner: String, ignoring kept: (String) -> Bool = { _ in false }) throws(OutputError) {
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0 != ".DS_Store" && !kept($0) }
        guard !entries.isEmpty else { return }
        let marker = folder.appendingPathComponent(ownerFile)
        let writer =
            ProjectFiles.contents(atPath: marker.path)
            .flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }?["command"] as? String
        guard writer == owner else {
            let who = writer.map { "orbitbench \($0) wrote it" } ?? "it holds files orbitbench did not write"
            throw OutputError(
                path: folder.path,
                reason: "not empty and not a report of orbitbench \(owner) (\(who)); pass --overwrite to replace it, or choose another --out")
        }
    }

    /// Removes `.NAME.partial-PID` and `.NAME.previous-PID` folders whose process is gone.
    static func removeLeftovers(of name: String, in parent: URL) {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for entry in entries {
            for kind in [".partial-", ".previous-"] where entry.hasPrefix(".\(name)\(kind)") {
                guard let pid = Int32(entry.dropFirst(name.count + 1 + kind.count)), pid != ProcessInfo.processInfo.processIdentifier,
                    kill(pid, 0) != 0 && errno == ESRCH
                else { continue }
                try? FileManager.default.removeItem(at: parent.appendingPathComponent(entry))
            }
        }
    }

    deinit {
        if !committed.withLock({ $0 }) { try? FileManager.default.removeItem(at: staging) }
    }

    /// Creates the folder `relativePath` inside the report, and the folders above it: before
    /// writers on several threads put files into it, so that none races another to make it.
    public func createFolder(_ relativePath: String) throws(OutputError) {
        let folder = try inside(relativePath)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw OutputError(path: reportedPath(relativePath), reason: "cannot create the folder (\(Self.reason(error)))")
        }
    }

    /// Writes `bytes` to `relativePath` inside the report (sub-folders are created).
    public func write(_ bytes: [UInt8], to relativePath: String) throws(OutputError) {
        let file = try ReportFile(creating: try inside(relativePath), reportedAs: reportedPath(relativePath))
        do {
            try file.append(bytes[...])
        } catch {
            file.abandon()
            throw error
        }
        try file.close()
    }

    /// Writes `relativePath` piece by piece: `body` gets a function that appends bytes to the
    /// file, so a file larger than memory never has to exist in memory whole.
    public func write(to relativePath: String, _ body: (_ append: (ArraySlice<UInt8>) throws -> Void) throws -> Void) throws {
        let file = try ReportFile(creating: try inside(relativePath), reportedAs: reportedPath(relativePath))
        do {
            try body { bytes in try file.append(bytes) }
        } catch {
            file.abandon()
            throw error
        }
        try file.close()
    }

    /// `relativePath` in the staging folder, checked by `OutputPath.resolve`: every file of the
    /// report lies inside it, whatever name from a file went into its path. (The staging
    /// folder is new and this process's own, so no symbolic link can be inside it.)
    private func inside(_ relativePath: String) throws(OutputError) -> URL {
        try OutputPath.resolve(relativePath, in: staging, reportedFolder: destination)
    }

    /// Where `relativePath` will be once the report is committed: the path errors name.
    private func reportedPath(_ relativePath: String) -> String { destination.appendingPathComponent(relativePath).path }

    public func write(_ text: String, to relativePath: String) throws(OutputError) {
        try write(Array(text.utf8), to: relativePath)
    }

    /// The bytes of a file written so far (for a page that embeds it); nil when there is no
    /// such file or it cannot be read.
    public func contents(of relativePath: String) -> [UInt8]? {
        guard let file = try? inside(relativePath), let data = FileManager.default.contents(atPath: file.path) else { return nil }
        return Array(data)
    }

    /// Paths of the files written so far, relative to the report, sorted (for an index page).
    public func writtenFiles() -> [String] {
        var files: [String] = []
        Self.collectRegularFiles(in: staging.path.utf8CString, prefix: "", into: &files)
        return files.sorted()
    }

    /// The regular files below `directory` (a NUL-terminated path; symbolic links not
    /// followed), as `prefix` + their path in it. `readdir` and `lstat` rather than
    /// Foundation's enumerator, which looks up the owner's user and group names (reading
    /// /etc/passwd and /etc/group) for every file. Paths stay bytes, so a name that is not
    /// UTF-8 is still found (and listed with replacement characters).
    private static func collectRegularFiles(in directory: ContiguousArray<CChar>, prefix: String, into files: inout [String]) {
        guard let stream = directory.withUnsafeBufferPointer({ opendir($0.baseAddress!) }) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { ContiguousArray($0.prefix { $0 != 0 }.map { CChar(bitPattern: $0) }) }
            if name == [46] || name == [46, 46] { continue }  // "." and ".."
            var path = directory  // directory/name, NUL-terminated
            path.removeLast()
            path.append(47)
            path.append(contentsOf: name)
            path.append(0)
            var info = stat()
            guard path.withUnsafeBufferPointer({ lstat($0.baseAddress!, &info) }) == 0 else { continue }
            let shown = prefix + String(decoding: name.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            switch info.st_mode & S_IFMT {
            case S_IFREG: files.append(shown)
            case S_IFDIR: collectRegularFiles(in: path, prefix: shown + "/", into: &files)
            default: continue
            }
        }
    }

    /// Writes `owner.json` and moves the finished report into place.
    public func commit() throws(OutputError) {
        try write(Array("{\"command\": \"\(owner)\"}\n".utf8), to: Self.ownerFile)
        let manager = FileManager.default
        let previous = staging.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).previous-\(ProcessInfo.processInfo.processIdentifier)")
        let carried = ((try? manager.contentsOfDirectory(atPath: destination.path)) ?? []).filter {
            keeping($0) && !manager.fileExists(atPath: staging.appendingPathComponent($0).path)
        }
        do {
            if manager.fileExists(atPath: destination.path) {
                try? manager.removeItem(at: previous)
                try manager.moveItem(at: destination, to: previous)
            }
            try manager.moveItem(at: staging, to: destination)
            // Kept entries move from the old folder into the new one; the old one is removed only after.
            for entry in carried {
                try manager.moveItem(at: previous.appendingPathComponent(entry), to: destination.appendingPathComponent(entry))
            }
            try? manager.removeItem(at: previous)
            committed.withLock { $0 = true }
        } catch {
            if manager.fileExists(atPath: previous.path), !manager.fileExists(atPath: destination.path) {
                try? manager.moveItem(at: previous, to: destination)
            } else if manager.fileExists(atPath: previous.path) {
                throw OutputError(
                    path: destination.path,
                    reason:
                        "written, but \(previous.path) still holds \(carried.joined(separator: ", ")): move them back by hand (\(Self.reason(error)))"
                )
            }
            throw OutputError(path: destination.path, reason: "cannot move the finished report into place (\(Self.reason(error)))")
        }
    }

    /// The nearest existing ancestor of `folder` (or `folder` itself) when it is not a folder.
    public static func fileInTheWay(of folder: URL) -> String? {
        var candidate = folder.standardizedFileURL
        while candidate.path != "/" {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory) {
                return isDirectory.boolValue ? nil : candidate.path
            }
            candidate.deleteLastPathComponent()
        }
        return nil
    }

    public static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
