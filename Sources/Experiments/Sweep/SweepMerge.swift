import BundledFiles
import Foundation
import ReportIO

/// Joins the shard folders of a sweep (`shard-K-of-N/`, written by `SweepRunner` with a
/// `SweepShard`) into the sweep.csv and sweep.json a single machine writes, byte for byte:
/// every shard must belong to the same definition, hold exactly its own jobs in order, and be
/// complete; otherwise nothing is written and the error lists the shards to run again.
public enum SweepMerge {
    public struct Outcome: Sendable {
        public var csv: URL
        public var shards: Int
        public var rows: Int
    }

    /// The shards found in `directory` and their count N; an error when there are none or the
    /// folders disagree on N.
    static func shardFolders(in directory: URL) throws -> (count: Int, present: [Int: URL]) {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var present: [Int: URL] = [:]
        var counts = Set<Int>()
        for entry in entries where entry.hasPrefix("shard-") {
            let parts = entry.dropFirst("shard-".count).components(separatedBy: "-of-")
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), (0..<count).contains(index) else { continue }
            counts.insert(count)
            present[index] = directory.appendingPathComponent(entry)
        }
        guard let count = counts.first else {
            throw SweepError("\(directory.path): no shard folders (shard-K-of-N/) to merge; run the shards first (--shard K/N or a job array)")
        }
        guard counts.count == 1 else {
            throw SweepError(
                "\(directory.path) holds shards of different splits (\(counts.sorted().map { "of \($0)" }.joined(separator: ", "))); remove the stale ones"
            )
        }
        return (count, present)
    }

    /// Merges the shards of `plan` under `directory` into `directory/sweep.csv`.
    /// `resubmit(missing)` phrases how to run the missing shards again (a Slurm array, say).
    public static func merge(_ plan: SweepPlan, in directory: URL, resubmit: ([Int], Int) -> String) throws -> Outcome {
        let (count, present) = try shardFolders(in: directory)
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
            let shard = try SweepShard(index: index, count: count)
            let owned = shard.jobs(of: plan.jobs.count)
            let csv = folder.appendingPathComponent("sweep.csv")
            let done: Set<Int>
            do {
                done = try SweepRunner.completedJobs(plan, owned: owned, csv: csv, definition: folder.appendingPathComponent("sweep.json"))
            } catch {
                throw SweepError("\(folder.lastPathComponent): \(error)")
            }
            guard done.count == owned.count else {
                missing.append(index)
                problems.append("shard \(index) of \(count): \(done.count) of \(owned.count) runs done")
                continue
            }
            guard let bytes = ProjectFiles.contents(atPath: csv.path).map(Array.init), bytes.starts(with: header) else {
                throw SweepError("\(csv.path): cannot read its rows")
            }
            // Rows are whole lines in the shard's job order (checked above).
            var start = header.count
            for job in owned {
                guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                    throw SweepError("\(csv.path): fewer rows than the shard's jobs")
                }
                rows[job] = bytes[start...end]
                start = end + 1
            }
        }
        guard missing.isEmpty else {
            throw SweepError(
                "cannot merge \(directory.path): \(problems.joined(separator: "; ")). Run only these again: \(resubmit(missing, count))")
        }
        var merged = header
        merged.reserveCapacity(header.count + rows.reduce(0) { $0 + ($1?.count ?? 0) })
        for row in rows { merged += row! }  // every job was placed: each shard held all of its own
        let csvURL = directory.appendingPathComponent("sweep.csv")
        try AtomicFile.write(Array(try ReportJSON.encode(plan.definition)), to: directory.appendingPathComponent("sweep.json"))
        try AtomicFile.write(merged, to: csvURL)
        return Outcome(csv: csvURL, shards: count, rows: plan.jobs.count)
    }
}
