import Foundation
import Testing

@Suite struct ReplayCommandTests {
    /// simulate writes session/; replay of it through the CLI keeps the frames `run` kept.
    @Test func replayOfSimulatedSessionMatchesRun() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(try Tool.run(["simulate", "high-latency", "--seed", "2", "--out", out.path]).status == 0)
        let run = try Tool.run(["run", "high-latency", "--seeds", "2", "--no-plots", "--out", out.appendingPathComponent("run").path])
        #expect(run.status == 0, "\(run.standardError)")
        let replay = try Tool.run([
            "replay", out.appendingPathComponent("high-latency-seed-2/session").path, "--scenario", "high-latency",
            "--out", out.appendingPathComponent("replay").path,
        ])
        #expect(replay.status == 0 && replay.standardError.isEmpty, "\(replay.standardError)")
        #expect(replay.standardOutput.contains("high-latency-seed-2: replayed with selector outer-circle"))
        func kept(_ file: URL) throws -> [String] {
            let rows = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
            let header = rows[0].split(separator: ",").map(String.init)
            let frame = header.firstIndex(of: "frame")!, filled = header.firstIndex(of: "filled")!
            return rows.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }.map { "\($0[filled])/\($0[frame])" }
        }
        let runSlots = try kept(out.appendingPathComponent("run/high-latency/slots.csv"))
        #expect(runSlots.count == 72)
        #expect(try kept(out.appendingPathComponent("replay/slots.csv")) == runSlots)
        let metrics = try String(contentsOf: out.appendingPathComponent("replay/metrics.csv"), encoding: .utf8)
        #expect(
            metrics.hasPrefix("session,coverage,max_gap_deg,") && metrics.contains("slot_angle_err_mean_deg"), "reference poses give truth metrics")
        for plot in ["coverage-polar.png", "timeline.png"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("replay/plots/\(plot)").path))
        }
    }

    @Test func clockMismatchWarnsAndBadFilesFailInOneLine() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let session = out.appendingPathComponent("phone")
        try FileManager.default.createDirectory(at: session, withIntermediateDirectories: true)
        try
            "t_s,qw,qx,qy,qz,rot_x_rad_s,rot_y_rad_s,rot_z_rad_s,user_acc_x_m_s2,user_acc_y_m_s2,user_acc_z_m_s2\n100,1,0,0,0,0,0,0,0,0,0\n101,1,0,0,0,0,0,0,0,0,0\n"
            .write(to: session.appendingPathComponent("motion.csv"), atomically: true, encoding: .utf8)
        try "timestamp_s,exposure_s\n1,0.01\n".write(to: session.appendingPathComponent("frames.csv"), atomically: true, encoding: .utf8)
        // No frame within the motion's times: an error (it used to be a warning and a report of nothing).
        let mismatch = try Tool.run(["replay", session.path, "--no-plots", "--out", out.appendingPathComponent("a").path])
        #expect(
            mismatch.status == 2
                && mismatch.standardError.hasSuffix(
                    "frames.csv: 0 of 1 frame times lie within motion.csv's (frames 1…1 s, motion 100…101 s): the two logs are on different clocks; put both logs on one clock, in one unit\n"
                ), "\(mismatch.standardError)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("a").path))
        // Most frames outside the motion's times, some inside: a warning, as before.
        try "timestamp_s,exposure_s\n99,0.01\n99.5,0.01\n100.5,0.01\n".write(
            to: session.appendingPathComponent("frames.csv"), atomically: true, encoding: .utf8)
        let partial = try Tool.run(["replay", session.path, "--no-plots", "--out", out.appendingPathComponent("a").path])
        #expect(partial.status == 0 && partial.standardError.contains("share a clock"), "\(partial.standardError)")

        try "timestamp_s,exposure_s\n1,-0.5\n".write(to: session.appendingPathComponent("frames.csv"), atomically: true, encoding: .utf8)
        let bad = try Tool.run(["replay", session.path, "--out", out.appendingPathComponent("b").path])
        #expect(bad.status != 0)
        #expect(
            bad.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
                == "Error: \(session.path)/frames.csv:2 column exposure_s: exposure -0.5 s is outside 0...10 s")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("b").path), "no half-written output")
    }
}
