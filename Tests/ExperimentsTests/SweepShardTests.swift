import Experiments
import Foundation
import ReportIO
import Runs
import Scenarios
import TestSupport
import Testing
import Yams
import Execution

@Suite struct SweepShardTests {
    static func plan() throws -> SweepPlan {
        let source = ScenarioSource(reference: "orbit-72", searchDirectories: [Repository.scenarios])
        return try SweepPlan(source: source, axes: [try SweepAxis(parsing: "selection.threshold=2:8:2")], seeds: [1, 2, 3])
    }

    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("shards-\(UUID().uuidString)")
    }

    /// Shards 0/3, 1/3, 2/3 then the merge give the one-machine sweep.csv byte for byte, also
    /// when one shard was killed mid-row and resumed.
    @Test func shardsMergeToTheLocalSweepByteForByte() throws {
        let plan = try Self.plan()
        let local = Self.folder(), sharded = Self.folder()
        defer { for folder in [local, sharded] { try? FileManager.default.removeItem(at: folder) } }
        _ = try SweepRunner.run(plan, in: local, mode: .fresh)
        for index in 0..<3 { _ = try SweepRunner.run(plan, in: sharded, mode: .fresh, shard: try JobShard(index: index, count: 3)) }

        // Shard 1 "killed": its digest noted after its first row, the second row appended since,
        // the third half written, the fourth lost.
        let shardCSV = sharded.appendingPathComponent("shard-1-of-3/sweep.csv")
        var lines = try String(contentsOf: shardCSV, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 1 + 4 + 1)  // header, jobs 1, 4, 7, 10, the final empty piece
        let noted = Array((lines.prefix(2).joined(separator: "\n") + "\n").utf8)
        try DigestList.line(ContentDigest(noted), "sweep.csv").write(
            to: shardCSV.deletingLastPathComponent().appendingPathComponent("sweep.csv.sha256"), atomically: true, encoding: .utf8)
        lines = Array(lines.prefix(3)) + [String(lines[3].prefix(9))]
        try Data(lines.joined(separator: "\n").utf8).write(to: shardCSV)
        #expect(throws: ExperimentError.self) { try SweepMerge.merge(plan, in: sharded, resubmit: { missing, count in "\(missing) of \(count)" }) }
        do {
            _ = try SweepMerge.merge(plan, in: sharded) { missing, count in "resubmit \(missing) of \(count)" }
        } catch {
            #expect("\(error)".contains("shard 1 of 3: 1 of 4 runs done") && "\(error)".contains("resubmit [1] of 3"), "\(error)")
        }
        let resumed = try SweepRunner.run(plan, in: sharded, mode: .resume, shard: try JobShard(index: 1, count: 3))
        #expect(resumed.resumed == 1 && resumed.ran == 3)

        let merged = try SweepMerge.merge(plan, in: sharded) { _, _ in "" }
        #expect(merged.shards == 3 && merged.rows == 12)
        #expect(try Data(contentsOf: merged.csv) == Data(contentsOf: local.appendingPathComponent("sweep.csv")))
        #expect(try Data(contentsOf: sharded.appendingPathComponent("sweep.json")) == Data(contentsOf: local.appendingPathComponent("sweep.json")))
        let manifest = try JSONDecoder().decode(
            ShardManifest.self, from: Data(contentsOf: sharded.appendingPathComponent("shard-1-of-3/shard.json")))
        #expect(manifest.status == "done" && manifest.jobs == 4 && manifest.done == 4 && manifest.firstJob == 1 && manifest.kind == "sweep")
    }

    /// A value edited in a shard's sweep.csv is not merged: a one-line error naming the file.
    @Test func mergeRefusesAnEditedShardRow() throws {
        let plan = try Self.plan()
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 0..<2 { _ = try SweepRunner.run(plan, in: folder, mode: .fresh, shard: try JobShard(index: index, count: 2)) }
        let csv = folder.appendingPathComponent("shard-1-of-2/sweep.csv")
        let text = try String(contentsOf: csv, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[2] = lines[2].replacingOccurrences(of: ",1.0000,", with: ",0.9000,")
        #expect(lines.joined(separator: "\n") != text)
        try lines.joined(separator: "\n").write(to: csv, atomically: true, encoding: .utf8)
        do {
            _ = try SweepMerge.merge(plan, in: folder) { _, _ in "" }
            Issue.record("an edited shard merged")
        } catch {
            #expect(
                "\(error)"
                    == "shard-1-of-2: \(csv.path): does not match its SHA-256 in sweep.csv.sha256: rows were edited, removed or added after the sweep wrote them; use --overwrite to start again"
            )
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("sweep.csv").path))
        try text.write(to: csv, atomically: true, encoding: .utf8)
        let merged = try SweepMerge.merge(plan, in: folder) { _, _ in "" }
        let digest = try String(contentsOf: folder.appendingPathComponent("sweep.csv.sha256"), encoding: .utf8)
        let definition = folder.appendingPathComponent("sweep.json")
        #expect(
            digest
                == DigestList.line(ContentDigest(try Data(contentsOf: merged.csv)), "sweep.csv")
                + DigestList.line(ContentDigest(try Data(contentsOf: definition)), "sweep.json"))
    }

    @Test func mergeRefusesShardsOfAnotherSweepOrSplit() throws {
        let plan = try Self.plan()
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: ShardError.self) { try SweepMerge.merge(plan, in: folder) { _, _ in "" } }  // nothing to merge
        for index in 0..<2 { _ = try SweepRunner.run(plan, in: folder, mode: .fresh, shard: try JobShard(index: index, count: 2)) }
        // Another sweep's definition (other seeds) in the same folder.
        let other = try SweepPlan(
            source: ScenarioSource(reference: "orbit-72", searchDirectories: [Repository.scenarios]),
            axes: [try SweepAxis(parsing: "selection.threshold=2:8:2")], seeds: [1, 2])
        #expect(throws: (any Error).self) { try SweepMerge.merge(other, in: folder) { _, _ in "" } }
        _ = try SweepRunner.run(plan, in: folder, mode: .fresh, shard: try JobShard(index: 0, count: 3))
        do {
            _ = try SweepMerge.merge(plan, in: folder) { _, _ in "" }
            Issue.record("a folder with shards of 2 and of 3 merged")
        } catch {
            #expect("\(error)".contains("different splits"), "\(error)")
        }
    }

    /// The shipped Kubernetes manifest has what an Indexed Job sweep needs.
    @Test func kubernetesManifestIsAnIndexedSweep() throws {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("deploy/kubernetes/sweep-job.yaml"), encoding: .utf8)
        let documents = try Yams.load_all(yaml: text).compactMap { $0 as? [String: Any] }
        func named(_ name: String) -> [String: Any]? { documents.first { (($0["metadata"] as? [String: Any])?["name"] as? String) == name } }
        let claim = try #require(named("orbitbench-sweeps"))
        #expect(claim["kind"] as? String == "PersistentVolumeClaim")
        #expect(((claim["spec"] as? [String: Any])?["accessModes"] as? [String]) == ["ReadWriteMany"])
        let sweep = try #require(named("orbitbench-sweep")), merge = try #require(named("orbitbench-sweep-merge"))
        let spec = try #require(sweep["spec"] as? [String: Any])
        #expect(sweep["kind"] as? String == "Job" && spec["completionMode"] as? String == "Indexed")
        let completions = try #require(spec["completions"] as? Int)
        #expect(spec["parallelism"] as? Int == completions)
        func container(_ job: [String: Any]) throws -> [String: Any] {
            let template = try #require((job["spec"] as? [String: Any])?["template"] as? [String: Any])
            return try #require(((template["spec"] as? [String: Any])?["containers"] as? [[String: Any]])?.first)
        }
        func environment(_ container: [String: Any]) -> [String: String] {
            Dictionary(
                uniqueKeysWithValues: ((container["env"] as? [[String: Any]]) ?? []).compactMap { entry in
                    (entry["name"] as? String).flatMap { name in (entry["value"] as? String).map { (name, $0) } }
                })
        }
        let shard = try container(sweep), merger = try container(merge)
        #expect(environment(shard)["ORBITBENCH_SHARDS"] == String(completions))
        #expect(environment(shard)["SWEEP_ARGS"] == environment(merger)["SWEEP_ARGS"])
        for (box, step) in [(shard, "--resume"), (merger, "--merge")] {
            let out = try #require(environment(box)["SWEEP_OUT"])
            let mounts = (box["volumeMounts"] as? [[String: Any]]) ?? []
            let onVolume = mounts.contains { out.hasPrefix(($0["mountPath"] as? String) ?? "\u{0}") }
            #expect(onVolume, "SWEEP_OUT \(out) is on the shared volume")
            let command = (box["args"] as? [String])?.joined() ?? ""
            #expect(command.contains(step), "\(command)")
        }
        #expect((merge["spec"] as? [String: Any])?["suspend"] as? Bool == true)
    }
}

/// compare's verdict picks an arm under an objective and --require, and says when none qualifies.
@Suite struct ArmsRecommendationTests {
    /// Three arms over four blocks: coverage and blur by hand.
    func comparison() throws -> ArmsComparison {
        let coverage: [[Double]] = [[0.95, 0.92, 0.97, 0.91], [0.85, 0.99, 0.88, 0.86], [0.99, 0.98, 0.97, 0.99]]
        let blur: [[Double]] = [[2.0, 2.1, 2.2, 2.3], [1.0, 1.1, 1.2, 1.3], [3.0, 3.1, 3.2, 3.3]]
        let arms = ["a", "b", "c"].enumerated().map { arm, name in
            (
                name,
                RegressionRun(
                    rows: (0..<4).map { block in
                        RegressionRun.Row(
                            scenario: "s", seed: UInt64(block + 1), metrics: ["coverage": coverage[arm][block], "blur_obj_mean_px": blur[arm][block]])
                    }, columns: ["coverage", "blur_obj_mean_px"])
            )
        }
        return try ArmsComparison(arms: arms)
    }

    @Test func picksTheBestAdmittedArmAndCountsBlocks() throws {
        let comparison = try comparison()
        // Unconstrained: the lowest mean blur (b, 1.15).
        let free = try ArmsRecommendation(comparison)
        #expect(free.objective == "blur_obj_mean_px" && free.pick == 1 && free.runnerUp == 0)
        // coverage ≥ 0.9 on the mean: a (0.9375) and c (0.9825); b (0.895) is out though one of its blocks meets it.
        let bounded = try ArmsRecommendation(comparison, constraints: [try SweepConstraint(parsing: "coverage>=0.9")])
        #expect(bounded.pick == 0 && bounded.runnerUp == 2)
        #expect(bounded.standings.map(\.shares) == [[1.0], [0.25], [1.0]])
        let sentence = bounded.sentence(comparison)
        #expect(
            sentence.hasPrefix(
                "Pick a by the default objective (--objective chooses another): lowest mean blur_obj_mean_px (2.15) among the 2 of 3 arms whose mean meets coverage ≥ 0.9; its blocks meet it in 100 %"
            ),
            "\(sentence)")
        // Nobody reaches 0.995 on the mean; c gets there in two blocks.
        let none = try ArmsRecommendation(comparison, objective: "coverage", constraints: [try SweepConstraint(parsing: "coverage>=0.99")])
        #expect(none.pick == nil)
        #expect(none.sentence(comparison) == "No arm's mean meets coverage ≥ 0.99; the closest, c, meets it in 50 % of the blocks.")
        #expect(throws: ExperimentError.self) { try ArmsRecommendation(comparison, objective: "kp_err_mean") }
    }
}

/// A merge stopped at any point leaves the old merged sweep or the new one whole.
@Suite struct InterruptedMergeTests {
    @Test func stoppedMergesRollForwardOrBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ text: String, _ name: String) throws {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        func read(_ name: String) throws -> String { try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) }
        for name in SweepMerge.mergedFiles { try write("old \(name)", name) }
        // Stopped while writing aside (no digest yet): the old set stays, the new part goes.
        try write("new sweep.json", ".sweep.json.merging")
        try SweepMerge.finishInterrupted(in: folder)
        #expect(try SweepMerge.mergedFiles.map(read) == SweepMerge.mergedFiles.map { "old \($0)" })
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".sweep.json.merging").path))
        // Stopped after sweep.json was put in place: the rest follows.
        try write("new sweep.json", "sweep.json")
        try write("new sweep.csv", ".sweep.csv.merging")
        try write("new sweep.csv.sha256", ".sweep.csv.sha256.merging")
        try SweepMerge.finishInterrupted(in: folder)
        #expect(try SweepMerge.mergedFiles.map(read) == SweepMerge.mergedFiles.map { "new \($0)" })
    }
}
