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

    /// The manifest of the shard folder `folder`.
    public static func read(in folder: URL) throws(ShardError) -> ShardManifest {
        let file = folder.appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: file.path) else { throw ShardError("\(file.path): missing; is this a shard folder?") }
        do { return try JSONDecoder().decode(ShardManifest.self, from: data) } catch {
            throw ShardError("\(file.path): not a shard manifest (\(error))")
        }
    }

    /// The command that joins the shards in `directory`: their command and arguments with
    /// `--out directory --merge`. The shards must agree on both.
    public static func mergeCommand(in directory: URL) throws(ShardError) -> [String] {
        let (_, present) = try JobShard.folders(in: directory)
        var manifests: [(index: Int, manifest: ShardManifest)] = []
        for (index, folder) in present.sorted(by: { $0.key < $1.key }) {
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(fileName).path) else { continue }
            manifests.append((index, try read(in: folder)))
        }
        guard let first = manifests.first else {
            throw ShardError("\(directory.path): no shard has written its \(fileName) yet; run the shards first")
        }
        for (index, manifest) in manifests.dropFirst() where manifest.kind != first.manifest.kind || manifest.arguments != first.manifest.arguments {
            throw ShardError(
                "\(directory.path): shard \(index) ran `\(manifest.kind) \(manifest.arguments.joined(separator: " "))` but shard \(first.index) ran `\(first.manifest.kind) \(first.manifest.arguments.joined(separator: " "))`; remove the stale shards"
            )
        }
        guard ["sweep", "run", "regress"].contains(first.manifest.kind) else {
            throw ShardError("\(directory.path): shards of '\(first.manifest.kind)', which has no merge")
        }
        return [first.manifest.kind] + first.manifest.arguments + ["--out", directory.path, "--merge"]
    }
}
