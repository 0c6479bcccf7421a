import Foundation
import ReportIO

/// sweep.csv's SHA-256, kept in `sweep.csv.sha256` beside it (`DigestList`; threat model in
/// `ContentDigest`): `--resume` and `--merge` use only rows the digest covers, so a value edited
/// in sweep.csv, or a row added to it by hand, is a one-line error instead of a result.
///
/// The digest is rewritten while rows are appended (at most once a `interval` and when the
/// sweep stops), so after a crash it may cover fewer rows than the file holds: those later
/// rows were written but not yet noted, and are run again.
enum SweepDigest {
    static let fileName = "sweep.csv.sha256"

    /// Seconds between rewrites of the digest while a sweep appends rows.
    static let interval = 1.0

    static func url(besides csv: URL) -> URL { csv.deletingLastPathComponent().appendingPathComponent(fileName) }

    /// The definition beside sweep.csv, whose digest the list holds too: rows and the sweep
    /// they belong to cannot be paired with another's.
    static let definitionName = "sweep.json"

    /// Notes `digest` (of sweep.csv so far) and the digest of sweep.json beside it.
    static func write(_ digest: ContentDigest, besides csv: URL) throws(OutputError) {
        let definition = csv.deletingLastPathComponent().appendingPathComponent(definitionName)
        guard let definitionDigest = ReportManifest.digest(ofFileAt: definition) else {
            throw OutputError(path: definition.path, reason: "cannot be read back to note its digest")
        }
        let lines = DigestList.line(digest, csv.lastPathComponent) + DigestList.line(definitionDigest, definitionName)
        try AtomicFile.write(Array(lines.utf8), to: url(besides: csv))
    }

    /// Checks that the digest list beside `csv` covers all of `bytes` (its contents) and
    /// `definition` (sweep.json's): a finished sweep, as it was written. A file not covered
    /// whole (a sweep cut off, rows added) or not matching is an error naming it.
    static func checkWhole(_ bytes: [UInt8], csv: URL, definition: [UInt8]) throws {
        let list = try DigestList.read(url(besides: csv))
        let definitionURL = csv.deletingLastPathComponent().appendingPathComponent(definitionName)
        guard let expected = list[csv.lastPathComponent] else {
            throw ExperimentError(
                "\(csv.path): no SHA-256 of it in \(fileName) beside it, so its rows cannot be trusted (not written by this orbitbench)")
        }
        guard let expectedDefinition = list[definitionName] else {
            throw ExperimentError(
                "\(definitionURL.path): no SHA-256 of it in \(fileName), so which sweep the rows belong to cannot be trusted (written by an older orbitbench: run the sweep again)"
            )
        }
        guard ContentDigest(definition) == expectedDefinition else {
            throw ExperimentError("\(definitionURL.path): does not match its SHA-256 in \(fileName): it is another sweep's definition, or was edited")
        }
        guard ContentDigest(bytes) != expected else { return }
        let covered = (try? coveredLength(of: bytes, csv: csv)) ?? -1
        if covered > 0 {
            let line = bytes[..<covered].filter { $0 == UInt8(ascii: "\n") }.count + 1
            throw CSVError(
                file: csv.path, line: line,
                message: "rows from here on are not covered by \(fileName): added after the sweep, or written by a sweep that was stopped")
        }
        throw ExperimentError("\(csv.path): does not match its SHA-256 in \(fileName): rows were edited, removed or added after the sweep wrote them")
    }

    /// How many bytes at the start of `bytes` (the contents of `csv`) the stored digest covers:
    /// a whole number of lines. An error when there is no digest, or when no such start matches
    /// it (a row was edited, removed or inserted).
    static func coveredLength(of bytes: [UInt8], csv: URL) throws -> Int {
        let list = url(besides: csv)
        guard let expected = try DigestList.read(list)[csv.lastPathComponent] else {
            throw ExperimentError(
                "\(csv.path): no SHA-256 of it in \(fileName) beside it, so its rows cannot be trusted (written by an older orbitbench, or not by orbitbench); use --overwrite to start again"
            )
        }
        var running = ContentDigest.Running()
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            running.update(bytes[start...index])
            start = index + 1
            if running.digest == expected { return start }
        }
        throw ExperimentError(
            "\(csv.path): does not match its SHA-256 in \(fileName): rows were edited, removed or added after the sweep wrote them; use --overwrite to start again"
        )
    }
}
