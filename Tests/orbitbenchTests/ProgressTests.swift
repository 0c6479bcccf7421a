import Foundation
import Testing

@Suite struct ProgressTests {
    /// In a log (stderr not a terminal) long commands print plain progress lines with the time
    /// left; --quiet silences them; the results do not depend on --jobs.
    @Test func plainLinesInLogsQuietAndJobs() throws {
        let root = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let arguments = [
            "run", "shaky-hands", "tripod-ideal", "motion-flood", "--seeds", "1-6", "--no-plots", "--out", root.appendingPathComponent("a").path,
        ]
        let loud = try Tool.run(arguments, environment: ["ORBITBENCH_PROGRESS_SECONDS": "0"])
        #expect(loud.status == 0, "\(loud.standardError)")
        let lines = loud.standardError.split(separator: "\n").filter { $0.hasPrefix("orbitbench run: ") }
        #expect(!lines.isEmpty && lines.allSatisfy { $0.contains("/18 runs") } && !loud.standardError.contains("\r"))
        #expect(lines.contains { $0.contains("left") } || lines.count == 1)

        let quiet = try Tool.run(
            [
                "run", "shaky-hands", "tripod-ideal", "motion-flood", "--seeds", "1-6", "--no-plots", "--quiet", "--jobs", "1", "--out",
                root.appendingPathComponent("b").path,
            ], environment: ["ORBITBENCH_PROGRESS_SECONDS": "0"])
        #expect(quiet.status == 0 && quiet.standardError.isEmpty, "\(quiet.standardError)")
        for name in ["shaky-hands", "tripod-ideal", "motion-flood"] {
            let a = try Data(contentsOf: root.appendingPathComponent("a/\(name)/metrics.csv"))
            let b = try Data(contentsOf: root.appendingPathComponent("b/\(name)/metrics.csv"))
            #expect(a == b, "\(name): --jobs 1 changed the results")
        }
        let bad = try Tool.run(["run", "--jobs", "0"])
        #expect(bad.status == 2 && bad.standardError.contains("--jobs must be between 1 and 4096"))
    }
}
