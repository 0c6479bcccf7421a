import Foundation
import Testing

@Suite struct ShardCommandTests {
    /// `run --shard K/N` three times, then `orbitbench merge`: the report folders equal a
    /// one-machine run's except provenance.json and report.html, which name the merge command;
    /// shard.json records the arguments the merge reuses (without --shard and --out).
    @Test func runShardsMergeLikeOneMachine() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = ["run", "back-and-forth", "--seeds", "1-3", "--quiet", "--no-plots"]
        let local = try Tool.run(common + ["--out", folder.appendingPathComponent("local").path])
        #expect(local.status == 0, "\(local.standardError)")
        let shards = folder.appendingPathComponent("shards")
        for index in 0..<3 {
            let shard = try Tool.run(common + ["--out", shards.path, "--shard", "\(index)/3"])
            #expect(shard.status == 0 && shard.standardOutput.contains("orbitbench merge"), "\(shard.standardError)")
        }
        let manifest =
            try JSONSerialization.jsonObject(with: Data(contentsOf: shards.appendingPathComponent("shard-2-of-3/shard.json"))) as? [String: Any]
        // Only what defines the jobs and the merged outputs: not --quiet, --out or --shard.
        #expect(
            manifest?["arguments"] as? [String] == ["back-and-forth", "--seeds", "1-3", "--no-plots"] && manifest?["status"] as? String == "done")
        let merge = try Tool.run(["merge", shards.path])
        #expect(merge.status == 0, "\(merge.standardError)")
        #expect(merge.standardOutput.hasPrefix("orbitbench run back-and-forth --seeds 1-3 --no-plots --out \(shards.path) --merge"))
        for file in ["metrics.csv", "frames.csv", "slots.csv", "summary.json", "recording.json"] {
            let expected = try Data(contentsOf: folder.appendingPathComponent("local/back-and-forth/\(file)"))
            #expect(try Data(contentsOf: shards.appendingPathComponent("back-and-forth/\(file)")) == expected, "\(file)")
        }
    }

    /// A regress split in two: each shard compares nothing; `merge` writes the metrics.csv and
    /// diff.csv of a one-machine regress, keeps the shard folders, and exits 1 on a regression.
    @Test func regressShardsMergeAndCompare() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let suiteFile = folder.appendingPathComponent("suite.yaml"), baseline = folder.appendingPathComponent("baseline.csv")
        try """
        description: two entries
        scenarios:
          - {scenario: back-and-forth, seeds: [1, 2, 3]}
          - {scenario: tripod-ideal, seeds: [1, 2]}
        tolerances:
          - {metric: coverage, abs: 0.002}
          - {metric: blur_sel_mean_px, abs: 0.002, rel: 0.01}
        """.write(to: suiteFile, atomically: true, encoding: .utf8)
        let common = ["regress", "--suite", suiteFile.path, "--baseline", baseline.path, "--quiet"]
        #expect(try Tool.run(common + ["--update-baseline", "--out", folder.appendingPathComponent("base").path]).status == 0)
        let local = try Tool.run(common + ["--out", folder.appendingPathComponent("local").path])
        #expect(local.status == 0, "\(local.standardError)")
        let shards = folder.appendingPathComponent("shards")
        for index in 0..<2 {
            let shard = try Tool.run(
                common + ["--out", shards.path],
                environment: ["SLURM_ARRAY_TASK_ID": "\(index + 1)", "SLURM_ARRAY_TASK_COUNT": "2", "SLURM_ARRAY_TASK_MIN": "1"])
            #expect(shard.status == 0 && shard.standardOutput.contains("shard \(index)/2"), "\(shard.standardOutput)\(shard.standardError)")
        }
        let merge = try Tool.run(["merge", shards.path])
        #expect(merge.status == 0, "\(merge.standardOutput)\(merge.standardError)")
        for file in ["metrics.csv", "diff.csv"] {
            let expected = try Data(contentsOf: folder.appendingPathComponent("local/\(file)"))
            #expect(try Data(contentsOf: shards.appendingPathComponent(file)) == expected, "\(file)")
        }
        #expect(FileManager.default.fileExists(atPath: shards.appendingPathComponent("shard-1-of-2/shard.json").path), "shards kept")
        // A shard folder from another split is refused; the shards rerun with a worse setting regress.
        let regressed = folder.appendingPathComponent("regressed")
        for index in 0..<2 {
            #expect(try Tool.run(common + ["--out", regressed.path, "--shard", "\(index)/2", "--set", "selection.threshold=1"]).status == 0)
        }
        let failing = try Tool.run(["merge", regressed.path])
        #expect(failing.status == 1 && failing.standardOutput.contains("REGRESSED"), "\(failing.standardOutput)\(failing.standardError)")
        try FileManager.default.createDirectory(at: regressed.appendingPathComponent("shard-0-of-3"), withIntermediateDirectories: true)
        let mixed = try Tool.run(["merge", regressed.path])
        #expect(mixed.status == 2 && mixed.standardError.contains("different splits"), "\(mixed.standardError)")
    }
}
