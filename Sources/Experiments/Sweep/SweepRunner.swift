import BundledFiles
import Foundation
import Runs
import ReportIO
import Scenarios
import Execution

/// Runs a sweep into a folder: `sweep.json` (the definition) and `sweep.csv`, one row per
/// (cell, seed), appended while the sweep runs.
///
/// Rows are appended in job order as soon as every earlier job has finished, so the file is
/// always a prefix of the complete one: an interrupted sweep continues with `resume` exactly
/// where it stopped (a half-written last line is cut off), and the finished file is
/// byte-identical to one written without interruption. `sweep.csv.sha256` beside it holds its
/// SHA-256 (`SweepDigest`): `resume` keeps only rows the digest covers and refuses a file that
/// does not match it.
public enum SweepRunner {
    public struct Outcome: Sendable {
        /// Jobs found in an earlier, interrupted run.
        public var resumed: Int
        /// Jobs run now.
        public var ran: Int
        public var csv: URL
    }

    public enum Mode: Sendable {
        /// Refuse to touch an existing sweep.csv.
        case fresh
        /// Continue an existing sweep of the same definition (start one if there is none).
        case resume
        /// Replace an existing sweep.
        case overwrite
    }

    /// With `shard`, runs only that shard's jobs into `directory/shard-K-of-N/` (same files,
    /// its rows in job order, plus shard.json with `arguments`, the command's for `merge`);
    /// `SweepMerge` joins the shards.
    public static func run(
        _ plan: SweepPlan, in outputDirectory: URL, mode: Mode, shard: JobShard? = nil, arguments: [String] = [],
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) throws -> Outcome {
        let directory = shard.map { outputDirectory.appendingPathComponent($0.folderName) } ?? outputDirectory
        if mode == .overwrite && FileKind(atPath: directory.appendingPathComponent("sweep.csv").path) != .none {
            return try replacing(plan, in: directory, shard: shard, arguments: arguments, progress: progress)
        }
        return try run(plan, into: directory, mode: mode, shard: shard, arguments: arguments, progress: progress)
    }

    /// The files of a sweep in its folder; everything else there (its report, the user's files)
    /// stays when a sweep replaces another.
    static let sweepFiles: Set<String> = ["sweep.json", "sweep.csv", SweepDigest.fileName, ShardManifest.fileName, ReportManifest.fileName]

    /// `--overwrite` of a sweep that exists: the new sweep runs in a folder beside it and takes
    /// its place only when finished (`FolderExchange`), so a sweep stopped part-way leaves the
    /// old one whole. The folder's other entries move into the new one.
    static func replacing(
        _ plan: SweepPlan, in directory: URL, shard: JobShard?, arguments: [String], progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    ) throws -> Outcome {
        let manager = FileManager.default
        let parent = directory.deletingLastPathComponent(), name = directory.lastPathComponent
        let pid = ProcessInfo.processInfo.processIdentifier
        let staging = parent.appendingPathComponent(".\(name).partial-\(pid)"), previous = parent.appendingPathComponent(".\(name).previous-\(pid)")
        ReportDirectory.removeLeftovers(of: name, in: parent)
        try? manager.removeItem(at: staging)
        let outcome: Outcome
        do { outcome = try run(plan, into: staging, mode: .fresh, shard: shard, arguments: arguments, progress: progress) } catch {
            try? manager.removeItem(at: staging)
            throw error
        }
        do {
            try FolderExchange.replace(directory, with: staging, keepingOldAt: previous)
            for entry in ((try? manager.contentsOfDirectory(atPath: previous.path)) ?? []) where !sweepFiles.contains(entry) {
                let target = directory.appendingPathComponent(entry)
                if FileKind(atPath: target.path) == .none { try manager.moveItem(at: previous.appendingPathComponent(entry), to: target) }
            }
            try manager.removeItem(at: previous)
        } catch {
            throw OutputError(path: directory.path, reason: "cannot put the new sweep in place (\(ReportDirectory.reason(error)))")
        }
        return Outcome(resumed: outcome.resumed, ran: outcome.ran, csv: directory.appendingPathComponent("sweep.csv"))
    }

    /// `run` into `directory` (the sweep's folder, or its shard's).
    static func run(
        _ plan: SweepPlan, into directory: URL, mode: Mode, shard: JobShard?, arguments: [String],
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    ) throws -> Outcome {
        let manager = FileManager.default
        try SweepMerge.finishInterrupted(in: directory)
        let owned = shard.map { $0.jobs(of: plan.jobs.count) } ?? Array(0..<plan.jobs.count)
        let csvURL = directory.appendingPathComponent("sweep.csv"), definitionURL = directory.appendingPathComponent("sweep.json")
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw OutputError(path: directory.path, reason: "cannot create the output directory (\(ReportDirectory.reason(error)))")
        }
        let entries = ((try? manager.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }
        if mode != .overwrite && !entries.isEmpty && !entries.contains("sweep.json") {
            throw ExperimentError(
                "\(directory.path) is not empty and holds no sweep (no sweep.json); pass --overwrite to write into it, or choose another --out")
        }
        var done = Set<Int>()
        var digest = ContentDigest.Running()
        let exists = manager.fileExists(atPath: csvURL.path)
        switch (mode, exists) {
        case (.fresh, true):
            // Suggest --resume only where it would work: the folder holds this same sweep.
            let stored = storedDefinition(definitionURL)
            guard stored == plan.definition else {
                throw ExperimentError(
                    "\(directory.path) holds another sweep (\(stored.map { "of \($0.scenario), --vary \($0.vary.joined(separator: " --vary "))" } ?? "without a readable sweep.json")); choose another --out, or pass --overwrite to replace it"
                )
            }
            throw ExperimentError("\(csvURL.path) exists: pass --resume to continue that sweep or --overwrite to start again")
        case (.resume, true):
            let stored = try completedJobs(plan, owned: owned, csv: csvURL, definition: definitionURL)
            done = stored.done
            digest.update(stored.bytes)
        case (.fresh, false), (.resume, false), (.overwrite, _):
            let header = Array(CSVWriter(header: plan.header).bytes)
            try AtomicFile.write(Array(try ReportJSON.encode(plan.definition)), to: definitionURL)
            try AtomicFile.write(header, to: csvURL)
            digest.update(header)
            try SweepDigest.write(digest.digest, besides: csvURL)
        }

        let jobCount = owned.count
        let remaining = owned.filter { !done.contains($0) }
        func manifest(done: Int, failed: Bool) throws {
            guard let shard else { return }
            try ShardManifest(
                kind: "sweep", definitionHash: try plan.definitionHash, shard: shard, owned: owned, done: done, failed: failed, arguments: arguments
            ).write(in: directory)
        }
        try manifest(done: done.count, failed: false)
        guard !remaining.isEmpty else { return Outcome(resumed: done.count, ran: 0, csv: csvURL) }
        let handle: FileHandle
        do {
            handle = try FileHandle(forWritingTo: csvURL)
            try handle.seekToEnd()
        } catch {
            throw OutputError(path: csvURL.path, reason: "cannot append (\(ReportDirectory.reason(error)))")
        }
        defer { try? handle.close() }
        let worlds = try plan.sharedWorlds(for: remaining)
        // Row k is appended once rows 0…k−1 have been, so the file stays a prefix of the finished
        // sweep; the digest is noted at most once an interval. After a failed append the file's
        // end is unknown: nothing more is written to it.
        var written = 0, lastNoted = CPUClock.wall()
        let ran = Result {
            try Parallel.forEachInOrder(
                remaining.count, window: remaining.count,
                produce: { position in Result { try plan.row(forJob: remaining[position], worlds: worlds) } },
                consume: { _, row in
                    let row = try row.get()
                    do {
                        try handle.write(contentsOf: row)
                        digest.update(row)
                        if CPUClock.wall() - lastNoted >= SweepDigest.interval {
                            try SweepDigest.write(digest.digest, besides: csvURL)
                            lastNoted = CPUClock.wall()
                        }
                    } catch {
                        throw error as? OutputError ?? OutputError(path: csvURL.path, reason: "cannot append (\(ReportDirectory.reason(error)))")
                    }
                    written += 1
                    progress?(done.count + written, jobCount)
                })
        }
        // The rows written so far, finished or not, are noted in the digest.
        let noted = Result { try SweepDigest.write(digest.digest, besides: csvURL) }
        if case .failure(let error) = ran {
            try? manifest(done: written + done.count, failed: true)
            throw error
        }
        try noted.get()
        try manifest(done: owned.count, failed: false)
        return Outcome(resumed: done.count, ran: remaining.count, csv: csvURL)
    }

    /// The sweep a folder's sweep.json defines; `nil` when it is missing or unreadable.
    static func storedDefinition(_ file: URL) -> SweepDefinition? {
        ProjectFiles.contents(atPath: file.path).flatMap { try? JSONDecoder().decode(SweepDefinition.self, from: $0) }
    }

    /// Jobs already in `csv` and its bytes, after checking it belongs to `plan`, matches its
    /// digest and holds `owned` jobs in order (a prefix of them); cuts rows the digest does not
    /// cover (written after it was last noted, or half written) from the file.
    static func completedJobs(_ plan: SweepPlan, owned: [Int], csv: URL, definition: URL) throws -> (done: Set<Int>, bytes: [UInt8]) {
        guard let previous = storedDefinition(definition) else {
            throw ExperimentError(
                "\(definition.path) is missing or unreadable: cannot tell which sweep \(csv.lastPathComponent) belongs to (use --overwrite)")
        }
        let current = plan.definition
        guard previous == current else {
            let what =
                previous.vary != current.vary
                ? "--vary \(previous.vary.joined(separator: " --vary "))"
                : previous.seeds != current.seeds
                    ? "seeds \(previous.seeds.map(String.init).joined(separator: ","))"
                    : previous.columns != current.columns ? "other columns" : "a different scenario (\(previous.scenario) with other settings)"
            throw ExperimentError("\(csv.path) belongs to another sweep (\(what)); use the same arguments, another --out, or --overwrite")
        }
        guard var bytes = ProjectFiles.contents(atPath: csv.path).map(Array.init) else {
            throw ExperimentError("\(csv.path): cannot read")
        }
        let covered = try SweepDigest.coveredLength(of: bytes, csv: csv)
        if covered < bytes.count {
            bytes.removeSubrange(covered...)
            try AtomicFile.write(bytes, to: csv)  // drop the rows an interrupted run had not noted
        }
        if let carriageReturn = bytes.firstIndex(of: UInt8(ascii: "\r")) {
            let line = bytes[..<carriageReturn].filter { $0 == UInt8(ascii: "\n") }.count + 1
            throw CSVError(
                file: csv.path, line: line, message: "line endings were changed (CR); this is not the file the sweep wrote (use --overwrite)")
        }
        let table = try CSVTable(text: String(decoding: bytes, as: UTF8.self), file: csv.path)
        guard table.header == plan.header else {
            throw ExperimentError("\(csv.path): header does not match this sweep (use --overwrite)")
        }
        var done = Set<Int>()
        for (position, row) in table.rows.enumerated() {
            guard let cell = Int(row.fields[0]), plan.cells.indices.contains(cell),
                let seed = UInt64(row.fields[1]), let seedIndex = plan.seeds.firstIndex(of: seed)
            else {
                throw CSVError(file: csv.path, line: row.line, message: "cell or seed not part of this sweep")
            }
            for (axis, value) in plan.cells[cell].enumerated() where row.fields[2 + axis] != plan.axes[axis].text(value) {
                throw CSVError(file: csv.path, line: row.line, column: plan.axes[axis].key, message: "value does not match cell \(cell)")
            }
            let job = cell * plan.seeds.count + seedIndex
            guard done.insert(job).inserted else {
                throw CSVError(file: csv.path, line: row.line, message: "cell \(cell), seed \(seed) appears twice")
            }
            // The runner appends in job order, so an interrupted file is a prefix of it.
            guard position < owned.count, job == owned[position] else {
                let expected = position < owned.count ? "cell \(owned[position] / plan.seeds.count)" : "no more rows"
                throw CSVError(
                    file: csv.path, line: row.line, message: "rows are out of order (expected \(expected)); the file was edited (use --overwrite)")
            }
        }
        // The last row is computed again: an edited value or a file from other code shows here.
        if let last = table.rows.last {
            let row = String(decoding: try plan.row(forJob: owned[table.rows.count - 1]), as: UTF8.self)
            let recomputed = try CSVTable(text: table.header.joined(separator: ",") + "\n" + row, file: csv.path).rows.first?.fields
            guard recomputed == last.fields else {
                throw CSVError(
                    file: csv.path, line: last.line,
                    message: "this row differs from a fresh run of its cell and seed; the file was edited or made by other code (use --overwrite)")
            }
        }
        return (done, bytes)
    }
}
