import Capture
import Foundation
import Testing

/// `run --render`: pictures under recording.json's names, their sharpness against the
/// physical blur, the spin viewer and the report linking both; reproducible byte for byte.
@Suite struct RenderCommandTests {
    @Test func renderWritesImagesViewerAndSharpness() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let arguments = ["run", "shaky-hands", "--seeds", "1", "--no-plots", "--render", "--render-width", "640", "--quiet"]
        let result = try Tool.run(arguments + ["--out", out.appendingPathComponent("a").path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("rendered "), "\(result.standardOutput)")
        let folder = out.appendingPathComponent("a/shaky-hands")
        let recording = try Recording.decode(try Data(contentsOf: folder.appendingPathComponent("recording.json")))
        #expect(recording.elements.count > 40)
        for element in recording.elements {
            let jpeg = try Data(contentsOf: folder.appendingPathComponent("images/\(element.image)"))
            #expect(jpeg.prefix(2) == Data([0xFF, 0xD8]), "\(element.image)")
        }
        let rows = try String(contentsOf: folder.appendingPathComponent("images.csv"), encoding: .utf8).split(separator: "\n")
        #expect(rows.count == recording.elements.count + 1)
        // Blurrier frames look blurrier: shaky-hands spans 1–20 px of blur.
        let summary = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("summary.json"))) as! [String: Any]
        let diagnostics = summary["diagnostics"] as! [String: Any]
        let rank = (diagnostics["render_sharpness_blur_spearman"] as! [String: Any])["mean"] as! Double
        #expect(rank < -0.6, "rank correlation \(rank)")
        let viewer = try String(contentsOf: folder.appendingPathComponent("viewer/index.html"), encoding: .utf8)
        #expect(viewer.contains("../images/"))
        let report = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(report.contains(#"<a href="viewer/index.html">"#) && report.contains(#"<a href="images.csv">"#))

        // Same seed, one worker instead of all: the same bytes.
        let again = try Tool.run(arguments + ["--jobs", "1", "--out", out.appendingPathComponent("b").path])
        #expect(again.status == 0, "\(again.standardError)")
        let other = out.appendingPathComponent("b/shaky-hands")
        for name in ["images.csv", "images/\(recording.elements[0].image)", "images/\(recording.elements.last!.image)", "frames.csv"] {
            #expect(try Data(contentsOf: folder.appendingPathComponent(name)) == Data(contentsOf: other.appendingPathComponent(name)), "\(name)")
        }
    }

    @Test func renderOptionsAreChecked() throws {
        let lonely = try Tool.run(["run", "--render-all-frames", "--seeds", "1"])
        #expect(lonely.status != 0 && lonely.standardError.contains("--render-all-frames needs --render"))
        let tiny = try Tool.run(["run", "--render", "--render-width", "5", "--seeds", "1"])
        #expect(tiny.status != 0 && tiny.standardError.contains("--render-width must be in 16...8192"))
    }
}

/// `replay --render`: the session's own pictures are copied, the others drawn from its
/// reference poses, and the viewer plays them.
@Suite struct ReplayRenderTests {
    @Test func replayCopiesPresentPicturesAndDrawsTheRest() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let simulated = try Tool.run(["simulate", "shaky-hands", "--seed", "3", "--no-plots", "--out", out.appendingPathComponent("sim").path])
        #expect(simulated.status == 0, "\(simulated.standardError)")
        let session = out.appendingPathComponent("sim/shaky-hands-seed-3/session")
        let arguments = ["replay", session.path, "--scenario", "shaky-hands", "--render", "--render-width", "320", "--no-plots"]
        let first = try Tool.run(arguments + ["--out", out.appendingPathComponent("a").path])
        #expect(first.status == 0, "\(first.standardError)")
        let folder = out.appendingPathComponent("a")
        let recording = try Recording.decode(try Data(contentsOf: folder.appendingPathComponent("recording.json")))
        #expect(first.standardOutput.contains("images: 0 from the session, \(recording.elements.count) drawn from its reference poses"))
        for element in recording.elements {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("images/\(element.image)").path), "\(element.image)")
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("viewer/index.html").path))

        // A picture the session has is used as it is.
        let own = recording.elements[0].image
        let photo = Data("not really a jpeg, but the session's own file".utf8)
        try photo.write(to: session.appendingPathComponent(own))
        let second = try Tool.run(arguments + ["--out", out.appendingPathComponent("b").path])
        #expect(second.status == 0, "\(second.standardError)")
        #expect(second.standardOutput.contains("images: 1 from the session, \(recording.elements.count - 1) drawn"), "\(second.standardOutput)")
        #expect(try Data(contentsOf: out.appendingPathComponent("b/images/\(own)")) == photo)

        let tiny = try Tool.run(arguments + ["--render-width", "3", "--out", out.appendingPathComponent("c").path])
        #expect(tiny.status != 0 && tiny.standardError.contains("--render-width must be in 16...8192"))
    }
}
