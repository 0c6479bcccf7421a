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

    static func write(_ digest: ContentDigest, besides csv: URL) throws(OutputError) {
        try AtomicFile.write(Array(DigestList.line(digest, csv.lastPathComponent).utf8), to: url(besides: csv))
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
