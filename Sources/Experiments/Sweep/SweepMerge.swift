import Foundation
import ReportIO
import Runs
import Execution

/// Joins the shard folders of a sweep (`shard-K-of-N/`, written by `SweepRunner` with a
/// `JobShard`) into the sweep.csv and sweep.json a single machine writes, byte for byte:
/// every shard must belong to the same definition, hold exactly its own jobs in order, match
/// its digest (`SweepDigest`), and be complete; otherwise nothing is written and the error
/// lists the shards to run again. The merged sweep.csv gets its own digest.
public enum SweepMerge {
    public struct Outcome: Sendable {
        public var csv: URL
        public var shards: Int
        public var rows: Int
    }

    /// Merges the shards of `plan` under `directory` into `directory/sweep.csv`.
    /// `resubmit(missing)` phrases how to run the missing shards again (a Slurm array, say).
    public static func merge(_ plan: SweepPlan, in directory: URL, resubmit: ([Int], Int) -> String) throws -> Outcome {
        let (count, present) = try JobShard.folders(in: directory)
        var missing: [Int] = []
        var problems: [String] = []
        var rows = [ArraySlice<UInt8>?](repeating: nil, count: plan.jobs.count)
        let header = Array(CSVWriter(header: plan.header).bytes)
        for index in 0..<count {
            guard let folder = present[index] else {
                missing.append(index)
                problems.append("shard \(index) of \(count): no folder")
                continue
            }
            let shard = try JobShard(index: index, count: count)
            let owned = shard.jobs(of: plan.jobs.count)
            let csv = folder.appendingPathComponent("sweep.csv")
            let done: Set<Int>, bytes: [UInt8]
            do {
                (done, bytes) = try SweepRunner.completedJobs(plan, owned: owned, csv: csv, definition: folder.appendingPathComponent("sweep.json"))
            } catch {
                throw ExperimentError("\(folder.lastPathComponent): \(error)")
            }
            guard done.count == owned.count else {
                missing.append(index)
                problems.append("shard \(index) of \(count): \(done.count) of \(owned.count) runs done")
                continue
            }
            guard bytes.starts(with: header) else { throw ExperimentError("\(csv.path): cannot read its rows") }
            // Rows are whole lines in the shard's job order (checked above).
            var start = header.count
            for job in owned {
                guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                    throw ExperimentError("\(csv.path): fewer rows than the shard's jobs")
                }
                rows[job] = bytes[start...end]
                start = end + 1
            }
        }
        guard missing.isEmpty else {
            throw ExperimentError(
                "cannot merge \(directory.path): \(problems.joined(separator: "; ")). Run only these again: \(resubmit(missing, count))")
        }
        var merged = header
        merged.reserveCapacity(header.count + rows.reduce(0) { $0 + ($1?.count ?? 0) })
        for row in rows { merged += row! }  // every job was placed: each shard held all of its own
        let csvURL = directory.appendingPathComponent("sweep.csv")
        try finishInterrupted(in: directory)
        // The three files are written aside first, the digest last, then renamed into place: a
        // kill leaves the old merge (the set aside is incomplete and is dropped) or a complete
        // new set that `finishInterrupted` puts in place.
        let definition = Array(try ReportJSON.encode(plan.definition))
        try AtomicFile.write(definition, to: aside(directory, "sweep.json"))
        try AtomicFile.write(merged, to: aside(directory, "sweep.csv"))
        let lines = DigestList.line(ContentDigest(merged), "sweep.csv") + DigestList.line(ContentDigest(definition), SweepDigest.definitionName)
        try AtomicFile.write(Array(lines.utf8), to: aside(directory, SweepDigest.fileName))
        try finishInterrupted(in: directory)
        return Outcome(csv: csvURL, shards: count, rows: plan.jobs.count)
    }

    /// The files of a merged sweep, in the order they are put in place (the digest last).
    public static let mergedFiles = ["sweep.json", "sweep.csv", SweepDigest.fileName]

    /// Where a merge writes `name` before it is put in place.
    static func aside(_ directory: URL, _ name: String) -> URL { directory.appendingPathComponent(".\(name).merging") }

    /// Completes a merge that was stopped while it put its files in place (its digest was set
    /// aside, so all three were): renames what is still aside. A set aside without its digest
    /// is a merge stopped while writing: removed, the folder keeps the sweep it had.
    public static func finishInterrupted(in directory: URL) throws {
        let manager = FileManager.default
        let pending = mergedFiles.filter { FileKind(atPath: aside(directory, $0).path) == .regularFile }
        guard !pending.isEmpty else { return }
        guard pending.contains(SweepDigest.fileName) else {
            for name in pending { try? manager.removeItem(at: aside(directory, name)) }
            return
        }
        for name in mergedFiles where pending.contains(name) {
            guard rename(aside(directory, name).path, directory.appendingPathComponent(name).path) == 0 else {
                throw OutputError(
                    path: directory.appendingPathComponent(name).path,
                    reason: "cannot put the merged file in place (\(String(cString: strerror(errno))))")
            }
        }
    }
}
