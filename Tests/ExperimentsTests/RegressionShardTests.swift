import Experiments
import Foundation
import Runs
import Scenarios
import TestSupport
import Testing
import Execution

@Suite struct RegressionShardTests {
    /// A two-entry suite split into two shards merges into the metrics.csv one machine writes.
    @Test func shardsMergeToTheLocalMetrics() throws {
        var suite = RegressionSuite()
        for (name, seeds) in [("back-and-forth", [1, 2, 3] as [UInt64]), ("rephoto-fountain", [1, 2])] {
            var entry = SuiteEntry()
            entry.scenario = name
            entry.seeds = seeds
            suite.entries.append(entry)
        }
        let scenarios = try RegressionRun.scenarios(suite, searchDirectories: [Repository.scenarios], extra: [])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("regress-shards-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 0..<2 { try RegressionRun.runShard(suite, scenarios: scenarios, shard: try JobShard(index: index, count: 2), in: folder) }
        let merged = try RegressionRun.merge(suite, scenarios: scenarios, in: folder) { _, _ in "" }
        let local = try RegressionRun.run(suite, scenarios: scenarios)
        #expect(merged.rows.map(\.scenario) == ["back-and-forth", "back-and-forth", "back-and-forth", "rephoto-fountain", "rephoto-fountain"])
        #expect(merged.rows.map(\.seed) == [1, 2, 3, 1, 2])
        #expect(merged.csv.bytes == local.csv.bytes)
        #expect(merged.columns.contains("kp_err_mean") && merged.rows[0].metrics["coverage"] != nil)
        // Another suite (other seeds) cannot be merged from these shards.
        suite.entries[1].seeds = [1, 2, 3]
        #expect(throws: (any Error).self) { try RegressionRun.merge(suite, scenarios: scenarios, in: folder) { _, _ in "" } }
    }
}
