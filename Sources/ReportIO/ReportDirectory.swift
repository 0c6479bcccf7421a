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
/// The destination's `owner.json` (`ReportManifest`, written into every report by `commit`)
/// lists the files the command wrote, with their SHA-256. A non-empty destination is replaced
/// only when that manifest says the same command wrote it and lists every file in it unchanged;
/// otherwise (files the command did not write, files changed since, another command's report)
/// it is refused with a one-line error naming them — unless `overwrite`, and even then the
/// files the manifest does not list are kept: carried into the new report, or, when the new
/// report writes a file of the same path, refused at `commit` with the old folder untouched.
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
    /// Files of the destination no manifest lists (paths in it): kept by `commit`.
    let foreign: [String]
    private let committed = Mutex(false)
    /// The SHA-256 of each file written through `write`, by path: the manifest's entries.
    private let digests = Mutex<[String: ContentDigest]>([:])

    /// The file that names the command which wrote a report folder (`ReportManifest`).
    public static let ownerFile = ReportManifest.fileName

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
            foreign = try Self.checkOwnership(of: self.destination, by: owner, overwrite: overwrite, ignoring: keeping)
        } else {
            foreign = []
        }
        Self.removeLeftovers(of: name, in: parent)
        try? manager.removeItem(at: staging)
        do {
            try manager.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw OutputError(path: staging.path, reason: "cannot create (\(Self.reason(error)))")
        }
    }

    /// Refuses a non-empty folder that `owner` did not write, or that holds files its manifest
    /// does not list unchanged; with `overwrite`, returns the files no manifest lists (to keep).
    static func checkOwnership(
        of folder: URL, by owner: String, overwrite: Bool = false, ignoring kept: (String) -> Bool = { _ in false }
    ) throws(OutputError) -> [String] {
        let manifest: ReportManifest?
        do { manifest = try ReportManifest.read(in: folder) } catch {
            guard overwrite else {
                throw OutputError(
                    path: folder.path,
                    reason: "not a report orbitbench wrote (\(error.message)); pass --overwrite to replace it, or choose another --out")
            }
            manifest = nil
        }
        let (foreign, changed) = (manifest ?? ReportManifest(command: "", files: [:])).strangers(
            in: folder, checkingDigests: !overwrite, ignoring: kept)
        if overwrite { return foreign }
        let empty = manifest == nil && foreign.isEmpty
        guard !empty else { return [] }
        guard let manifest, manifest.command == owner else {
            let who =
                manifest.map { "orbitbench \($0.command) wrote it" }
                ?? "it holds files orbitbench did not write: \(ReportManifest.shortList(foreign))"
            throw OutputError(
                path: folder.path,
                reason: "not empty and not a report of orbitbench \(owner) (\(who)); pass --overwrite to replace it, or choose another --out")
        }
        if !foreign.isEmpty {
            let legacy = manifest.files.isEmpty ? "; its owner.json lists no files (written before orbitbench 0.2): remove the folder by hand" : ""
            throw OutputError(
                path: folder.path,
                reason:
                    "holds files orbitbench \(owner) did not write (\(ReportManifest.shortList(foreign)))\(legacy); move them out, or pass --overwrite to replace the report and keep them"
            )
        }
        if !changed.isEmpty {
            throw OutputError(
                path: folder.path,
                reason:
                    "\(ReportManifest.shortList(changed)) changed since orbitbench \(owner) wrote them; pass --overwrite to replace them, or choose another --out"
            )
        }
        return []
    }

    /// Removes `.NAME.partial-PID` and `.NAME.previous-PID` folders whose process is gone. A
    /// process killed while it swapped a report in may leave the old report there: it goes
    /// back into place when the destination is missing, and a folder holding files no manifest
    /// lists (the user's, on their way into the new report) is left alone.
    public static func removeLeftovers(of name: String, in parent: URL) {
        let manager = FileManager.default
        let entries = (try? manager.contentsOfDirectory(atPath: parent.path)) ?? []
        for entry in entries {
            for kind in [".partial-", ".previous-"] where entry.hasPrefix(".\(name)\(kind)") {
                guard let pid = Int32(entry.dropFirst(name.count + 1 + kind.count)), pid != ProcessInfo.processInfo.processIdentifier,
                    kill(pid, 0) != 0 && errno == ESRCH
                else { continue }
                let leftover = parent.appendingPathComponent(entry), destination = parent.appendingPathComponent(name)
                if kind == ".previous-" && FileKind(atPath: destination.path) == .none {
                    try? manager.moveItem(at: leftover, to: destination)
                    continue
                }
                if let manifest = try? ReportManifest.read(in: leftover), !manifest.strangers(in: leftover).foreign.isEmpty { continue }
                try? manager.removeItem(at: leftover)
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
        let digest = ContentDigest(bytes)
        digests.withLock { $0[relativePath] = digest }
    }

    /// Writes `relativePath` piece by piece: `body` gets a function that appends bytes to the
    /// file, so a file larger than memory never has to exist in memory whole.
    public func write(to relativePath: String, _ body: (_ append: (ArraySlice<UInt8>) throws -> Void) throws -> Void) throws {
        let file = try ReportFile(creating: try inside(relativePath), reportedAs: reportedPath(relativePath))
        var running = ContentDigest.Running()
        do {
            try body { bytes in
                try file.append(bytes)
                running.update(bytes)
            }
        } catch {
            file.abandon()
            throw error
        }
        try file.close()
        let digest = running.digest
        digests.withLock { $0[relativePath] = digest }
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

    /// Writes `owner.json` (the manifest of every file in the report) and moves the finished
    /// report into place: in one step where the file system can swap two folders, so the
    /// destination always holds the old report or the new one. Files of the old folder that
    /// no manifest listed, and kept entries, move into the new one; when the new report has a
    /// file of the same path, nothing is replaced and the error names it.
    public func commit() throws(OutputError) {
        let manager = FileManager.default
        let carried =
            ((try? manager.contentsOfDirectory(atPath: destination.path)) ?? []).filter {
                keeping($0) && !manager.fileExists(atPath: staging.appendingPathComponent($0).path)
            } + foreign
        let clashes = foreign.filter { FileKind(atPath: staging.appendingPathComponent($0).path) != .none }
        guard clashes.isEmpty else {
            throw OutputError(
                path: destination.path,
                reason:
                    "holds \(ReportManifest.shortList(clashes)), which orbitbench did not write and the new report would replace; nothing was replaced: move them out and run again"
            )
        }
        let recorded = digests.withLock { $0 }
        var files: [String: ContentDigest] = [:]
        for path in writtenFiles() where path != Self.ownerFile {
            // A file written through `write` has its digest already; anything else is read back.
            guard let digest = recorded[path] ?? ReportManifest.digest(ofFileAt: staging.appendingPathComponent(path)) else {
                throw OutputError(path: reportedPath(path), reason: "cannot be read back to note its digest")
            }
            files[path] = digest
        }
        try write(ReportManifest(command: owner, files: files).bytes, to: Self.ownerFile)
        let previous = staging.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).previous-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try FolderExchange.replace(destination, with: staging, keepingOldAt: previous)
            committed.withLock { $0 = true }
            // Kept entries move from the old folder into the new one; the old one is removed only after.
            for entry in carried {
                let target = destination.appendingPathComponent(entry)
                try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try manager.moveItem(at: previous.appendingPathComponent(entry), to: target)
            }
            try? manager.removeItem(at: previous)
        } catch {
            if manager.fileExists(atPath: previous.path), !manager.fileExists(atPath: destination.path) {
                try? manager.moveItem(at: previous, to: destination)
            } else if manager.fileExists(atPath: previous.path) {
                throw OutputError(
                    path: destination.path,
                    reason:
                        "written, but \(previous.path) still holds \(ReportManifest.shortList(carried)): move them back by hand (\(Self.reason(error)))"
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
