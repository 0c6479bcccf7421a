import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What `replay` accepts from a session folder: only what it can use as it is, and only from
/// inside the folder; everything else is one line on stderr and exit code 2.
@Suite struct ReplayInputTests {
    func expectOneLineError(_ result: ToolRun, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 2, "\(result.standardError)", sourceLocation: sourceLocation)
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)", sourceLocation: sourceLocation)
        #expect(result.standardError.contains(message), "\(result.standardError)", sourceLocation: sourceLocation)
    }

    /// `replay --render` copied a symbolically linked frame image's target (any readable file)
    /// into images/. Now a link, a FIFO or a folder where a picture should be is an error and
    /// no report is written.
    @Test func replayRenderReadsRegularFilesInsideTheSessionOnly() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let simulated = try Tool.run(["simulate", "tripod-ideal", "--seed", "1", "--no-plots", "--out", folder.path])
        #expect(simulated.status == 0, "\(simulated.standardError)")
        let session = folder.appendingPathComponent("tripod-ideal-seed-1/session")
        let secret = folder.appendingPathComponent("secret.txt")
        try "secret\n".write(to: secret, atomically: true, encoding: .utf8)
        let names = try String(contentsOf: session.appendingPathComponent("frames.csv"), encoding: .utf8).split(separator: "\n").dropFirst()
            .map { String($0.split(separator: ",")[4]) }
        let replay = [
            "replay", session.path, "--scenario", "tripod-ideal", "--render", "--no-plots", "--out", folder.appendingPathComponent("r").path,
        ]

        for name in names { try FileManager.default.createSymbolicLink(at: session.appendingPathComponent(name), withDestinationURL: secret) }
        expectOneLineError(try Tool.run(replay), "is a symbolic link; only regular files inside \(session.path) are read")
        for name in names { try FileManager.default.removeItem(at: session.appendingPathComponent(name)) }

        // images/ itself a link to a folder outside the session.
        let outside = folder.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: false)
        for name in names { try FileManager.default.copyItem(at: secret, to: outside.appendingPathComponent(name)) }
        try FileManager.default.createSymbolicLink(at: session.appendingPathComponent("images"), withDestinationURL: outside)
        expectOneLineError(try Tool.run(replay), "\(session.path)/images: is a symbolic link")
        try FileManager.default.removeItem(at: session.appendingPathComponent("images"))

        try FileManager.default.createDirectory(at: session.appendingPathComponent("images"), withIntermediateDirectories: false)
        for name in names { #expect(mkfifo(session.appendingPathComponent("images/\(name)").path, 0o600) == 0) }
        expectOneLineError(try Tool.run(replay), "is a device, FIFO or socket; only regular files are read")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("r").path))

        // Regular pictures are copied.
        for name in names {
            try FileManager.default.removeItem(at: session.appendingPathComponent("images/\(name)"))
            try Data([0xFF, 0xD8, 0xFF]).write(to: session.appendingPathComponent("images/\(name)"))
        }
        let copied = try Tool.run(replay)
        #expect(copied.status == 0, "\(copied.standardError)")
        let images = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("r/images").path)
        #expect(!images.isEmpty && copied.standardOutput.contains("images: \(images.count) from the session"), "\(copied.standardOutput)")
        for name in images {
            #expect(try Data(contentsOf: folder.appendingPathComponent("r/images/\(name)")) == Data([0xFF, 0xD8, 0xFF]))
        }
    }

    /// A copy of a simulated session with `editMotion` and `editFrames` applied to its files'
    /// lines (header first).
    func session(
        in folder: URL, _ name: String, motion editMotion: (inout [String]) -> Void = { _ in }, frames editFrames: (inout [String]) -> Void = { _ in }
    ) throws -> URL {
        let source = folder.appendingPathComponent("tripod-ideal-seed-1/session"), copy = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        func copyFile(_ file: String, _ edit: (inout [String]) -> Void) throws {
            var lines = try String(contentsOf: source.appendingPathComponent(file), encoding: .utf8).split(separator: "\n").map(String.init)
            edit(&lines)
            try (lines.joined(separator: "\n") + "\n").write(to: copy.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        try copyFile("motion.csv", editMotion)
        try copyFile("frames.csv", editFrames)
        return copy
    }

    /// Scales the numbers in `columns` of every data line.
    func scale(_ lines: inout [String], columns: [Int], by factor: Double) {
        for index in lines.indices.dropFirst() {
            var fields = lines[index].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            for column in columns { fields[column] = String(Double(fields[column])! * factor) }
            lines[index] = fields.joined(separator: ",")
        }
    }

    /// Sessions replay used to accept with exit 0 — a duplicated motion row, two frames at one
    /// time, frame times in ms against motion in s, every motion time equal (the last two with
    /// a warning and a report of nothing) — are one-line errors naming the file(s).
    @Test func implausibleSessionsAreErrors() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Tool.run(["simulate", "tripod-ideal", "--seed", "1", "--no-plots", "--out", folder.path]).status == 0)
        func replay(_ session: URL) throws -> ToolRun {
            try Tool.run(["replay", session.path, "--scenario", "tripod-ideal", "--no-plots", "--out", folder.appendingPathComponent("r").path])
        }
        // A log without delivery_t_s, one sample a row, with a row duplicated.
        let duplicated = try session(
            in: folder, "duplicated",
            motion: { lines in
                lines = lines.map { line in
                    var fields = line.split(separator: ",", omittingEmptySubsequences: false)
                    fields.remove(at: 1)
                    return fields.joined(separator: ",")
                }
                lines.insert(lines[9], at: 10)
            })
        expectOneLineError(
            try replay(duplicated),
            "Error: \(duplicated.path)/motion.csv:11 column t_s: repeats the sample time of line 10: a duplicated row? (each row is one sample; a log of repeated deliveries gives delivery_t_s)"
        )

        let sameFrameTime = try session(
            in: folder, "same-frame-time",
            frames: { lines in
                var fields = lines[6].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                fields[1] = String(lines[5].split(separator: ",")[1])
                lines[6] = fields.joined(separator: ",")
            })
        expectOneLineError(
            try replay(sameFrameTime),
            "Error: \(sameFrameTime.path)/frames.csv:7 column timestamp_s: repeats the time of line 6: two frames cannot be captured at one instant")

        let framesInMilliseconds = try session(in: folder, "frames-ms", frames: { scale(&$0, columns: [1, 3], by: 1000) })
        expectOneLineError(
            try replay(framesInMilliseconds),
            "Error: \(framesInMilliseconds.path)/frames.csv: 0 of 1767 frame times lie within motion.csv's (frames 1000…")
        expectOneLineError(
            try replay(framesInMilliseconds), "frames.csv's times look like ms against motion.csv's s; put both logs on one clock, in one unit")

        let motionInMilliseconds = try session(in: folder, "motion-ms", motion: { scale(&$0, columns: [0, 1], by: 1000) })
        expectOneLineError(
            try replay(motionInMilliseconds),
            "Error: \(motionInMilliseconds.path)/motion.csv: samples are 15 s apart (median), not a motion log in seconds: its times look like ms")

        let oneInstant = try session(in: folder, "one-instant", motion: { scale(&$0, columns: [0], by: 0) })
        expectOneLineError(
            try replay(oneInstant),
            "Error: \(oneInstant.path)/motion.csv column t_s: every sample time is 0.0 s: the motion has no time span (a replay needs samples at two times at least)"
        )
        // Frames on another clock altogether (an hour later).
        let laterClock = try session(
            in: folder, "later-clock",
            frames: {
                scale(&$0, columns: [1, 3], by: 1);
                for index in $0.indices.dropFirst() {
                    var fields = $0[index].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                    fields[1] = String(Double(fields[1])! + 3600)
                    fields[3] = String(Double(fields[3])! + 3600)
                    $0[index] = fields.joined(separator: ",")
                }
            })
        expectOneLineError(
            try replay(laterClock),
            "0 of 1767 frame times lie within motion.csv's (frames 3601…3659.87 s, motion 0.015…59.88 s): the two logs are on different clocks")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("r").path))
        // The unchanged session, and a motion flood's repeated sample times, still replay.
        #expect(try replay(try session(in: folder, "unchanged")).status == 0)
    }
}
