import Capture
import Foundation
import Plotting
import Testing

@Suite struct RunCommandTests {
    @Test func writesEveryReportFile() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try Tool.run(["run", "tripod-ideal", "--seeds", "1,2", "--out", out.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains(#/coverage \(share of slots filled\) +1\.000 ± 0\.000/#), "\(result.standardOutput)")
        let folder = out.appendingPathComponent("tripod-ideal")
        for file in [
            "summary.json", "metrics.csv", "frames.csv", "slots.csv", "recording.json",
            "plots/coverage-polar.png", "plots/timeline.png", "plots/blur.png", "plots/blur-vs-rate.png", "plots/deviation.png", "plots/seeds.png",
            "report.html",
        ] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path), "\(file)")
        }
        let metrics = try String(contentsOf: folder.appendingPathComponent("metrics.csv"), encoding: .utf8).split(separator: "\n")
        #expect(
            metrics[0]
                == "scenario,seed,coverage,max_gap_deg,slot_angle_err_mean_deg,angle_est_err_mean_deg,angle_est_err_max_deg,blur_sel_mean_px,blur_sel_p95_px,blur_all_mean_px,dev_pitch_mean_deg,dev_roll_mean_deg,frames_total,frames_dropped,frames_scored,frames_selected,sync_err_mean_ms,att_rmse_total_deg,att_rmse_heading_deg,att_rmse_incl_deg,blur_obj_mean_px,blur_obj_max_px,blur_obj_all_mean_px"
        )
        #expect(metrics.count == 3 && metrics[1].hasPrefix("tripod-ideal,1,1.0000,0.0000,"))
        let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("summary.json"))) as! [String: Any]
        #expect((summary["seeds"] as! [Int]) == [1, 2])
        let png = try PNGCodec.decode(Array(try Data(contentsOf: folder.appendingPathComponent("plots/coverage-polar.png"))))
        #expect(png.text("Software")?.hasPrefix("orbitbench") == true)
        let recording = try Recording.decode(try Data(contentsOf: folder.appendingPathComponent("recording.json")))
        #expect(recording.elements.count == 72)
    }

    @Test func sameScenarioAndSeedsGiveByteIdenticalMetrics() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        for name in ["a", "b"] {
            let result = try Tool.run(["run", "shaky-hands", "--seeds", "1-3", "--no-plots", "--out", out.appendingPathComponent(name).path])
            #expect(result.status == 0)
        }
        for file in ["metrics.csv", "frames.csv", "slots.csv", "summary.json", "recording.json"] {
            let a = try Data(contentsOf: out.appendingPathComponent("a/shaky-hands/\(file)"))
            let b = try Data(contentsOf: out.appendingPathComponent("b/shaky-hands/\(file)"))
            #expect(a == b, "\(file)")
        }
    }

    @Test func badInputLeavesNoOutput() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let missing = try Tool.run(["run", "tripod-ideal", "does-not-exist", "--out", out.path])
        #expect(missing.status != 0 && missing.standardError.split(separator: "\n").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
        let blocker = out.appendingPathComponent("file")
        try "x".write(to: blocker, atomically: true, encoding: .utf8)
        let unwritable = try Tool.run(["run", "tripod-ideal", "--out", blocker.path])
        #expect(unwritable.status == 2 && unwritable.standardError.contains("/file is a file, not a folder"), "\(unwritable.standardError)")
    }
}

@Suite struct ViewCommandTests {
    func write(_ json: String) throws -> URL {
        let url = Tool.temporaryDirectory().appendingPathComponent("recording.json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    let good =
        #"{"uid":"u","date":1,"radius":5,"elements":[{"image":"a.jpg","angle":355,"time":0.5,"deviationPitch":0,"deviationRoll":0,"acceleration":0.1},{"image":"b.jpg","angle":10,"time":1,"deviationPitch":0,"deviationRoll":0,"acceleration":0.1}]}"#

    @Test func showsTheNearestImage() throws {
        let file = try write(good)
        let result = try Tool.run(["view", file.path, "--angle", "1", "--angle", "8"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("1.00° → a.jpg (at 355.00°)"))
        #expect(result.standardOutput.contains("8.00° → b.jpg (at 10.00°)"))
    }

    @Test func invalidRecordingsGiveOneLineErrors() throws {
        for (json, expected) in [
            (good.replacingOccurrences(of: #""image":"a.jpg","#, with: ""), "elements[0].image: missing"),
            (good.replacingOccurrences(of: "a.jpg", with: "../../secret"), "elements[0].image: '../../secret' is not a plain file name"),
            (good.replacingOccurrences(of: #""angle":355"#, with: #""angle":1e999"#), "not valid JSON"),
        ] {
            let file = try write(json)
            let result = try Tool.run(["view", file.path])
            #expect(result.status != 0)
            #expect(result.standardError.split(separator: "\n").count == 1)
            #expect(result.standardError.contains(expected), "\(result.standardError)")
        }
        #expect(try Tool.run(["view", "/nonexistent/recording.json"]).standardError.contains("no such file or folder"))
    }

    /// --html writes viewer/index.html beside the recording of a run folder (or of the file);
    /// problems are one line and exit 2.
    @Test func writesTheSpinViewer() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try Tool.run(["run", "incomplete-orbit", "--seeds", "1", "--no-plots", "--quiet", "--out", out.path])
        #expect(run.status == 0, "\(run.standardError)")
        let folder = out.appendingPathComponent("incomplete-orbit")
        let page = folder.appendingPathComponent("viewer/index.html")
        for argument in [folder.path, folder.appendingPathComponent("recording.json").path] {
            let view = try Tool.run(["view", argument, "--html"])
            #expect(view.status == 0, "\(view.standardError)")
            #expect(view.standardOutput == "incomplete-orbit-seed-1: 51 images, 5.0° apart\nwrote \(page.path)\n", "\(view.standardOutput)")
            // The run had no --render: the page can only show placeholders, and says how to get images.
            #expect(view.standardError.contains("warning: none of the 51 images exist"), "\(view.standardError)")
            #expect(view.standardError.contains("--render"))
        }
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains(#"id="spin-data""#) && html.contains("frame-00000.jpg"))
        #expect(try Tool.run(["view", folder.path]).standardOutput.contains("frame-00000.jpg  t = 0.00 s"))

        let noRecording = try Tool.run(["view", out.path, "--html"])
        #expect(noRecording.status == 2 && noRecording.standardError.split(separator: "\n").count == 1)
        #expect(noRecording.standardError.contains("no recording.json in this folder"), "\(noRecording.standardError)")
        try FileManager.default.removeItem(at: page.deletingLastPathComponent())
        try "x".write(to: page.deletingLastPathComponent(), atomically: true, encoding: .utf8)
        let blocked = try Tool.run(["view", folder.path, "--html"])
        #expect(blocked.status == 2 && blocked.standardError.split(separator: "\n").count == 1)
        #expect(blocked.standardError.contains("viewer: exists and is not a folder"), "\(blocked.standardError)")
    }
}
