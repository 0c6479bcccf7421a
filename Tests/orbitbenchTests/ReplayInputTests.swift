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
}
