import Foundation
import Testing

@Suite struct HandheldCommandTests {
    /// `motion` puts a real trial and its simulated group side by side: both rows, the real
    /// trial's statistics as the reader sees them, the scenario's seeds, byte-identical reruns.
    @Test func motionComparesRealAndSimulated() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let arguments = [
            "motion", "broad-rotation", "--seeds", "1,2", "--out", out.path, "--recording",
            broadTrials + "/05_undisturbed_slow_rotation_with_breaks_B.hdf5",
        ]
        let result = try Tool.run(arguments)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.contains("05_undisturbed_slow_rotation_with_breaks_B") && result.standardOutput.contains("broad-rotation (2 seeds)")
        )
        let csv = try String(contentsOf: out.appendingPathComponent("motion.csv"), encoding: .utf8)
        let rows = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.count == 4 && rows[1][0] == "05_undisturbed_slow_rotation_with_breaks_B" && rows[1][1] == "" && rows[2][1] == "1")
        // The trial: 207 s at 285.7 Hz, just under half of it at rest (lead-in, breaks, lead-out).
        let duration = try #require(Double(rows[1][2])), rest = try #require(Double(rows[1][4]))
        #expect(abs(duration - 207.24) < 0.01 && rest > 0.4 && rest < 0.5, "\(duration) s, rest \(rest)")
        // The simulated group: lead-in, breaks and lead-out drawn per seed about the group's
        // trials (so the seeds differ in length), at rest about as much as the trial: within
        // 0.15 of its share, the difference between the group's two trials.
        #expect(rows[2][2] != rows[3][2], "both seeds last \(rows[2][2]) s")
        for row in rows[2...3] {
            let simulatedRest = try #require(Double(row[4]))
            #expect(abs(simulatedRest - rest) < 0.15, "simulated rest \(simulatedRest), the trial's \(rest)")
        }
        let again = try Tool.run(arguments + ["--overwrite"])
        #expect(again.status == 0)
        #expect(try String(contentsOf: out.appendingPathComponent("motion.csv"), encoding: .utf8) == csv)
    }

    /// Handheld scenarios run in `fusion`, which says that the shipped ones draw their keys per
    /// seed; `run` refuses them in one line naming the command to use.
    @Test func handheldScenariosAreForFusion() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let fusion = try Tool.run([
            "fusion", "broad-tapping", "--seeds", "1", "--filters", "madgwick,bias-estimating", "--no-plots", "--out", out.path,
        ])
        #expect(fusion.status == 0, "\(fusion.standardError)")
        #expect(fusion.standardOutput.contains("afresh (spread:)"), "\(fusion.standardOutput)")
        let rows = try String(contentsOf: out.appendingPathComponent("fusion.csv"), encoding: .utf8).split(separator: "\n")
        #expect(rows.count == 3 && rows[1].hasPrefix("broad-tapping,1,madgwick,") && rows[2].hasPrefix("broad-tapping,1,bias-estimating,"))
        let run = try Tool.run(["run", "broad-tapping", "--out", out.appendingPathComponent("run").path])
        #expect(run.status != 0)
        #expect(run.standardError.contains("broad-tapping is a handheld scenario") && run.standardError.contains("orbitbench fusion broad-tapping"))
        #expect(run.standardError.split(separator: "\n").count == 1, "\(run.standardError)")
    }
}
