import Foundation
import ReportIO

/// One of `count` parts of a sweep, for a job array (Slurm, Kubernetes Indexed Jobs): shard
/// `index` owns the jobs j with j mod count = index. Dealing the jobs round-robin keeps the
/// shards balanced (within one job) even when cells differ in cost along an axis, and needs
/// nothing but the two numbers to agree across machines.
public struct SweepShard: Sendable, Equatable, CustomStringConvertible {
    /// 0-based.
    public let index: Int
    public let count: Int

    /// At most this many shards (a Slurm array's default MaxArraySize is 1001).
    public static let maximumCount = 100_000

    public init(index: Int, count: Int) throws(SweepError) {
        guard (1...Self.maximumCount).contains(count) else {
            throw SweepError("a sweep is split into 1...\(Self.maximumCount) shards, not \(count)")
        }
        guard (0..<count).contains(index) else { throw SweepError("shard \(index) of \(count): the index must be in 0...\(count - 1)") }
        self.index = index
        self.count = count
    }

    /// "K/N", K 0-based: `--shard 2/8`.
    public init(parsing text: String) throws(SweepError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw SweepError("--shard \(text): expected K/N with 0 ≤ K < N, e.g. --shard 0/4")
        }
        try self.init(index: index, count: count)
    }

    /// The shard a scheduler's job array gives this process, from its environment:
    /// `SLURM_ARRAY_TASK_ID` and `SLURM_ARRAY_TASK_COUNT` (minus `SLURM_ARRAY_TASK_MIN` for an
    /// array that does not start at 0), or Kubernetes' `JOB_COMPLETION_INDEX` with `shards` (or
    /// `ORBITBENCH_SHARDS`). `nil` outside a job array.
    public static func fromEnvironment(_ environment: [String: String], shards: Int? = nil) throws(SweepError) -> SweepShard? {
        func number(_ name: String) throws(SweepError) -> Int? {
            guard let text = environment[name] else { return nil }
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else { throw SweepError("\(name)=\(text) is not a whole number") }
            return value
        }
        if let task = try number("SLURM_ARRAY_TASK_ID") {
            guard let count = try number("SLURM_ARRAY_TASK_COUNT") else {
                throw SweepError("SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not; pass --shard K/N")
            }
            let first = try number("SLURM_ARRAY_TASK_MIN") ?? 0
            // An array 0-3 or 1-4 with a step of 1: task IDs map onto 0…count−1.
            return try SweepShard(index: task - first, count: count)
        }
        if let index = try number("JOB_COMPLETION_INDEX") {
            let configured = try number("ORBITBENCH_SHARDS")
            guard let count = shards ?? configured else {
                throw SweepError("JOB_COMPLETION_INDEX is set: pass --shards N (the Job's completions) or set ORBITBENCH_SHARDS")
            }
            return try SweepShard(index: index, count: count)
        }
        return nil
    }

    public var description: String { "\(index)/\(count)" }

    /// The folder a shard writes into, under the sweep's output folder.
    public var folderName: String { "shard-\(index)-of-\(count)" }

    /// The jobs (indices into `SweepPlan.jobs`) this shard runs, ascending.
    public func jobs(of total: Int) -> [Int] { Array(Swift.stride(from: index, to: total, by: count)) }

    /// Writes shard.json: which sweep (the hash of its definition), which shard, how many jobs
    /// it owns and has done, and whether it stopped on an error.
    func writeManifest(_ plan: SweepPlan, owned: [Int], done: Int, failed: Bool, in directory: URL) throws {
        let manifest = SweepShardManifest(
            definitionHash: try SweepShardManifest.hash(plan.definition), shard: index, shards: count, jobs: owned.count,
            firstJob: owned.first, done: done, status: failed ? "failed" : done == owned.count ? "done" : "running")
        try AtomicFile.write(Array(try ReportJSON.encode(manifest)), to: directory.appendingPathComponent(SweepShardManifest.fileName))
    }
}

/// shard.json of one shard folder.
public struct SweepShardManifest: Codable, Equatable, Sendable {
    public static let fileName = "shard.json"

    /// FNV-1a (64 bit) of the sweep definition's JSON, hex: equal for shards of one sweep.
    public var definitionHash: String
    public var shard: Int
    public var shards: Int
    /// Jobs this shard owns (j mod shards = shard).
    public var jobs: Int
    public var firstJob: Int?
    /// Rows in its sweep.csv.
    public var done: Int
    /// running, done or failed.
    public var status: String

    static func hash(_ definition: SweepDefinition) throws -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in try ReportJSON.encode(definition) {
            value ^= UInt64(byte)
            value &*= 0x100_0000_01b3
        }
        return String(value, radix: 16)
    }
}
