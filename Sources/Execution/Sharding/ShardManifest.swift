import Foundation
import ReportIO

/// shard.json of one shard folder: which command and definition the shard belongs to, which
/// jobs it owns and how far it got. `orbitbench merge` reads it to find the command to merge with.
public struct ShardManifest: Codable, Equatable, Sendable {
    public static let fileName = "shard.json"

    /// The command that made the shard: sweep, run or regress.
    public var kind: String
    /// FNV-1a (64 bit) of the definition's JSON, hex: equal for the shards of one job list.
    public var definitionHash: String
    public var shard: Int
    public var shards: Int
    /// Jobs this shard owns (j mod shards = shard).
    public var jobs: Int
    public var firstJob: Int?
    /// Jobs finished and stored.
    public var done: Int
    /// running, done or failed.
    public var status: String
    /// The command's arguments without --shard/--shards/--out, so `merge` can run it with --merge.
    public var arguments: [String]

    public init(kind: String, definitionHash: String, shard: JobShard, owned: [Int], done: Int, failed: Bool, arguments: [String]) {
        self.kind = kind
        self.definitionHash = definitionHash
        self.shard = shard.index
        shards = shard.count
        jobs = owned.count
        firstJob = owned.first
        self.done = done
        status = failed ? "failed" : done == owned.count ? "done" : "running"
        self.arguments = arguments
    }

    /// FNV-1a (64 bit) of `bytes`, hex.
    public static func hash(_ bytes: some Sequence<UInt8>) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x100_0000_01b3
        }
        return String(value, radix: 16)
    }

    public func write(in folder: URL) throws {
        try AtomicFile.write(Array(try ReportJSON.encode(self)), to: folder.appendingPathComponent(Self.fileName))
    }

    /// The largest shard.json read (a real one is well under a kilobyte).
    public static let maximumBytes = 1 << 20

    /// The manifest of the shard folder `folder`. A key this type does not know is an error: a
    /// shard.json is not written by hand.
    public static func read(in folder: URL) throws(ShardError) -> ShardManifest {
        let file = folder.appendingPathComponent(fileName)
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber
        guard FileKind(atPath: file.path) == .regularFile, (size?.intValue ?? 0) <= maximumBytes,
            let data = FileManager.default.contents(atPath: file.path)
        else {
            let reason =
                !FileManager.default.fileExists(atPath: file.path)
                ? "missing; is this a shard folder?"
                : FileKind(atPath: file.path) != .regularFile
                    ? "is \(FileKind(atPath: file.path).phrase), not a shard manifest"
                    : (size?.intValue ?? 0) > maximumBytes ? "more than \(maximumBytes) bytes: not a shard manifest" : "cannot be read"
            throw ShardError("\(file.path): \(reason)")
        }
        let manifest: ShardManifest
        do { manifest = try JSONDecoder().decode(ShardManifest.self, from: data) } catch {
            throw ShardError("\(file.path): not a shard manifest (\(TextExcerpt.excerpt("\(error)", limit: 120)))")
        }
        let known = Set(["kind", "definitionHash", "shard", "shards", "jobs", "firstJob", "done", "status", "arguments"])
        if let keys = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let stranger = keys.keys.filter({ !known.contains($0) }).sorted().first
        {
            throw ShardError(
                "\(file.path): unknown key \(TextExcerpt.quoted(stranger, limit: 40)); a shard.json holds \(known.sorted().joined(separator: ", "))")
        }
        return manifest
    }

    /// The command that joins the shards in `directory`: their command and arguments with
    /// `--out directory --merge`. The shards must agree on both, and `check(kind, arguments)`
    /// must find no problem with them (`merge` runs only arguments that define the job list,
    /// never output paths); its problem is an error naming the first shard's shard.json.
    public static func mergeCommand(in directory: URL, checking check: (_ kind: String, _ arguments: [String]) -> String?) throws(ShardError)
        -> [String]
    {
        let (_, present) = try JobShard.folders(in: directory)
        var manifests: [(index: Int, manifest: ShardManifest)] = []
        for (index, folder) in present.sorted(by: { $0.key < $1.key }) {
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(fileName).path) else { continue }
            manifests.append((index, try read(in: folder)))
        }
        guard let first = manifests.first else {
            throw ShardError("\(directory.path): no shard has written its \(fileName) yet; run the shards first")
        }
        guard ["sweep", "run", "regress"].contains(first.manifest.kind) else {
            throw ShardError(
                "\(present[first.index]!.appendingPathComponent(fileName).path): kind: shards of \(TextExcerpt.quoted(first.manifest.kind, limit: 40)), which has no merge (sweep, run or regress)"
            )
        }
        if let problem = check(first.manifest.kind, first.manifest.arguments) {
            throw ShardError("\(present[first.index]!.appendingPathComponent(fileName).path): arguments: \(problem)")
        }
        for (index, manifest) in manifests.dropFirst() where manifest.kind != first.manifest.kind || manifest.arguments != first.manifest.arguments {
            throw ShardError(
                "\(directory.path): shard \(index) ran `\(shown(manifest))` but shard \(first.index) ran `\(shown(first.manifest))`; remove the stale shards"
            )
        }
        return [first.manifest.kind] + first.manifest.arguments + ["--out", directory.path, "--merge"]
    }

    /// "sweep orbit-72 --vary …" for a message, cut to a readable length.
    static func shown(_ manifest: ShardManifest) -> String {
        TextExcerpt.excerpt(([manifest.kind] + manifest.arguments).joined(separator: " "), limit: 100)
    }
}
