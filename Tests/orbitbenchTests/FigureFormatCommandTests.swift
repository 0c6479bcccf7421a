import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `--figure-format svg` and `pdf` on every command that draws: each figure file is written
/// in the format asked for (no .png left), each is a valid file (the SVG parses as XML, the PDF
/// has its header, pages and trailer), and report.html embeds the SVGs or links the PDFs.
@Suite struct FigureFormatCommandTests {
    static let trial = broadTrials + "/24_disturbed_tapping_A.hdf5"

    /// A command, the folder (under the output) its figures go to, and the figures it draws.
    static let commands: [(name: String, arguments: [String], folder: String, figures: [String])] = [
        ("run", ["run", "shaky-hands", "--seeds", "1,2"], "shaky-hands", ["coverage-polar", "timeline", "seeds"]),
        ("rephoto", ["run", "rephoto-fountain", "--seeds", "1"], "rephoto-fountain", ["rephoto-errors"]),
        (
            "compare", ["compare", "shaky-hands", "--a", "selection.threshold=6", "--b", "selection.threshold=17", "--seeds", "1-3"], "",
            ["arm-differences"]
        ),
        (
            "compare-arms",
            [
                "compare", "shaky-hands", "--arm", "low:selection.threshold=4", "--arm", "high:selection.threshold=17", "--arm", "default:",
                "--seeds", "1-3",
            ],
            "", ["critical-difference", "arm-distributions", "arm-differences"]
        ),
        ("sweep", ["sweep", "shaky-hands", "--vary", "selection.threshold=4:12:8", "--seeds", "1"], "", ["sweep-pareto"]),
        (
            "tune", ["tune", "shaky-hands", "--params", "selection.threshold", "--train-seeds", "1", "--test-seeds", "2", "--max-evaluations", "3"],
            "", ["tuning"]
        ),
        ("fusion", ["fusion", "orbit-72", "--filters", "madgwick", "--seeds", "1"], "", ["fusion-error"]),
        ("fusion-recording", ["fusion", "--recording", trial, "--filters", "madgwick"], "", ["fusion-broad", "fusion-error"]),
        ("thesis", ["thesis"], "", ["keypoints"]),
        ("calibrate", ["calibrate", "--recording", trial], "", ["allan"]),
        ("validate", ["validate", "--fast", "--seeds", "1-2", "--filters", "madgwick", "--recording", trial], "", ["validation"]),
        ("simulate", ["simulate", "shaky-hands", "--seed", "2"], "shaky-hands-seed-2", ["trajectory"]),
    ]

    static let cases: [(Int, String)] = commands.indices.flatMap { index in ["svg", "pdf"].map { (index, $0) } }

    @Test(arguments: cases) func everyFigureInTheFormatAskedFor(_ index: Int, _ format: String) throws {
        let command = Self.commands[index]
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try Tool.run(command.arguments + ["--figure-format", format, "--out", out.path, "--quiet"])
        #expect(result.status == 0, "\(command.name) \(format): \(result.standardError)")
        let folder = command.folder.isEmpty ? out : out.appendingPathComponent(command.folder)
        let plots = folder.appendingPathComponent("plots")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: plots.path)) ?? []
        #expect(!files.contains { $0.hasSuffix(".png") }, "\(command.name) \(format): \(files)")
        for figure in command.figures {
            let data = try Data(contentsOf: plots.appendingPathComponent("\(figure).\(format)"))
            if format == "svg" {
                let parser = XMLParser(data: data)
                #expect(parser.parse() && String(decoding: data, as: UTF8.self).contains("<svg xmlns"), "\(command.name): \(figure).svg")
            } else {
                let text = String(decoding: data, as: UTF8.self)
                #expect(text.hasPrefix("%PDF-1.") && text.hasSuffix("%%EOF\n") && text.contains("/Type /Page"), "\(command.name): \(figure).pdf")
            }
        }
        if let page = try? String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8) {
            let first = command.figures[0]
            if format == "svg" {
                #expect(page.contains(#"href="plots/\#(first).svg"><img src="data:image/svg+xml;base64,"#), "\(command.name)")
            } else {
                #expect(page.contains(#"<a href="plots/\#(first).pdf">"#), "\(command.name)")
            }
        }
    }

    /// A comparison as PDF is also one file: the verdict page and every figure.
    @Test func comparisonPDFIsOneDocument() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try Tool.run(
            [
                "compare", "shaky-hands", "--arm", "low:selection.threshold=4", "--arm", "high:selection.threshold=17", "--seeds", "1-3",
                "--figure-format", "pdf",
                "--out", out.path, "--quiet",
            ])
        #expect(result.status == 0, "\(result.standardError)")
        let text = String(decoding: try Data(contentsOf: out.appendingPathComponent("comparison.pdf")), as: UTF8.self)
        #expect(text.contains("/Count 4") && text.contains("(2 arms compared)"))
    }

    @Test func anUnknownFormatIsAUsageError() throws {
        let result = try Tool.run(["run", "shaky-hands", "--figure-format", "gif", "--out", Tool.temporaryDirectory().path])
        #expect(result.status == 2 && result.standardError.contains("--figure-format"))
    }
}
