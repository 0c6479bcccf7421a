import Foundation
import OrbitBench
import Testing

@Suite struct RunShardTests {
    /// Every file below `folder`, relative path → bytes.
    static func files(under folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let root = folder.standardizedFileURL.path + "/"
        for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)! {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files[String(url.standardizedFileURL.path.dropFirst(root.count))] = try Data(contentsOf: url)
        }
        return files
    }

    /// A capture and a rephoto scenario split into three shards, one of them losing a stored
    /// job (killed before it wrote it) and resumed: the merged outcomes write the same report
    /// folders as one machine's run, every file byte for byte — CSVs, summary.json, plots.
    @Test func threeShardsMergeToTheLocalReports() throws {
        let scenarios = [try Shipped.scenario("back-and-forth"), try Shipped.scenario("rephoto-fountain")]
        let seeds: [UInt64] = [1, 2, 3]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("run-shards-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let local = folder.appendingPathComponent("local"), sharded = folder.appendingPathComponent("sharded")

        for index in 0..<3 { try Bench.runShard(scenarios, seeds: seeds, shard: try JobShard(index: index, count: 3), in: sharded) }
        // Jobs: back-and-forth seeds 1-3 are 0-2, rephoto-fountain's 3-5; shard 1 holds 1 and 4.
        try FileManager.default.removeItem(at: sharded.appendingPathComponent("shard-1-of-3/jobs/4.json"))
        do {
            _ = try Bench.mergeRun(scenarios, seeds: seeds, in: sharded) { missing, count in "rerun \(missing) of \(count)" }
            Issue.record("merged with a job missing")
        } catch {
            #expect("\(error)".contains("shard 1 of 3: 1 of 2 jobs done") && "\(error)".contains("rerun [1] of 3"), "\(error)")
        }
        let resumed = try Bench.runShard(scenarios, seeds: seeds, shard: try JobShard(index: 1, count: 3), in: sharded)
        #expect(resumed.ran == 1 && resumed.resumed == 1)

        let merged = try Bench.mergeRun(scenarios, seeds: seeds, in: sharded) { _, _ in "" }
        let once = try Bench.run(scenarios, seeds: seeds)
        let origin = ReportOrigin(command: "run", scenarios: scenarios.map(\.name), seeds: seeds)
        for (index, scenario) in scenarios.enumerated() {
            try Bench.writeReport(scenario, once[index], to: local.appendingPathComponent(scenario.name).path, origin: origin)
            try Bench.writeReport(scenario, merged[index], to: sharded.appendingPathComponent(scenario.name).path, origin: origin)
            let expected = try Self.files(under: local.appendingPathComponent(scenario.name))
            let got = try Self.files(under: sharded.appendingPathComponent(scenario.name))
            #expect(expected.keys.sorted() == got.keys.sorted())
            #expect(expected.keys.contains("summary.json") && expected.keys.contains { $0.hasSuffix(".png") })
            for (name, bytes) in expected { #expect(got[name] == bytes, "\(scenario.name)/\(name)") }
        }
        // A result copied over another job's file is caught.
        let jobs = sharded.appendingPathComponent("shard-0-of-3/jobs")
        try FileManager.default.removeItem(at: jobs.appendingPathComponent("3.json"))
        try FileManager.default.copyItem(at: jobs.appendingPathComponent("0.json"), to: jobs.appendingPathComponent("3.json"))
        #expect(throws: ShardError.self) { try Bench.mergeRun(scenarios, seeds: seeds, in: sharded) { _, _ in "" } }
    }
}
