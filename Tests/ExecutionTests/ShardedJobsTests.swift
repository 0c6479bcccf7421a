import Foundation
import ReportIO
import Testing
import Execution

@Suite struct ShardedJobsTests {
    struct Result: Codable, Sendable, Equatable {
        var job: Int
        var value: Double
    }

    /// Job j's result: a value with every bit in use, NaN and −0 included.
    static func result(_ job: Int) -> Result {
        Result(job: job, value: job == 4 ? .nan : job == 5 ? -0.0 : job == 6 ? .infinity : 1 / Double(job + 3) + 1e-300 * Double(job))
    }

    static func jobs(definition: String = "a") -> ShardedJobs<Result> {
        ShardedJobs(kind: "run", definition: Array(definition.utf8), jobCount: 11, arguments: ["orbit-72", "--seeds", "1-11"])
    }

    static func folder() -> URL { FileManager.default.temporaryDirectory.appendingPathComponent("sharded-\(UUID().uuidString)") }

    @Test func shardsDealJobsRoundRobin() throws {
        let shard = try JobShard(index: 2, count: 4)
        #expect(shard.jobs(of: 11) == [2, 6, 10])
        #expect(shard.folderName == "shard-2-of-4")
        // Every job in exactly one shard, sizes within one.
        let sizes = try (0..<4).map { try JobShard(index: $0, count: 4).jobs(of: 11).count }
        #expect(sizes == [3, 3, 3, 2])
        #expect(try JobShard(parsing: "0/1") == JobShard(index: 0, count: 1))
        for bad in ["3/3", "-1/2", "1", "a/b", "1/0", "0/100001"] {
            #expect(throws: ShardError.self, "\(bad)") { try JobShard(parsing: bad) }
        }
        #expect(JobShard.isFolderName("shard-3-of-4") && !JobShard.isFolderName("shard-4-of-4") && !JobShard.isFolderName("orbit-72"))
    }

    @Test func schedulersNameTheShard() throws {
        #expect(try JobShard.fromEnvironment([:]) == nil)
        #expect(try JobShard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "4"]) == JobShard(index: 3, count: 4))
        // An array 1-4: task IDs 1…4 are shards 0…3.
        #expect(
            try JobShard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "1"])
                == JobShard(index: 0, count: 4))
        #expect(try JobShard.fromEnvironment(["JOB_COMPLETION_INDEX": "5", "ORBITBENCH_SHARDS": "8"]) == JobShard(index: 5, count: 8))
        #expect(try JobShard.fromEnvironment(["JOB_COMPLETION_INDEX": "5"], shards: 6) == JobShard(index: 5, count: 6))
        #expect(throws: ShardError.self) { try JobShard.fromEnvironment(["JOB_COMPLETION_INDEX": "5"]) }
        #expect(throws: ShardError.self) { try JobShard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "5"]) }
        #expect(throws: ShardError.self) { try JobShard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "x", "SLURM_ARRAY_TASK_COUNT": "4"]) }
    }

    /// Three shards give every job's result back in job order, bit for bit; a shard whose job
    /// failed keeps the others' results and resumes with only the failed one.
    @Test func shardsCollectInJobOrderAndResume() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let jobs = Self.jobs()
        struct Killed: Error {}
        // Shard 1 owns jobs 1, 4, 7, 10 and dies at job 7.
        #expect(throws: Killed.self) {
            try jobs.run(try JobShard(index: 1, count: 3), in: folder) { job in
                if job == 7 { throw Killed() }
                return Self.result(job)
            }
        }
        let failed = try ShardManifest.read(in: folder.appendingPathComponent("shard-1-of-3"))
        #expect(
            failed.status == "failed" && failed.jobs == 4 && failed.done == 3 && failed.kind == "run"
                && failed.arguments == ["orbit-72", "--seeds", "1-11"])
        for index in [0, 2] { _ = try jobs.run(try JobShard(index: index, count: 3), in: folder) { Self.result($0) } }
        do {
            _ = try jobs.collect(in: folder) { missing, count in "rerun \(missing) of \(count)" }
            Issue.record("an incomplete shard merged")
        } catch {
            #expect("\(error)".contains("shard 1 of 3: ") && "\(error)".contains("rerun [1] of 3"), "\(error)")
        }
        let ran = ShardLog()
        let resumed = try jobs.run(try JobShard(index: 1, count: 3), in: folder) { job in
            ran.add(job)
            return Self.result(job)
        }
        #expect(resumed.ran == 1 && resumed.resumed == 3 && ran.jobs == [7])
        let collected = try jobs.collect(in: folder) { _, _ in "" }
        #expect(collected.map(\.job) == Array(0..<11))
        for (job, result) in collected.enumerated() {
            let expected = Self.result(job).value
            #expect(result.value.bitPattern == expected.bitPattern || (result.value.isNaN && expected.isNaN), "job \(job)")
        }
        #expect(try ShardManifest.read(in: folder.appendingPathComponent("shard-1-of-3")).status == "done")
    }

    /// Shards of another definition, a job file in the wrong shard and a missing shard folder are
    /// refused with the reason.
    @Test func foreignAndStrayShardsAreRefused() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let jobs = Self.jobs()
        for index in 0..<2 { _ = try jobs.run(try JobShard(index: index, count: 3), in: folder) { Self.result($0) } }
        func failure(_ body: () throws -> Void) -> String {
            do { try body() } catch { return "\(error)" }
            return "no error"
        }
        #expect(failure { _ = try jobs.collect(in: folder) { missing, _ in "rerun \(missing)" } }.contains("shard 2 of 3: no folder"))
        #expect(
            failure { _ = try Self.jobs(definition: "b").run(try JobShard(index: 0, count: 3), in: folder) { Self.result($0) } }.contains(
                "another run"))
        _ = try jobs.run(try JobShard(index: 2, count: 3), in: folder) { Self.result($0) }
        #expect(failure { _ = try Self.jobs(definition: "b").collect(in: folder) { _, _ in "" } }.contains("belongs to another run"))
        let stray = folder.appendingPathComponent("shard-0-of-3/jobs/4.json")
        try FileManager.default.copyItem(at: folder.appendingPathComponent("shard-1-of-3/jobs/4.json"), to: stray)
        #expect(failure { _ = try jobs.collect(in: folder) { _, _ in "" } }.contains("4.json: not a job of shard 0 of 3"))
        try FileManager.default.removeItem(at: stray)
        let broken = Data("{\"job\": 3".utf8)
        try broken.write(to: folder.appendingPathComponent("shard-0-of-3/jobs/3.json"))
        #expect(failure { _ = try jobs.collect(in: folder) { _, _ in "" } }.contains("3.json: differs from its SHA-256 in jobs.sha256"))
        // With its digest noted as well, the file is read and refused for what it holds.
        let list = try FileHandle(forWritingTo: folder.appendingPathComponent("shard-0-of-3/jobs.sha256"))
        try list.seekToEnd()
        try list.write(contentsOf: Data(DigestList.line(ContentDigest(broken), "3.json").utf8))
        try list.close()
        #expect(failure { _ = try jobs.collect(in: folder) { _, _ in "" } }.contains("3.json: not a stored run result"))
        #expect(
            try ShardManifest.mergeCommand(in: folder) { _, _ in nil } == ["run", "orbit-72", "--seeds", "1-11", "--out", folder.path, "--merge"])
        // The check sees the stored command and arguments; its problem names the first shard.json.
        #expect(
            failure { _ = try ShardManifest.mergeCommand(in: folder) { kind, arguments in "\(kind) \(arguments.joined(separator: " ")) refused" } }
                == "\(folder.path)/shard-0-of-3/shard.json: arguments: run orbit-72 --seeds 1-11 refused")
        // A key shard.json does not have is an error naming the file and the key.
        let manifest = folder.appendingPathComponent("shard-1-of-3/shard.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any])
        object["output"] = "/etc"
        try JSONSerialization.data(withJSONObject: object).write(to: manifest)
        #expect(failure { _ = try ShardManifest.read(in: manifest.deletingLastPathComponent()) }.hasPrefix("\(manifest.path): unknown key 'output'"))
    }
}

extension ShardedJobsTests {
    func failure(_ body: () throws -> Void) -> String {
        do { try body() } catch { return "\(error)" }
        return "no error"
    }

    /// A value edited in a stored job result, or a digest line for a job the shard does not
    /// own, is refused when merging and when resuming, naming the file; a job file whose
    /// digest never got written (the process was killed in between) simply runs again.
    @Test func editedResultsAreRefused() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let jobs = Self.jobs()
        for index in 0..<3 { _ = try jobs.run(try JobShard(index: index, count: 3), in: folder) { Self.result($0) } }
        let shard = folder.appendingPathComponent("shard-1-of-3"), file = shard.appendingPathComponent("jobs/7.json")
        let original = try Data(contentsOf: file)
        let text = String(decoding: original, as: UTF8.self)
        let edited = text.replacingOccurrences(of: "\"job\":7", with: "\"job\":8")
        #expect(edited != text, "\(text)")
        try Data(edited.utf8).write(to: file)
        let message = "\(file.path): differs from its SHA-256 in jobs.sha256 (edited after its job wrote it?); delete it and run its shard again"
        #expect(failure { _ = try jobs.collect(in: folder) { _, _ in "" } } == message)
        #expect(failure { _ = try jobs.run(try JobShard(index: 1, count: 3), in: folder) { Self.result($0) } } == message)
        try original.write(to: file)
        #expect(try jobs.collect(in: folder) { _, _ in "" }.count == 11)

        // A digest line naming another shard's job.
        let list = shard.appendingPathComponent("jobs.sha256")
        let lines = try String(contentsOf: list, encoding: .utf8)
        try (lines + DigestList.line(ContentDigest([1]), "3.json")).write(to: list, atomically: true, encoding: .utf8)
        #expect(failure { _ = try jobs.collect(in: folder) { _, _ in "" } }.hasPrefix("\(list.path): '3.json' is not a job of this shard"))
        // A line that is not a digest line.
        try (lines + "forged\n").write(to: list, atomically: true, encoding: .utf8)
        #expect(failure { _ = try jobs.collect(in: folder) { _, _ in "" } }.hasPrefix("\(list.path):5: 'forged' is not '<sha256 hex>  <file name>'"))

        // Killed after writing job 7's file but before noting its digest (and mid-line).
        let kept = lines.split(separator: "\n").filter { !$0.hasSuffix("  7.json") }.map { $0 + "\n" }.joined()
        try (kept + "0123").write(to: list, atomically: true, encoding: .utf8)
        #expect(failure { _ = try jobs.collect(in: folder) { _, _ in "rerun" } }.contains("shard 1 of 3: 3 of 4 jobs done"))
        let ran = ShardLog()
        let resumed = try jobs.run(try JobShard(index: 1, count: 3), in: folder) { job in
            ran.add(job)
            return Self.result(job)
        }
        #expect(resumed.ran == 1 && ran.jobs == [7])
        #expect(try jobs.collect(in: folder) { _, _ in "" }.map(\.job) == Array(0..<11))

        // A shard folder that is a symbolic link (to a folder elsewhere) is not merged from.
        let elsewhere = Self.folder()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        try FileManager.default.moveItem(at: shard, to: elsewhere)
        try FileManager.default.createSymbolicLink(at: shard, withDestinationURL: elsewhere)
        #expect(
            failure { _ = try jobs.collect(in: folder) { _, _ in "" } }
                == "\(shard.path): is a symbolic link, not a shard folder; remove it")
    }
}

/// Jobs a worker ran, from several threads.
final class ShardLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int] = []
    func add(_ job: Int) {
        lock.lock()
        stored.append(job)
        lock.unlock()
    }
    var jobs: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
