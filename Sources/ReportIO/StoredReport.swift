import Foundation

/// A finished report folder read back (`compare --reports`, `plot`, `view`): every file comes
/// through its manifest (`ReportManifest`), so a file edited, added, swapped or cut short
/// after the command wrote it is a one-line error naming it, never a result.
///
///     let report = try StoredReport(URL(fileURLWithPath: "reports/orbit-72"), writtenBy: ["run"])
///     let metrics = try report.table("metrics.csv")
public struct StoredReport: Sendable {
    public let folder: URL
    public let manifest: ReportManifest

    /// Opens `folder`; an error unless it holds a manifest of one of `commands` (any command
    /// when nil).
    public init(_ folder: URL, writtenBy commands: Set<String>? = nil) throws(CSVError) {
        let kind = FileKind(atPath: folder.path)
        guard kind == .directory else {
            throw CSVError(file: folder.path, message: kind == .none ? "no such folder" : "is \(kind.phrase), not a report folder")
        }
        guard let manifest = try ReportManifest.read(in: folder) else {
            throw CSVError(
                file: folder.appendingPathComponent(ReportManifest.fileName).path,
                message: "missing: \(folder.lastPathComponent) is not a report orbitbench wrote, so its results cannot be trusted")
        }
        if let commands, !commands.contains(manifest.command) {
            throw CSVError(
                file: folder.appendingPathComponent(ReportManifest.fileName).path,
                message:
                    "orbitbench \(TextExcerpt.quoted(manifest.command, limit: 20)) wrote this folder; give a report of orbitbench \(commands.sorted().joined(separator: " or "))"
            )
        }
        self.folder = folder
        self.manifest = manifest
    }

    /// Whether the manifest lists `path`.
    public func has(_ path: String) -> Bool { manifest.files[path] != nil }

    /// The bytes of `path` (relative to the folder), after checking that the manifest lists it,
    /// that it is a regular file (not a link) and that it matches its digest.
    public func bytes(_ path: String) throws(CSVError) -> [UInt8] {
        let url = folder.appendingPathComponent(path)
        guard let expected = manifest.files[path] else {
            throw CSVError(file: url.path, message: "not listed in \(ReportManifest.fileName): the command did not write it")
        }
        // Below the folder without following a link, on the way or at the end.
        let read: [UInt8]?
        do { read = try ContainedFile.read(path.split(separator: "/").map(String.init), in: folder, maximumBytes: Int.max) } catch {
            throw CSVError(file: error.path, message: error.reason)
        }
        guard let bytes = read else { throw CSVError(file: url.path, message: "missing from the report") }
        guard ContentDigest(bytes) == expected else {
            throw CSVError(
                file: url.path,
                message: "does not match its SHA-256 in \(ReportManifest.fileName): it was changed after orbitbench \(manifest.command) wrote it")
        }
        return bytes
    }

    /// `path` as a CSV table, verified as `bytes`.
    public func table(_ path: String) throws(CSVError) -> CSVTable {
        let url = folder.appendingPathComponent(path)
        guard let text = String(validating: try bytes(path), as: UTF8.self) else { throw CSVError(file: url.path, message: "not UTF-8 text") }
        return try CSVTable(text: text, file: url.path)
    }
}
