import Foundation
import Testing

/// `orbitbench merge` takes the job list and the results from the shards, never output paths,
/// flags or edited results.
@Suite struct MergeTrustTests {
    /// A regress split in two, with its baseline; returns the shards' folder.
    func regressShards(in folder: URL) throws -> URL {
        let suite = folder.appendingPathComponent("suite.yaml"), baseline = folder.appendingPathComponent("baseline.csv")
        try "scenarios:\n  - {scenario: tripod-ideal, seeds: [1, 2, 3]}\ntolerances:\n  - {metric: coverage, abs: 0.01}\n".write(
            to: suite, atomically: true, encoding: .utf8)
        let common = ["regress", "--suite", suite.path, "--baseline", baseline.path, "--quiet"]
        #expect(try Tool.run(common + ["--update-baseline", "--out", folder.appendingPathComponent("base").path]).status == 0)
        let shards = folder.appendingPathComponent("shards")
        for index in 0..<2 { #expect(try Tool.run(common + ["--out", shards.path, "--shard", "\(index)/2"]).status == 0) }
        return shards
    }

    func editManifests(in shards: URL, _ change: (inout [String: Any]) -> Void) throws {
        for index in 0..<2 {
            let file = shards.appendingPathComponent("shard-\(index)-of-2/shard.json")
            var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            change(&object)
            try JSONSerialization.data(withJSONObject: object).write(to: file)
        }
    }

    /// Forged --junit, --markdown and --update-baseline --baseline PATH in a regress shard were
    /// run by merge and wrote outside the merged folder (exit 0). Now every argument outside
    /// the command's allow-list is a one-line error naming the shard.json.
    @Test func forgedOutputArgumentsAreRefused() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shards = try regressShards(in: folder)
        let manifest = shards.appendingPathComponent("shard-0-of-2/shard.json")
        let stored = try #require(
            (try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any])?["arguments"] as? [String])
        #expect(stored.count == 4 && stored[0] == "--suite" && stored[2] == "--baseline", "\(stored): --quiet, --out, --shard are not stored")
        let victim = folder.appendingPathComponent("victim")
        let forgeries: [([String], String)] = [
            (["--junit", victim.path], "'--junit' is not an argument merge takes from a shard"),
            (["--markdown=\(victim.path)"], "'--markdown' is not an argument merge takes from a shard"),
            (["--update-baseline", "--baseline", victim.path], "'--update-baseline' is not an argument merge takes from a shard"),
            (["--out", victim.path], "'--out' is not an argument merge takes from a shard"),
            (["--overwrite"], "'--overwrite' is not an argument merge takes from a shard"),
            (["--", "--junit"], "'--' is not an argument merge takes from a shard"),
            (["--set"], "--set has no value"),
            (["--set", "--junit"], "--set has no value"),
            (["--all=yes"], "'--all=yes': --all takes no value"),
            (["orbit-72"], "'orbit-72' is not an argument of orbitbench regress"),
        ]
        for (extra, message) in forgeries {
            try editManifests(in: shards) { $0["arguments"] = stored + extra }
            let merge = try Tool.run(["merge", shards.path])
            #expect(merge.status == 2 && merge.standardError.split(separator: "\n").count == 1, "\(extra): \(merge.standardError)")
            #expect(merge.standardError.hasPrefix("Error: \(manifest.path): arguments: \(message)"), "\(extra): \(merge.standardError)")
            #expect(!FileManager.default.fileExists(atPath: victim.path), "\(extra)")
            #expect(!FileManager.default.fileExists(atPath: shards.appendingPathComponent("metrics.csv").path), "\(extra)")
        }
        // Keys a shard.json does not have, another command.
        try editManifests(in: shards) {
            $0["arguments"] = stored
            $0["junit"] = victim.path
        }
        let extraKey = try Tool.run(["merge", shards.path])
        #expect(extraKey.status == 2 && extraKey.standardError.hasPrefix("Error: \(manifest.path): unknown key 'junit'"), "\(extraKey.standardError)")
        try editManifests(in: shards) {
            $0.removeValue(forKey: "junit")
            $0["kind"] = "thesis"
        }
        let kind = try Tool.run(["merge", shards.path])
        #expect(kind.status == 2 && kind.standardError.contains("which has no merge"), "\(kind.standardError)")
        // Put right, the merge runs, and --junit given by hand to the merge is honoured.
        try editManifests(in: shards) { $0["kind"] = "regress" }
        let merge = try Tool.run(["merge", shards.path])
        #expect(merge.status == 0, "\(merge.standardOutput)\(merge.standardError)")
        let byHand = try Tool.run(
            ["regress"] + stored + ["--out", shards.path, "--merge", "--junit", folder.appendingPathComponent("junit.xml").path])
        #expect(
            byHand.status == 0 && FileManager.default.fileExists(atPath: folder.appendingPathComponent("junit.xml").path), "\(byHand.standardError)")
        #expect(!FileManager.default.fileExists(atPath: victim.path))
    }

    /// A value edited in a stored job result was merged silently; now its digest names it.
    @Test func editedJobResultsAreRefused() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shards = try regressShards(in: folder)
        let job = shards.appendingPathComponent("shard-1-of-2/jobs/1.json")
        let original = try String(contentsOf: job, encoding: .utf8)
        let edited = try #require(original.firstRange(of: /\d\.\d+/)).lowerBound
        var text = original
        text.replaceSubrange(edited...edited, with: original[edited] == "0" ? "1" : "0")
        try text.write(to: job, atomically: true, encoding: .utf8)
        let merge = try Tool.run(["merge", shards.path])
        #expect(merge.status == 2, "\(merge.standardOutput)\(merge.standardError)")
        #expect(
            merge.standardError
                == "Error: \(job.path): differs from its SHA-256 in jobs.sha256 (edited after its job wrote it?); delete it and run its shard again\n"
        )
        #expect(!FileManager.default.fileExists(atPath: shards.appendingPathComponent("metrics.csv").path))
    }
}
