import Foundation
import Testing

/// Comma-separated lists on the command line never drop or double what they name, and the
/// "wrote" line names only the files written.
@Suite struct ArgumentListTests {
    @Test func listsThatWouldDropOrDoubleRowsAreRefused() throws {
        let cases: [([String], String)] = [
            (["fusion", "tripod-ideal", "--filters", "madgwick,madgwick", "--no-plots"], "--filters: 'madgwick' is named twice"),
            (["fusion", "tripod-ideal", "--filters", "madgwick,,mahony", "--no-plots"], "--filters: an empty name"),
            (["validate", "--recording", "data/broad/24_disturbed_tapping_A.hdf5", "--keep", ","], "--keep: an empty key"),
            (["validate", "--recording", "data/broad/24_disturbed_tapping_A.hdf5", "--keep", ""], "--keep: an empty key"),
        ]
        for (arguments, message) in cases {
            let result = try Tool.run(arguments)
            let first = result.standardError.split(separator: "\n").first ?? ""
            #expect(result.status != 0 && first.contains(message), "\(arguments): \(result.standardError)")
        }
    }

    @Test func simulateWithoutPlotsNamesNoFigure() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Tool.run(["simulate", "tripod-ideal", "--seed", "1", "--no-plots", "--out", folder.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("truth.tum") && !result.standardOutput.contains("plots/"), "\(result.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/tripod-ideal-seed-1/plots"))
    }
}

/// Numbers on the command line stay in the range the tool can honour.
@Suite struct ArgumentRangeTests {
    @Test func outOfRangeNumbersAreRefused() throws {
        let cases: [([String], String)] = [
            (["simulate", "tripod-ideal", "--seed", "4294967296", "--no-plots", "--out", "/nonexistent/x"], "--seed must be in 0...4294967295"),
            (["view", "reports/none/recording.json", "--angle", "1e308"], "--angle must be a number of degrees within"),
            (["view", "reports/none/recording.json", "--angle", "9223372036854775808"], "--angle must be a number of degrees within"),
        ]
        for (arguments, message) in cases {
            let result = try Tool.run(arguments)
            let first = result.standardError.split(separator: "\n").first ?? ""
            #expect(result.status != 0 && first.contains(message), "\(arguments): \(result.standardError)")
        }
    }
}
