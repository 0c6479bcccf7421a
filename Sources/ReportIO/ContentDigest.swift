import COpenSSL
import Foundation

/// SHA-256 of stored results, and the `sha256sum` file that keeps them beside the results
/// (`sweep.csv.sha256`, a shard's `jobs.sha256`): "<64 hex digits>  <file name>" per line, so
/// `sha256sum -c` checks them too. Computed by the system's libcrypto (OpenSSL's EVP API).
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

    private init(bytes: [UInt8]) {
        let digits = Array("0123456789abcdef".utf8)
        hex = String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }

    public var description: String { hex }

    /// A digest computed piece by piece (rows as they are appended); `digest` is the digest of
    /// everything so far and can be taken at any time. A value type: a copy goes on on its own.
    public struct Running {
        private var context = Context()
        public init() {}

        public mutating func update(_ bytes: some Sequence<UInt8>) {
            if !isKnownUniquelyReferenced(&context) { context = Context(copying: context) }
            if bytes.withContiguousStorageIfAvailable({ context.update($0) }) == nil {
                Array(bytes).withUnsafeBufferPointer { context.update($0) }
            }
        }

        public var digest: ContentDigest { ContentDigest(bytes: Context(copying: context).finish()) }
    }

    /// An OpenSSL digest context (EVP_MD_CTX) for SHA-256, freed with its owner.
    private final class Context {
        private let handle: OpaquePointer

        init() {
            // Fails only when OpenSSL cannot allocate a few hundred bytes.
            guard let handle = EVP_MD_CTX_new(), EVP_DigestInit_ex(handle, EVP_sha256(), nil) == 1 else {
                fatalError("libcrypto: cannot set up a SHA-256 context")
            }
            self.handle = handle
        }

        init(copying other: Context) {
            guard let handle = EVP_MD_CTX_new(), EVP_MD_CTX_copy_ex(handle, other.handle) == 1 else {
                fatalError("libcrypto: cannot copy a SHA-256 context")
            }
            self.handle = handle
        }

        deinit { EVP_MD_CTX_free(handle) }

        func update(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            guard EVP_DigestUpdate(handle, base, bytes.count) == 1 else { fatalError("libcrypto: SHA-256 update failed") }
        }

        /// The digest; the context is spent afterwards.
        func finish() -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
            var length: UInt32 = 0
            guard EVP_DigestFinal_ex(handle, &bytes, &length) == 1, length == 32 else { fatalError("libcrypto: SHA-256 final failed") }
            return Array(bytes.prefix(32))
        }
    }
}

/// A `sha256sum` file: one "<digest>  <name>" line per file of its folder.
public enum DigestList {
    /// Larger than any list a sweep or shard needs (a million jobs' lines).
    public static let maximumBytes = 128 << 20

    /// The line for `name`.
    public static func line(_ digest: ContentDigest, _ name: String) -> String { "\(digest.hex)  \(name)\n" }

    /// The digests in the file at `url`, by file name (a later line for the same name wins:
    /// a job run again appends its new digest). A missing file is an empty list. A line that
    /// is not "<64 hex digits>  <name>" is an error naming the file and the line; a last line
    /// without its line break (the write was cut off) is left out.
    public static func read(_ url: URL) throws(CSVError) -> [String: ContentDigest] {
        let read: [UInt8]?
        do { read = try ContainedFile.read([url.lastPathComponent], in: url.deletingLastPathComponent(), maximumBytes: maximumBytes) } catch {
            throw CSVError(file: error.path, message: "\(error.reason): not a digest list")
        }
        guard let data = read else { return [:] }
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
            guard OutputPath.isPlainRelative(parts[1]) else {
                throw CSVError(file: url.path, line: index + 1, message: "\(TextExcerpt.quoted(parts[1], limit: 40)) is not a file of this folder")
            }
            digests[parts[1]] = digest
        }
        return digests
    }
}
