import Foundation
import Plotting
import Testing

@Suite struct FusionCommandTests {
    @Test func writesCSVSummaryAndPlot() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try Tool.run([
            "fusion", "tripod-ideal", "magnetic-disturbance", "--seeds", "1,2", "--filters", "madgwick,bias-estimating", "--out", out.path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let csv = try String(contentsOf: out.appendingPathComponent("fusion.csv"), encoding: .utf8).split(separator: "\n")
        #expect(csv[0] == "scenario,seed,filter,att_rmse_total_deg,att_rmse_heading_deg,att_rmse_incl_deg,bias_err_dps")
        #expect(csv.count == 1 + 2 * 2 * 2)
        #expect(csv[1].hasPrefix("tripod-ideal,1,madgwick,"))
        #expect(result.standardOutput.contains("magnetic-disturbance (2 seeds, mean ± sd)"))
        let summary = try String(contentsOf: out.appendingPathComponent("fusion-summary.txt"), encoding: .utf8)
        #expect(summary.contains("9D: the magnetic-north estimate"))
        let png = try PNGCodec.decode(Array(try Data(contentsOf: out.appendingPathComponent("plots/fusion-error.png"))))
        #expect(png.text("Source")?.contains("tripod-ideal, magnetic-disturbance") == true)
        #expect(png.text("Comment") == "seeds 1,2")
    }

    @Test func sixDimensionalRunSaysHowHeadingWasCompared() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try Tool.run(["fusion", "--dof", "6", "--seeds", "1", "--filters", "mahony", "--no-plots", "--out", out.path])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("mahony-6d"))
        #expect(result.standardOutput.contains("heading compared after removing the mean heading offset"))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("plots").path))
    }

    @Test func badArgumentsAreRejected() throws {
        let filter = try Tool.run(["fusion", "--filters", "kalman"])
        #expect(filter.status != 0 && filter.standardError.contains("unknown 'kalman'; choose from complementary, mahony, madgwick, bias-estimating"))
        let seeds = try Tool.run(["fusion", "--seeds", "3-1"])
        #expect(seeds.status != 0 && seeds.standardError.contains("--seeds"))
        let dof = try Tool.run(["fusion", "--dof", "7"])
        #expect(dof.status != 0 && dof.standardError.contains("--dof must be 6 or 9"))
    }

    /// Fusion of scenarios and of recordings are different jobs with different default folders:
    /// running one never replaces the other's results.
    @Test func scenariosAndRecordingsKeepTheirOwnDefaultFolders() throws {
        let work = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let trial = Tool.repository.appendingPathComponent("data/broad").path
        let trialFile = try #require(try FileManager.default.contentsOfDirectory(atPath: trial).sorted().first { $0.hasSuffix(".hdf5") })
        let recordings = try Tool.run(
            ["fusion", "--recording", "\(trial)/\(trialFile)", "--filters", "madgwick", "--no-plots", "--no-attitude", "--quiet"], in: work)
        #expect(recordings.status == 0, "\(recordings.standardError)")
        let scenarios = try Tool.run(["fusion", "tripod-ideal", "--seeds", "1", "--filters", "madgwick", "--no-plots", "--quiet"], in: work)
        #expect(scenarios.status == 0, "\(scenarios.standardError)")
        let manager = FileManager.default
        #expect(manager.fileExists(atPath: work.appendingPathComponent("reports/fusion-recordings/fusion-groups.csv").path))
        #expect(manager.fileExists(atPath: work.appendingPathComponent("reports/fusion/fusion.csv").path))
    }
}
