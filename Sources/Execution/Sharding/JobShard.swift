import Foundation
import ReportIO

/// A sharding problem (a bad `--shard`, a scheduler variable, an incomplete or foreign shard
/// folder), as one line.
public struct ShardError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// One of `count` parts of a command's jobs, for a job array (Slurm, Kubernetes Indexed Jobs):
/// shard `index` owns the jobs j with j mod count = index. Dealing the jobs round-robin keeps
/// the shards balanced (within one job) even when jobs differ in cost along a sweep axis or a
/// suite, and needs nothing but the two numbers to agree across machines. `sweep`, `run` and
/// `regress` share it.
public struct JobShard: Sendable, Equatable, CustomStringConvertible {
    /// 0-based.
    public let index: Int
    public let count: Int

    /// At most this many shards (a Slurm array's default MaxArraySize is 1001).
    public static let maximumCount = 100_000

    public init(index: Int, count: Int) throws(ShardError) {
        guard (1...Self.maximumCount).contains(count) else {
            throw ShardError("the jobs are split into 1...\(Self.maximumCount) shards, not \(count)")
        }
        guard (0..<count).contains(index) else { throw ShardError("shard \(index) of \(count): the index must be in 0...\(count - 1)") }
        self.index = index
        self.count = count
    }

    /// "K/N", K 0-based: `--shard 2/8`.
    public init(parsing text: String) throws(ShardError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw ShardError("--shard \(text): expected K/N with 0 ≤ K < N, e.g. --shard 0/4")
        }
        try self.init(index: index, count: count)
    }

    /// The shard a scheduler's job array gives this process, from its environment:
    /// `SLURM_ARRAY_TASK_ID` and `SLURM_ARRAY_TASK_COUNT` (minus `SLURM_ARRAY_TASK_MIN` for an
    /// array that does not start at 0), or Kubernetes' `JOB_COMPLETION_INDEX` with `shards` (or
    /// `ORBITBENCH_SHARDS`). `nil` outside a job array.
    public static func fromEnvironment(_ environment: [String: String], shards: Int? = nil) throws(ShardError) -> JobShard? {
        func number(_ name: String) throws(ShardError) -> Int? {
            guard let text = environment[name] else { return nil }
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else { throw ShardError("\(name)=\(text) is not a whole number") }
            return value
        }
        if let task = try number("SLURM_ARRAY_TASK_ID") {
            guard let count = try number("SLURM_ARRAY_TASK_COUNT") else {
                throw ShardError("SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not; pass --shard K/N")
            }
            let first = try number("SLURM_ARRAY_TASK_MIN") ?? 0
            // An array 0-3 or 1-4 with a step of 1: task IDs map onto 0…count−1.
            return try JobShard(index: task - first, count: count)
        }
        if let index = try number("JOB_COMPLETION_INDEX") {
            let configured = try number("ORBITBENCH_SHARDS")
            guard let count = shards ?? configured else {
                throw ShardError("JOB_COMPLETION_INDEX is set: pass --shards N (the Job's completions) or set ORBITBENCH_SHARDS")
            }
            return try JobShard(index: index, count: count)
        }
        return nil
    }

    /// `--shard` when given, else the scheduler's variables of this process; `nil` for a whole run.
    public static func resolve(_ text: String?, shards: Int?) throws(ShardError) -> JobShard? {
        if let text { return try JobShard(parsing: text) }
        return try fromEnvironment(ProcessInfo.processInfo.environment, shards: shards)
    }

    public var description: String { "\(index)/\(count)" }

    /// The folder a shard writes into, under the command's output folder.
    public var folderName: String { "shard-\(index)-of-\(count)" }

    /// The shard a folder named shard-K-of-N belongs to; `nil` for any other name.
    public init?(folderName name: String) {
        guard name.hasPrefix("shard-") else { return nil }
        let parts = name.dropFirst("shard-".count).components(separatedBy: "-of-")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), let shard = try? JobShard(index: index, count: count) else {
            return nil
        }
        self = shard
    }

    /// Whether `name` has the form of a shard folder, shard-K-of-N.
    public static func isFolderName(_ name: String) -> Bool { JobShard(folderName: name) != nil }

    /// The jobs (indices into the command's job list) this shard runs, ascending.
    public func jobs(of total: Int) -> [Int] { Array(Swift.stride(from: index, to: total, by: count)) }

    /// The shard folders in `directory` and their count N; an error when there are none or the
    /// folders disagree on N.
    public static func folders(in directory: URL) throws(ShardError) -> (count: Int, present: [Int: URL]) {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var present: [Int: URL] = [:]
        var counts = Set<Int>()
        for entry in entries {
            guard let shard = JobShard(folderName: entry) else { continue }
            // Merging writes into shard folders (a sweep shard's unfinished rows are cut): only
            // real folders inside `directory`.
            let kind = FileKind(atPath: directory.appendingPathComponent(entry).path)
            guard kind == .directory else {
                throw ShardError("\(directory.appendingPathComponent(entry).path): is \(kind.phrase), not a shard folder; remove it")
            }
            counts.insert(shard.count)
            present[shard.index] = directory.appendingPathComponent(entry)
        }
        guard let count = counts.first else {
            throw ShardError("\(directory.path): no shard folders (shard-K-of-N/) to merge; run the shards first (--shard K/N or a job array)")
        }
        guard counts.count == 1 else {
            throw ShardError(
                "\(directory.path) holds shards of different splits (\(counts.sorted().map { "of \($0)" }.joined(separator: ", "))); remove the stale ones"
            )
        }
        return (count, present)
    }
}
