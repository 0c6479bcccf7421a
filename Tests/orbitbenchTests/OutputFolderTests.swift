import Foundation
import Testing

/// `--out` never lands where nobody meant it: an empty folder name, the root (which `run` would
/// fill with a folder per scenario) and a link into a system folder are one-line errors before
/// any work, and nothing is written.
@Suite struct OutputFolderTests {
    @Test func outputFoldersWhereNobodyMeantThemAreRefused() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/etc-link", withDestinationPath: "/etc")
        let cases: [([String], String)] = [
            (["run", "tripod-ideal", "--seeds", "1", "--no-plots", "--out", ""], "--out needs a folder"),
            (["simulate", "tripod-ideal", "--seed", "1", "--no-plots", "--out", " "], "--out needs a folder"),
            (["run", "tripod-ideal", "--seeds", "1", "--no-plots", "--out", "/"], "directly in the root folder"),
            (["run", "tripod-ideal", "--seeds", "1", "--no-plots", "--out", folder.path + "/etc-link"], "inside the system folder /etc"),
        ]
        for (arguments, message) in cases {
            let result = try Tool.run(arguments, in: folder)
            #expect(result.status != 0, "\(arguments)")
            let first = result.standardError.split(separator: "\n").first ?? ""
            #expect(first.hasPrefix("Error: ") && first.contains(message), "\(arguments): \(result.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: "/tripod-ideal"))
        #expect(!FileManager.default.fileExists(atPath: "/etc/tripod-ideal"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/tripod-ideal"))
    }
}
