import Foundation
import Plotting
import Testing

@Suite struct SweepCommandTests {
    let grid = ["--vary", "selection.threshold=1:3:1", "--vary", "selection.weights.acceleration=0:20:10", "--seeds", "1-2"]

    func rows(_ url: URL) throws -> [Substring] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
    }

    /// Two keys: a full grid in sweep.csv (cell-major, seeds inside) and a heat map.
    @Test func twoKeySweepWritesGridAndHeatMap() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try Tool.run(["sweep", "tripod-ideal"] + grid + ["--out", out.path, "--metric", "blur_sel_mean_px"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("tripod-ideal: 9 cells × 2 seeds, best by blur_sel_mean_px (lower is better)"))
        let lines = try rows(out.appendingPathComponent("sweep.csv"))
        #expect(lines[0].hasPrefix("cell,seed,selection.threshold,selection.weights.acceleration,coverage,max_gap_deg,"))
        #expect(lines.count == 1 + 9 * 2)
        #expect(lines[1].hasPrefix("0,1,1,0,") && lines[2].hasPrefix("0,2,1,0,") && lines[3].hasPrefix("1,1,1,10,"))
        #expect(lines[18].hasPrefix("8,2,3,20,"))
        let png = try PNGCodec.decode(Array(try Data(contentsOf: out.appendingPathComponent("plots/sweep-blur_sel_mean_px.png"))))
        #expect(png.image.width == 1200 && png.text("Source") == "orbitbench sweep: scenarios tripod-ideal")
        let definition = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("sweep.json"))) as! [String: Any]
        #expect(definition["vary"] as? [String] == ["selection.threshold=1:3:1", "selection.weights.acceleration=0:20:10"])
    }

    /// A second sweep into an existing sweep's folder is refused; the message suggests --resume
    /// only when that would continue the same sweep, and otherwise names the sweep that is there.
    @Test func repeatedOutFolderGetsAnErrorThatIsRightAboutResume() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(try Tool.run(["sweep", "tripod-ideal"] + grid + ["--out", out.path, "--no-plots", "--quiet"]).status == 0)
        let same = try Tool.run(["sweep", "tripod-ideal"] + grid + ["--out", out.path, "--no-plots", "--quiet"])
        #expect(same.status != 0 && same.standardError.contains("pass --resume"), "\(same.standardError)")
        let other = try Tool.run(["sweep", "tripod-ideal", "--vary", "selection.threshold=3:5:1", "--seeds", "1", "--out", out.path, "--no-plots"])
        #expect(other.status != 0 && !other.standardError.contains("--resume"), "\(other.standardError)")
        #expect(other.standardError.contains("holds another sweep (of tripod-ideal, --vary"), "\(other.standardError)")
    }

    /// A sweep cut off mid-row resumes: only the missing runs are computed and the finished
    /// file is byte-identical to an uninterrupted one.
    @Test func truncatedSweepResumesToTheSameFile() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let complete = out.appendingPathComponent("complete"), cut = out.appendingPathComponent("cut")
        #expect(try Tool.run(["sweep", "tripod-ideal"] + grid + ["--out", complete.path, "--no-plots"]).status == 0)
        #expect(try Tool.run(["sweep", "tripod-ideal"] + grid + ["--out", cut.path, "--no-plots"]).status == 0)
        let full = try Data(contentsOf: complete.appendingPathComponent("sweep.csv"))
        let lines = try rows(complete.appendingPathComponent("sweep.csv"))
        // As a sweep killed mid-row leaves it: its digest (sweep.csv.sha256, `sha256sum` format)
        // noted after row 5, rows 6 and 7 appended since, half of row 8.
        try Data((lines.prefix(6).joined(separator: "\n") + "\n").utf8).write(to: cut.appendingPathComponent("sweep.csv"))
        #expect(try Tool.run(["-c", "sha256sum sweep.csv > sweep.csv.sha256"], in: cut, executable: URL(fileURLWithPath: "/bin/sh")).status == 0)
        let keep = lines.prefix(8).joined(separator: "\n") + "\n" + lines[8].prefix(20)  // header, 7 rows, half a row
        try Data(keep.utf8).write(to: cut.appendingPathComponent("sweep.csv"))
        let resumed = try Tool.run(["sweep", "tripod-ideal"] + grid + ["--out", cut.path, "--no-plots", "--resume"])
        #expect(resumed.status == 0, "\(resumed.standardError)")
        #expect(resumed.standardOutput.contains("resumed: 5 of 18 runs were done, ran 13"), "\(resumed.standardOutput)")
        #expect(try Data(contentsOf: cut.appendingPathComponent("sweep.csv")) == full)
        // Resuming a finished sweep runs nothing and changes nothing.
        let again = try Tool.run(["sweep", "tripod-ideal"] + grid + ["--out", cut.path, "--no-plots", "--resume"])
        #expect(again.standardOutput.contains("resumed: 18 of 18 runs were done, ran 0"))
        #expect(try Data(contentsOf: cut.appendingPathComponent("sweep.csv")) == full)
    }

    /// A sweep killed while running resumes to the same file as an uninterrupted one.
    @Test func killedSweepResumes() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let long = ["--vary", "selection.threshold=1:10:1", "--vary", "selection.weights.roll=1:3:1", "--seeds", "1-2", "--no-plots"]
        let killed = out.appendingPathComponent("killed"), complete = out.appendingPathComponent("complete")
        let process = Process()
        process.executableURL = Tool.executable
        process.arguments = ["sweep", "tripod-ideal"] + long + ["--out", killed.path]
        process.currentDirectoryURL = Tool.repository
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let csv = killed.appendingPathComponent("sweep.csv")
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning {
            if let text = try? String(contentsOf: csv, encoding: .utf8), text.split(separator: "\n").count >= 4 { break }
            usleep(20_000)
        }
        process.terminate()
        process.waitUntilExit()
        let before = try rows(csv).count - 1
        let resumed = try Tool.run(["sweep", "tripod-ideal"] + long + ["--out", killed.path, "--resume"])
        #expect(resumed.status == 0, "\(resumed.standardError)")
        // Rows appended after the digest was last noted (at most a second's worth) run again.
        if let counts = resumed.standardOutput.firstMatch(of: /resumed: (\d+) of 60 runs were done, ran (\d+)/) {
            #expect(Int(counts.1)! <= before && Int(counts.1)! + Int(counts.2)! == 60, "\(resumed.standardOutput)")
        }
        #expect(try Tool.run(["sweep", "tripod-ideal"] + long + ["--out", complete.path]).status == 0)
        #expect(try Data(contentsOf: csv) == Data(contentsOf: complete.appendingPathComponent("sweep.csv")))
    }

    /// A value edited in sweep.csv, a row removed or one added by hand is not kept by
    /// --resume: an edit is a one-line error naming the file; a row after the digest's end
    /// runs again.
    @Test func editedRowsAreRefusedByResume() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(try Tool.run(["sweep", "tripod-ideal"] + grid + ["--out", out.path, "--no-plots"]).status == 0)
        let csv = out.appendingPathComponent("sweep.csv")
        let original = try String(contentsOf: csv, encoding: .utf8)
        var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var fields = lines[3].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        fields[4] = fields[4] == "0.5000" ? "0.6000" : "0.5000"  // coverage
        lines[3] = fields.joined(separator: ",")
        let edits = [
            lines.joined(separator: "\n"), original.replacingOccurrences(of: lines[2] + "\n", with: ""),
            lines[0] + "\n" + lines[4] + "\n" + original.dropFirst(lines[0].count + 1),
        ]
        for edited in edits {
            try edited.write(to: csv, atomically: true, encoding: .utf8)
            let resumed = try Tool.run(["sweep", "tripod-ideal"] + grid + ["--out", out.path, "--no-plots", "--resume"])
            #expect(resumed.status == 2 && resumed.standardError.split(separator: "\n").count == 1, "\(resumed.standardError)")
            #expect(
                resumed.standardError
                    == "Error: \(csv.path): does not match its SHA-256 in sweep.csv.sha256: rows were edited, removed or added after the sweep wrote them; use --overwrite to start again\n"
            )
            #expect(try String(contentsOf: csv, encoding: .utf8) == edited, "nothing is changed")
        }
        // A forged row after the last one is not taken: the finished sweep is as it was.
        try (original + lines[5] + "\n").write(to: csv, atomically: true, encoding: .utf8)
        let resumed = try Tool.run(["sweep", "tripod-ideal"] + grid + ["--out", out.path, "--no-plots", "--resume"])
        #expect(resumed.status == 0 && resumed.standardOutput.contains("resumed: 18 of 18 runs were done, ran 0"), "\(resumed.standardError)")
        #expect(try String(contentsOf: csv, encoding: .utf8) == original)
        try FileManager.default.removeItem(at: out.appendingPathComponent("sweep.csv.sha256"))
        let unsigned = try Tool.run(["sweep", "tripod-ideal"] + grid + ["--out", out.path, "--no-plots", "--resume"])
        #expect(unsigned.status == 2 && unsigned.standardError.contains("no SHA-256 of it in sweep.csv.sha256"), "\(unsigned.standardError)")
    }

    @Test func badArgumentsAreOneLineErrors() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        func error(_ arguments: [String]) throws -> String {
            let result = try Tool.run(["sweep", "tripod-ideal", "--out", out.path] + arguments)
            // The error is the first line (argument errors add ArgumentParser's usage lines).
            #expect(result.status != 0 && result.standardError.hasPrefix("Error: "), "\(result.standardError)")
            return String(result.standardError.split(separator: "\n").first ?? "")
        }
        #expect(try error(["--vary", "selection.threshold=1:3"]).contains("expected three numbers FROM:TO:STEP"))
        #expect(
            try error(["--vary", "selection.angle_source=1:3:1"]).contains(
                "selection.angle_source: expected one of euler_yaw, optical_axis, found '1:3:1'"))
        #expect(try error(["--vary", "description=a,b"]).contains("description is neither a numeric nor a choice scenario key"))
        #expect(try error(["--vary", "selection.slots=10:20:2.5"]).contains("takes whole numbers"))
        #expect(try error(["--vary", "selection.threshold=5:1:1"]).contains("TO must not be below FROM"))
        #expect(try error(["--vary", "orbit.radius_m=0.1:1:0.1"]).contains("orbit.radius_m: 0.1 is out of range"))
        #expect(try error(["--vary", "selection.threshold=1:2:1", "--metric", "sharpness"]).contains("--metric sharpness: not a metric"))
        #expect(try error(["--vary", "selection.threshold=1:2:1", "--require", "coverage>0.9"]).contains("expected METRIC>=BOUND or METRIC<=BOUND"))
        #expect(try error(["--vary", "selection.threshold=1:2:1", "--pareto", "coverage"]).contains("expected two different metrics X,Y"))
        #expect(
            try error(["--vary", "selection.threshold=1:2:1", "--pareto", "coverage,frames_total"]).contains(
                "'frames_total' is not a metric with a better direction"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    /// `--require` moves "best" to a cell that meets the bound and the table says which cells
    /// do; the Pareto plot is drawn for a capture sweep by default.
    @Test func constraintsChooseTheBestAdmittedCell() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try Tool.run(
            [
                "sweep", "shaky-hands", "--vary", "selection.threshold=2:8:3", "--seeds", "1", "--metric", "blur_sel_mean_px", "--require",
                "coverage>=0.9",
                "--out", out.path,
            ])
        #expect(result.status == 0, "\(result.standardError)")
        let csv = try rows(out.appendingPathComponent("sweep.csv")).dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let header = try rows(out.appendingPathComponent("sweep.csv"))[0].split(separator: ",").map(String.init)
        let coverage = header.firstIndex(of: "coverage")!, blur = header.firstIndex(of: "blur_sel_mean_px")!
        // The expected best, worked out from the rows: lowest blur among coverage ≥ 0.9.
        let admitted = csv.filter { Double($0[coverage])! >= 0.9 }
        let best = admitted.min { Double($0[blur])! < Double($1[blur])! }!
        let table = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(table[0].contains("among cells meeting coverage ≥ 0.9 (\(admitted.count) of 3)"))
        // The cell number is right-aligned, as every number column.
        // "meets" also counts the seeds that meet the bound (one seed here).
        #expect(
            table[3].trimmingCharacters(in: .whitespaces).hasPrefix(String(best[0]) + " ") && table[3].hasSuffix("yes (1 of 1 seed)"), "\(table)")
        #expect(admitted.count < 3, "the bound should rule a cell out for this test to mean anything")
        #expect(table[2 + admitted.count + 1].hasSuffix("no (0 of 1 seed)"))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("plots/sweep-pareto.png").path))
    }
}
