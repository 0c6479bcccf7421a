import Foundation

/// A report folder's `owner.json`: the command that wrote the folder and the SHA-256 of every
/// file it wrote, by path inside the folder ("metrics.csv", "plots/coverage.png").
///
/// It decides two things. Which files a command may replace: only those listed, unchanged
/// (`ReportDirectory` refuses a folder holding anything else, and keeps such files even with
/// `overwrite`). And which results a reader may trust: `StoredReport` reads a file only when
/// it is listed and matches its digest. Threat model as `ContentDigest`: it catches files edited,
/// added, swapped or copied in after the command wrote them, not a forger who rewrites the
/// manifest too.
///
/// A manifest without `files` (written before 0.2) lists nothing: every file in its folder is
/// treated as someone else's.
public struct ReportManifest: Sendable, Equatable {
    public static let fileName = "owner.json"
    /// Larger than any manifest a report needs (a few hundred thousand files).
    public static let maximumBytes = 64 << 20

    /// The command that wrote the folder (`run`, `compare`, …).
    public var command: String
    /// The digest of each file the command wrote, by path relative to the folder.
    public var files: [String: ContentDigest]

    public init(command: String, files: [String: ContentDigest]) {
        self.command = command
        self.files = files
    }

    /// owner.json's bytes: sorted keys, so the same files give the same manifest.
    public var bytes: [UInt8] {
        var text = "{\n  \"command\": \(Self.quoted(command)),\n  \"files\": {"
        let entries = files.keys.sorted().map { "\n    \(Self.quoted($0)): \"\(files[$0]!.hex)\"" }
        text += entries.joined(separator: ",") + (entries.isEmpty ? "}\n}\n" : "\n  }\n}\n")
        return Array(text.utf8)
    }

    private static func quoted(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private struct Stored: Decodable {
        var command: String
        var files: [String: String]?
    }

    /// The manifest of `folder`; nil when it has none. Anything but a regular JSON file of this
    /// layout, with 64-digit digests and paths that stay inside the folder, is an error naming it.
    public static func read(in folder: URL) throws(CSVError) -> ReportManifest? {
        let url = folder.appendingPathComponent(fileName)
        let read: [UInt8]?
        do { read = try ContainedFile.read([fileName], in: folder, maximumBytes: maximumBytes) } catch {
            throw CSVError(file: error.path, message: "\(error.reason): not a report manifest")
        }
        guard let read else { return nil }
        let data = Data(read)
        let stored: Stored
        do { stored = try JSONDecoder().decode(Stored.self, from: data) } catch {
            throw CSVError(file: url.path, message: "not a report manifest ({\"command\": …, \"files\": {path: sha256}})")
        }
        var files: [String: ContentDigest] = [:]
        for (path, hex) in stored.files ?? [:] {
            guard OutputPath.isPlainRelative(path) else {
                throw CSVError(file: url.path, message: "lists \(TextExcerpt.quoted(path, limit: 40)), a path outside the folder")
            }
            guard let digest = ContentDigest(hex: hex) else {
                throw CSVError(file: url.path, message: "the digest of \(TextExcerpt.quoted(path, limit: 40)) is not 64 hex digits")
            }
            files[path] = digest
        }
        return ReportManifest(command: stored.command, files: files)
    }

    /// What in `folder` the manifest does not account for: `foreign` (not listed, or not a
    /// regular file: a symbolic link, say) and `changed` (listed, but no longer its digest).
    /// Top-level entries for which `ignoring` is true are skipped, and so is the manifest.
    /// Without `checkingDigests` the listed files are not read (`changed` stays empty).
    public func strangers(
        in folder: URL, checkingDigests: Bool = true, ignoring: (String) -> Bool = { _ in false }
    ) -> (foreign: [String], changed: [String]) {
        var foreign: [String] = [], changed: [String] = []
        func visit(_ url: URL, _ prefix: String) {
            let entries = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
            for entry in entries {
                let path = prefix + entry
                if prefix.isEmpty && (entry == Self.fileName || entry == ".DS_Store" || ignoring(entry)) { continue }
                let child = url.appendingPathComponent(entry)
                switch FileKind(atPath: child.path) {
                case .directory: visit(child, path + "/")
                case .regularFile:
                    guard let expected = files[path] else {
                        foreign.append(path)
                        continue
                    }
                    if checkingDigests && Self.digest(ofFileAt: child) != expected { changed.append(path) }
                default: foreign.append(path)
                }
            }
        }
        visit(folder, "")
        return (foreign, changed)
    }

    /// The SHA-256 of a file's contents, read a block at a time; nil when it cannot be read.
    public static func digest(ofFileAt url: URL) -> ContentDigest? {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return nil }
        defer { try? handle.close() }
        var running = ContentDigest.Running()
        while true {
            let block: Data?
            do { block = try handle.read(upToCount: 1 << 20) } catch { return nil }
            guard let block, !block.isEmpty else { return running.digest }  // nil or empty: the end
            running.update(block)
        }
    }

    /// "a.txt, b/c.png and 3 more", for messages.
    public static func shortList(_ paths: [String]) -> String {
        let shown = paths.prefix(3).map { TextExcerpt.quoted($0, limit: 60) }.joined(separator: ", ")
        return paths.count > 3 ? "\(shown) and \(paths.count - 3) more" : shown
    }
}

extension ReportManifest {
    /// Notes files a command (re)wrote in a finished report (`plot`'s figures, `view --html`'s
    /// page), so the report still owns them: their digests go into `folder`'s manifest, written
    /// atomically. A folder without a manifest (not a report) is left as it is.
    public static func note(_ paths: [String], in folder: URL) throws(OutputError) {
        let url = folder.appendingPathComponent(fileName)
        let manifest: ReportManifest?
        do { manifest = try read(in: folder) } catch { throw OutputError(path: url.path, reason: error.message) }
        guard let manifest else { return }
        try record(manifest, paths, in: folder)
    }

    /// Notes the files a command writes in place rather than through a `ReportDirectory` (a
    /// sweep's folder grows as it runs): `command`'s manifest of `folder` with `paths` (those
    /// that exist), created if there is none, started afresh if another command's was there.
    public static func record(command: String, paths: [String], in folder: URL) throws(OutputError) {
        let existing = try? read(in: folder)
        let manifest = existing.flatMap { $0.command == command ? $0 : nil } ?? ReportManifest(command: command, files: [:])
        try record(manifest, paths.filter { FileKind(atPath: folder.appendingPathComponent($0).path) == .regularFile }, in: folder)
    }

    private static func record(_ manifest: ReportManifest, _ paths: [String], in folder: URL) throws(OutputError) {
        var manifest = manifest
        let url = folder.appendingPathComponent(fileName)
        for path in paths {
            guard let digest = digest(ofFileAt: folder.appendingPathComponent(path)) else {
                throw OutputError(path: folder.appendingPathComponent(path).path, reason: "cannot be read back to note its digest")
            }
            manifest.files[path] = digest
        }
        try AtomicFile.write(manifest.bytes, to: url)
    }
}
