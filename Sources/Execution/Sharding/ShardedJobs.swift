import Foundation
import ReportIO

/// A command's job list split across machines, each job's result kept in its own file:
/// `<out>/shard-K-of-N/` holds shard.json, definition.json (what makes the job list the same
/// everywhere), jobs/<j>.json, written atomically as each job finishes, and jobs.sha256, the
/// SHA-256 of each job file (`DigestList`), appended once the file is in place. A killed shard
/// loses only the jobs in flight and continues where it stopped: a job counts as done when its
/// file matches its digest. `collect` reads the results of every shard back in job order;
/// results are stored losslessly (JSON keeps a Double's every bit), so a merged report is the
/// one a single machine writes, byte for byte. A job file that no longer matches its digest
/// (edited, forged) is a one-line error naming it, when resuming and when merging. `run` and
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

    /// The digests of the job files, beside jobs/.
    static var digestFile: String { "jobs.sha256" }

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
        let stored = try Self.verified(owned, in: folder).done
        let remaining = owned.filter { !stored.contains($0) }
        func manifest(done: Int, failed: Bool) throws {
            try ShardManifest(
                kind: kind, definitionHash: definitionHash, shard: shard, owned: owned, done: done, failed: failed, arguments: arguments
            ).write(in: folder)
        }
        let resumed = owned.count - remaining.count
        try manifest(done: resumed, failed: false)
        let digests = try DigestAppender(folder.appendingPathComponent(Self.digestFile))
        do {
            _ = try Parallel.map(remaining.count, progress: progress) { position in
                let job = remaining[position]
                let bytes = Array(try Self.encoder().encode(work(job)))
                let file = Self.file(job: job, in: jobs)
                try AtomicFile.write(bytes, to: file)
                try digests.append(DigestList.line(ContentDigest(bytes), file.lastPathComponent))
            }
        } catch {
            try? manifest(done: resumed + digests.count, failed: true)
            throw error
        }
        try manifest(done: owned.count, failed: false)
        return (remaining.count, resumed)
    }

    /// The jobs of `owned` whose file is in `folder`/jobs and matches its digest. A job file
    /// without a digest was written by a run that was killed before it could note it: not done
    /// (it runs again). A file that differs from its digest is an error naming it.
    ///
    /// Without `hashing`, only which jobs have a file and a digest (`collect` checks the digest
    /// while it reads each file once); the digests are returned by file name.
    static func verified(_ owned: [Int], in folder: URL, hashing: Bool = true) throws -> (done: Set<Int>, digests: [String: ContentDigest]) {
        let jobs = folder.appendingPathComponent("jobs")
        let digestURL = folder.appendingPathComponent(digestFile)
        let digests = try DigestList.read(digestURL)
        let ownedNames = Set(owned.map { file(job: $0, in: jobs).lastPathComponent })
        if let stranger = digests.keys.filter({ !ownedNames.contains($0) }).sorted().first {
            throw ShardError("\(digestURL.path): \(TextExcerpt.quoted(stranger, limit: 40)) is not a job of this shard; the file was edited")
        }
        var done = Set<Int>()
        for job in owned {
            let url = file(job: job, in: jobs)
            guard let expected = digests[url.lastPathComponent], FileKind(atPath: url.path) == .regularFile else { continue }
            if hashing {
                guard let bytes = FileManager.default.contents(atPath: url.path) else { continue }
                try check(bytes, of: url, against: expected)
            }
            done.insert(job)
        }
        return (done, digests)
    }

    static func check(_ bytes: some Sequence<UInt8>, of url: URL, against expected: ContentDigest) throws(ShardError) {
        guard ContentDigest(bytes) == expected else {
            throw ShardError(
                "\(url.path): differs from its SHA-256 in \(digestFile) (edited after its job wrote it?); delete it and run its shard again")
        }
    }

    /// Every job's result in job order, from the shard folders in `directory`. Checks that all
    /// shards belong to this command and definition, that each holds exactly its own jobs, each
    /// matching its digest, and that none is missing; otherwise throws, naming the shards to run
    /// again with `resubmit(missing, N)`.
    public func collect(in directory: URL, resubmit: ([Int], Int) -> String) throws -> [Result] {
        let (count, present) = try JobShard.folders(in: directory)
        var missing: [Int] = []
        var problems: [String] = []
        var located = [(file: URL, digest: ContentDigest)?](repeating: nil, count: jobCount)
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
                    "\(folder.path) belongs to another \(TextExcerpt.excerpt(manifest.kind, limit: 20)) than the one being merged (its \(Self.definitionFile) differs); merge with the shards' own arguments"
                )
            }
            let owned = try JobShard(index: index, count: count).jobs(of: jobCount)
            let jobs = folder.appendingPathComponent("jobs")
            let names = Set((try? FileManager.default.contentsOfDirectory(atPath: jobs.path)) ?? [])
            let ownedNames = Set(owned.map { Self.file(job: $0, in: jobs).lastPathComponent })
            if let stranger = names.subtracting(ownedNames).filter({ !$0.hasPrefix(".") }).sorted().first {
                throw ShardError("\(jobs.path)/\(TextExcerpt.excerpt(stranger, limit: 40)): not a job of shard \(index) of \(count); remove it")
            }
            let (done, digests) = try Self.verified(owned, in: folder, hashing: false)
            guard done.count == owned.count else {
                missing.append(index)
                problems.append("shard \(index) of \(count): \(done.count) of \(owned.count) jobs done")
                continue
            }
            for job in owned {
                let file = Self.file(job: job, in: jobs)
                located[job] = (file, digests[file.lastPathComponent]!)  // done: it has one
            }
        }
        guard missing.isEmpty else {
            throw ShardError("cannot merge \(directory.path): \(problems.joined(separator: "; ")). Run only these again: \(resubmit(missing, count))")
        }
        let files = located.map { $0! }  // every shard was present and complete
        return try Parallel.map(files.count) { job in
            let decoder = Self.decoder()
            let (file, digest) = files[job]
            guard let data = FileManager.default.contents(atPath: file.path) else { throw ShardError("\(file.path): cannot be read") }
            try Self.check(data, of: file, against: digest)
            do { return try decoder.decode(Result.self, from: data) } catch {
                throw ShardError(
                    "\(file.path): not a stored \(kind) result (\(TextExcerpt.excerpt("\(error)", limit: 120))); delete it and run its shard again")
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
