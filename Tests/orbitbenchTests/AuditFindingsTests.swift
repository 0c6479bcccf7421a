import Foundation
import Testing

/// Findings of the hostile-input audit at the command line: each ends in one line and exit 2,
/// or is handled as the docs state.
@Suite struct AuditFindingsTests {
    @Test func emptyScenarioFileIsAnError() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in [("empty.yaml", ""), ("comments.yaml", "# nothing here\n---\n")] {
            let file = folder.appendingPathComponent(name)
            try text.write(to: file, atomically: true, encoding: .utf8)
            let shown = try Tool.run(["scenario", "show", file.path])
            #expect(shown.status == 2 && shown.standardError.contains("holds no settings (empty, or comments only)"), "\(shown.standardError)")
        }
    }

    @Test func validateCapsItsSeeds() throws {
        let trial = Tool.repository.appendingPathComponent("data/broad/05_undisturbed_slow_rotation_with_breaks_B.hdf5").path
        let many = try Tool.run(["validate", "--recording", trial, "--seeds", "1-100000", "--out", Tool.temporaryDirectory().path + "/v"])
        #expect(many.status == 2 && many.standardError.contains("100000 seeds is more than 200") && many.standardError.contains("--many-seeds"))
    }

    /// More arms than a figure can show: the comparison is written whole, without figures, and says so.
    @Test func manyArmsGetTablesAndANoteInsteadOfFigures() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var header = "scenario,seed,coverage,max_gap_deg\n"
        var paths: [String] = []
        for arm in 0..<101 {
            var text = header
            for seed in 1...4 {
                text += "orbit-72,\(seed),\(String(format: "%.4f", 0.5 + Double((arm * 7 + seed * 3) % 50) / 100)),\(arm % 9 + seed)\n"
            }
            let file = folder.appendingPathComponent("arm\(arm).csv")
            try text.write(to: file, atomically: true, encoding: .utf8)
            paths.append(file.path)
        }
        header = ""
        let out = folder.appendingPathComponent("comparison")
        let result = try Tool.run(["compare", "--reports"] + paths + ["--out", out.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("No figures: they are drawn for up to 100 arms, and this comparison has 101"))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("plots").path))
        #expect(try String(contentsOf: out.appendingPathComponent("comparison.md"), encoding: .utf8).contains("No figures"))
    }

    /// A metric the same in every arm and block says nothing in a figure: left out, with a note.
    @Test func identicalMetricsAreLeftOutOfTheFigures() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for arm in 0..<3 {
            var text = "scenario,seed,coverage,att_rmse_total_deg\n"
            for seed in 1...6 {
                text += "orbit-72,\(seed),\(String(format: "%.4f", 0.7 + Double(arm) * 0.05 + Double(seed) * 0.01)),\(Double(seed) / 10)\n"
            }
            let file = folder.appendingPathComponent("arm\(arm).csv")
            try text.write(to: file, atomically: true, encoding: .utf8)
            paths.append(file.path)
        }
        let out = folder.appendingPathComponent("comparison")
        let result = try Tool.run(["compare", "--reports"] + paths + ["--out", out.path])
        #expect(result.status == 0, "\(result.standardError)")
        let markdown = try String(contentsOf: out.appendingPathComponent("comparison.md"), encoding: .utf8)
        #expect(markdown.contains("Left out of the figures, the same in every arm and block: att_rmse_total_deg."), "\(markdown)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("plots/critical-difference.png").path))
    }

    /// A user's file in a report folder: `run` refuses to replace the folder and names it, keeps
    /// it with --overwrite; `view --html` does not replace a page it did not write.
    @Test func theUsersFilesAreKept() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = ["run", "tripod-ideal", "--seeds", "1", "--no-plots", "--out", folder.path]
        #expect(try Tool.run(arguments).status == 0)
        let report = folder.appendingPathComponent("tripod-ideal")
        try "mine".write(to: report.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let refused = try Tool.run(arguments)
        #expect(
            refused.status == 2 && refused.standardError.contains("holds files orbitbench run did not write ('notes.txt')"),
            "\(refused.standardError)")
        #expect(try Tool.run(arguments + ["--overwrite"]).status == 0)
        #expect(try String(contentsOf: report.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
        // The viewer: written and noted in the report (a second run still replaces the folder).
        try FileManager.default.removeItem(at: report.appendingPathComponent("notes.txt"))
        #expect(try Tool.run(["view", report.path, "--html"]).status == 0)
        #expect(try Tool.run(arguments).status == 0)
        let export = folder.appendingPathComponent("export")
        try FileManager.default.createDirectory(at: export.appendingPathComponent("viewer"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: report.appendingPathComponent("recording.json"), to: export.appendingPathComponent("recording.json"))
        try "<p>my page</p>".write(to: export.appendingPathComponent("viewer/index.html"), atomically: true, encoding: .utf8)
        let page = try Tool.run(["view", export.appendingPathComponent("recording.json").path, "--html"])
        #expect(page.status == 2 && page.standardError.contains("exists and is not a spin viewer orbitbench wrote"), "\(page.standardError)")
        #expect(try String(contentsOf: export.appendingPathComponent("viewer/index.html"), encoding: .utf8) == "<p>my page</p>")
    }
}

/// Captions and "What ran" come from the settings used, not from a fixed sentence.
@Suite struct TruthfulCaptionTests {
    @Test func aChangedParameterChangesTheCaptionAndWhatRan() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trial = Tool.repository.appendingPathComponent("data/broad/05_undisturbed_slow_rotation_with_breaks_B.hdf5").path
        let plain = folder.appendingPathComponent("plain"), tuned = folder.appendingPathComponent("tuned")
        #expect(try Tool.run(["fusion", "--recording", trial, "--filters", "madgwick", "--out", plain.path]).status == 0)
        let run = try Tool.run(["fusion", "--recording", trial, "--filters", "madgwick", "--set", "fusion.madgwick.beta=0.12", "--out", tuned.path])
        #expect(run.status == 0, "\(run.standardError)")
        let page = try String(contentsOf: tuned.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(page.contains("<dt>overrides</dt><dd>fusion.madgwick.beta=0.12</dd>"))
        #expect(!(try String(contentsOf: plain.appendingPathComponent("report.html"), encoding: .utf8)).contains("<dt>overrides</dt>"))
        // The figure's footnote names the change (drawn into the image, so the images differ
        // though both hold one bar per group of the same trial).
        let figure = "plots/fusion-broad.png"
        #expect(try Data(contentsOf: plain.appendingPathComponent(figure)) != Data(contentsOf: tuned.appendingPathComponent(figure)))
    }
}

/// A sweep's page leads with the swept metric; a metric that never moves is not a trade-off axis
/// nor a reason to warn about coverage.
@Suite struct SweepFigureTests {
    @Test func flatMetricsGetNoTradeOffPlotOrCoverageWarning() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Thresholds 4–8 on two seeds of orbit-72: every cell fills every slot, and keeps the same frames.
        let result = try Tool.run([
            "sweep", "orbit-72", "--vary", "selection.threshold=4:8:2", "--seeds", "1-2", "--metric", "blur_obj_mean_px", "--out", folder.path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("no trade-off plot: blur_obj_mean_px is "), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("best ignores coverage"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("plots/sweep-pareto.png").path))
    }
}
