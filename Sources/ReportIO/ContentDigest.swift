import Crypto
import Foundation

/// SHA-256 of stored results, and the `sha256sum` file that keeps them beside the results
/// (`sweep.csv.sha256`, a shard's `jobs.sha256`): "<64 hex digits>  <file name>" per line, so
/// `sha256sum -c` checks them too.
///
/// Threat model: results that were edited after the code wrote them — by hand, by a tool that
/// re-saved a CSV, by a copy that went wrong, or rows forged into a file without recomputing
/// its digest. Merging and resuming verify the digest and refuse such a file with a one-line
/// error naming it. It is not a signature: someone who rewrites a file *and* its digest is not
/// stopped (nothing stored beside the data could stop that).
public struct ContentDigest: Sendable, Equatable, CustomStringConvertible {
    /// Lower-case hex, 64 digits.
    public let hex: String

    public init(_ bytes: some Sequence<UInt8>) {
        var running = Running()
        running.update(bytes)
        self = running.digest
    }

    /// A digest as hex; nil unless it is 64 hex digits.
    public init?(hex: some StringProtocol) {
        guard hex.utf8.count == 64, hex.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
        self.hex = String(hex)
    }

    private init(digest: SHA256.Digest) { hex = digest.map { String(format: "%02x", $0) }.joined() }

    public var description: String { hex }

    /// A digest computed piece by piece (rows as they are appended); `digest` is the digest of
    /// everything so far and can be taken at any time.
    public struct Running {
        private var hasher = SHA256()
        public init() {}

        public mutating func update(_ bytes: some Sequence<UInt8>) {
            let array = Array(bytes)
            array.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        }

        public var digest: ContentDigest { ContentDigest(digest: hasher.finalize()) }
    }
}

/// A `sha256sum` file: one "<digest>  <name>" line per file of its folder.
public enum DigestList {
    /// The line for `name`.
    public static func line(_ digest: ContentDigest, _ name: String) -> String { "\(digest.hex)  \(name)\n" }

    /// The digests in the file at `url`, by file name (a later line for the same name wins:
    /// a job run again appends its new digest). A missing file is an empty list. A line that
    /// is not "<64 hex digits>  <name>" is an error naming the file and the line; a last line
    /// without its line break (the write was cut off) is left out.
    public static func read(_ url: URL) throws(CSVError) -> [String: ContentDigest] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
        guard FileKind(atPath: url.path) == .regularFile, let data = FileManager.default.contents(atPath: url.path) else {
            throw CSVError(file: url.path, message: "cannot be read as a digest list (is it a regular file?)")
        }
        var digests: [String: ContentDigest] = [:]
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        lines.removeLast()  // after the last line break: empty, or a line cut off
        for (index, line) in lines.enumerated() {
            let text = String(decoding: line, as: UTF8.self)
            let parts = text.components(separatedBy: "  ")
            guard parts.count == 2, let digest = ContentDigest(hex: parts[0]), !parts[1].isEmpty else {
                throw CSVError(
                    file: url.path, line: index + 1, message: "\(TextExcerpt.quoted(text, limit: 40)) is not '<sha256 hex>  <file name>'")
            }
            digests[parts[1]] = digest
        }
        return digests
    }
}
