import Foundation

/// One file of a report being written, through plain `open`/`write(2)`/`close`.
///
/// Not Foundation's `Data.write(to:)`, which `fsync`s each file (0.3–1.2 ms apiece on the
/// development VM, 18 in a one-seed run, far more on a spinning disk), nor `createFile`, which
/// writes a temporary file and renames it: the report's staging folder already keeps a
/// half-written report out of sight, and a report is a result that can be produced again, not
/// a record that must survive a power cut.
struct ReportFile {
    private let descriptor: Int32
    /// The path errors name (where the file will be once the report is committed).
    private let reportedPath: String

    /// Creates (or truncates) the file at `url`, and the folders above it. With `exclusive`,
    /// the file must not exist yet (not even as a symbolic link): a temporary file of
    /// `AtomicFile`, which no one else may have prepared.
    init(creating url: URL, reportedAs reportedPath: String, exclusive: Bool = false) throws(OutputError) {
        self.reportedPath = reportedPath
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw OutputError(path: reportedPath, reason: "cannot write (\(ReportDirectory.reason(error)))")
        }
        descriptor = open(url.path, O_WRONLY | O_CREAT | O_CLOEXEC | (exclusive ? O_EXCL | O_NOFOLLOW : O_TRUNC), 0o644)
        guard descriptor >= 0 else { throw Self.failure(errno, reportedPath) }
    }

    /// Appends all of `bytes` (a short write or an interrupted call is continued).
    func append(_ bytes: ArraySlice<UInt8>) throws(OutputError) {
        let descriptor = descriptor
        let failure = bytes.withUnsafeBytes { buffer -> Int32 in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
        if failure != 0 { throw Self.failure(failure, reportedPath) }
    }

    /// Flushes the file to the disk (a file that is renamed into place must be complete there
    /// before the rename is).
    func sync() throws(OutputError) {
        guard fsync(descriptor) == 0 else { throw Self.failure(errno, reportedPath) }
    }

    /// Closes the file; a failure here (a full disk seen late, an NFS error) is a write error.
    func close() throws(OutputError) {
        guard Glibc.close(descriptor) == 0 else { throw Self.failure(errno, reportedPath) }
    }

    /// Closes the file after a failure that is already being reported.
    func abandon() { _ = Glibc.close(descriptor) }

    private static func failure(_ code: Int32, _ path: String) -> OutputError {
        OutputError(path: path, reason: "cannot write (\(String(cString: strerror(code))))")
    }
}
