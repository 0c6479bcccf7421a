import Foundation
import ReportIO

/// A command's job list split across machines, each job's result kept in its own file:
/// `<out>/shard-K-of-N/` holds shard.json, definition.json (what makes the job list the same
/// everywhere) and jobs/<j>.json, written atomically as each job finishes, so a killed shard
/// loses only the jobs in flight and continues where it stopped. `collect` reads the results of
/// every shard back in job order; results are stored losslessly (JSON keeps a Double's every
/// bit), so a merged report is the one a single machine writes, byte for byte. `run` and
/// `regress` use it; `sweep` keeps its rows in sweep.csv instead.
public struct ShardedJobs<Result: Codable & Sendable>: Sendable {
    /// The command: run or regress.
    public let kind: String
    /// The definition's JSON: the same bytes on every shard of one job list.
    public let definition: [UInt8]
    public let jobCount: Int
    /// The command's arguments for `merge` (see `ShardManifest.arguments`).
    public let arguments: [String]

    public init(kind: String, definition: [UInt8], jobCount: Int, arguments: [String]) {
        self.kind = kind
        self.definition = definition
        self.jobCount = jobCount
        self.arguments = arguments
    }

    public var definitionHash: String { ShardManifest.hash(definition) }

    static var definitionFile: String { "definition.json" }

    /// Runs the jobs of `shard` that have no result yet, `work(j)` for job j, on all cores, and
    /// stores each result as it finishes. `progress` gets the number of jobs finished in this
    /// call. Returns how many ran and how many were already done.
    public func run(
        _ shard: JobShard, in directory: URL, progress: (@Sendable (Int) -> Void)? = nil, _ work: @Sendable @escaping (Int) throws -> Result
    ) throws -> (ran: Int, resumed: Int) {
        let folder = directory.appendingPathComponent(shard.folderName)
        let jobs = folder.appendingPathComponent("jobs")
        let definitionURL = folder.appendingPathComponent(Self.definitionFile)
        if let existing = FileManager.default.contents(atPath: definitionURL.path), Array(existing) != definition {
            throw ShardError(
                "\(folder.path) holds a shard of another \(kind) (its \(Self.definitionFile) differs); use another --out or remove that folder")
        }
        try AtomicFile.write(definition, to: definitionURL)
        let owned = shard.jobs(of: jobCount)
        let remaining = owned.filter { !FileManager.default.fileExists(atPath: Self.file(job: $0, in: jobs).path) }
        func manifest(done: Int, failed: Bool) throws {
            try ShardManifest(
                kind: kind, definitionHash: definitionHash, shard: shard, owned: owned, done: done, failed: failed, arguments: arguments
            ).write(in: folder)
        }
        let resumed = owned.count - remaining.count
        try manifest(done: resumed, failed: false)
        do {
            _ = try Parallel.map(remaining.count, progress: progress) { position in
                let job = remaining[position]
                try AtomicFile.write(Array(try Self.encoder().encode(work(job))), to: Self.file(job: job, in: jobs))
            }
        } catch {
            let stored = owned.filter { FileManager.default.fileExists(atPath: Self.file(job: $0, in: jobs).path) }.count
            try? manifest(done: stored, failed: true)
            throw error
        }
        try manifest(done: owned.count, failed: false)
        return (remaining.count, resumed)
    }

    /// Every job's result in job order, from the shard folders in `directory`. Checks that all
    /// shards belong to this command and definition, that each holds exactly its own jobs and
    /// that none is missing; otherwise throws, naming the shards to run again with
    /// `resubmit(missing, N)`.
    public func collect(in directory: URL, resubmit: ([Int], Int) -> String) throws -> [Result] {
        let (count, present) = try JobShard.folders(in: directory)
        var missing: [Int] = []
        var problems: [String] = []
        var located = [URL?](repeating: nil, count: jobCount)
        for index in 0..<count {
            guard let folder = present[index] else {
                missing.append(index)
                problems.append("shard \(index) of \(count): no folder")
                continue
            }
            let manifest = try ShardManifest.read(in: folder)
            guard manifest.kind == kind, manifest.definitionHash == definitionHash,
                FileManager.default.contents(atPath: folder.appendingPathComponent(Self.definitionFile).path).map(Array.init) == definition
            else {
                throw ShardError(
                    "\(folder.path) belongs to another \(manifest.kind) than the one being merged (its \(Self.definitionFile) differs); merge with the shards' own arguments"
                )
            }
            let owned = try JobShard(index: index, count: count).jobs(of: jobCount)
            let jobs = folder.appendingPathComponent("jobs")
            let names = Set((try? FileManager.default.contentsOfDirectory(atPath: jobs.path)) ?? [])
            let ownedNames = Set(owned.map { Self.file(job: $0, in: jobs).lastPathComponent })
            if let stranger = names.subtracting(ownedNames).filter({ !$0.hasPrefix(".") }).sorted().first {
                throw ShardError("\(jobs.path)/\(stranger): not a job of shard \(index) of \(count); remove it")
            }
            let done = owned.filter { names.contains(Self.file(job: $0, in: jobs).lastPathComponent) }
            guard done.count == owned.count else {
                missing.append(index)
                problems.append("shard \(index) of \(count): \(done.count) of \(owned.count) jobs done")
                continue
            }
            for job in owned { located[job] = Self.file(job: job, in: jobs) }
        }
        guard missing.isEmpty else {
            throw ShardError("cannot merge \(directory.path): \(problems.joined(separator: "; ")). Run only these again: \(resubmit(missing, count))")
        }
        let files = located.map { $0! }  // every shard was present and complete
        return try Parallel.map(files.count) { job in
            let decoder = Self.decoder()
            let file = files[job]
            guard let data = FileManager.default.contents(atPath: file.path) else { throw ShardError("\(file.path): cannot be read") }
            do { return try decoder.decode(Result.self, from: data) } catch {
                throw ShardError("\(file.path): not a stored \(kind) result (\(error)); delete it and run its shard again")
            }
        }
    }

    static func file(job: Int, in jobs: URL) -> URL { jobs.appendingPathComponent("\(job).json") }

    /// NaN and ±∞ occur in metrics (a mean of nothing); JSON has no literal for them.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }
}
