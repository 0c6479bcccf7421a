import Foundation
import Testing

/// Recordings that give a filter nothing to work on are errors, not reports of nothing.
@Suite struct RecordingPlausibilityTests {
    let header = "#timestamp [ns],w_RS_S_x [rad s^-1],w_RS_S_y [rad s^-1],w_RS_S_z [rad s^-1],a_RS_S_x [m s^-2],a_RS_S_y [m s^-2],a_RS_S_z [m s^-2]\n"

    /// 9e18 ns between two samples (a 570-year recording) ran with 0 filter updates and exit 0.
    @Test func gapsAndRecordingsWithoutUpdatesAreErrors() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        func fusion(_ name: String, _ rows: String) throws -> (ToolRun, URL) {
            let file = folder.appendingPathComponent(name)
            try (header + rows).write(to: file, atomically: true, encoding: .utf8)
            return (try Tool.run(["fusion", "--recording", file.path, "--dof", "6", "--no-plots", "--out", folder.path + "/out"]), file)
        }
        let (gap, gapFile) = try fusion("gap.csv", "0,0,0,0,0,0,9.8\n9000000000000000000,0,0,0,0,0,9.8\n")
        #expect(gap.status == 2 && gap.standardError.split(separator: "\n").count == 1, "\(gap.standardError)")
        #expect(
            gap.standardError
                == "Error: \(gapFile.path), row 3, column timestamp [ns]: 9e+09 s after the sample before it (row 2), more than the 5 s a recording may pause: two recordings in one file, or times in another unit?\n"
        )
        // One second apart: each sample restarts the filter; no update.
        let (restart, restartFile) = try fusion("restart.csv", "0,0,0,0,0,0,9.8\n1000000000,0,0,0,0,0,9.8\n")
        #expect(restart.status == 2, "\(restart.standardError)")
        #expect(
            restart.standardError.hasPrefix(
                "Error: \(restartFile.path): complementary-6d made no filter update from its 2 samples (1 a restart after a gap over half a second): nothing to measure"
            ), "\(restart.standardError)")
        // Every sample beyond the gyroscope's physical limit.
        let (limits, limitsFile) = try fusion("limits.csv", "0,1e300,0,0,0,0,9.8\n10000000,1e300,0,0,0,0,9.8\n20000000,1e300,0,0,0,0,9.8\n")
        #expect(
            limits.standardError.hasPrefix(
                "Error: \(limitsFile.path): complementary-6d made no filter update from its 3 samples (3 not finite or beyond the sensor limits)"),
            "\(limits.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out"))
        // A file name that cannot name the report's attitude files is refused before any work.
        let (hidden, hiddenFile) = try fusion(".hidden.csv", (0..<50).map { "\($0 * 10_000_000),0,0,0,0,0,9.8\n" }.joined())
        #expect(
            hidden.status == 2
                && hidden.standardError
                    == "Error: \(hiddenFile.path): its name '.hidden' cannot name the report's files: it starts with '.'; rename the file\n",
            "\(hidden.standardError)")
        // A short recording the filters can use still runs.
        let (fine, _) = try fusion("fine.csv", (0..<50).map { "\($0 * 10_000_000),0,0,0,0,0,9.8\n" }.joined())
        #expect(fine.status == 0, "\(fine.standardError)")
    }
}
