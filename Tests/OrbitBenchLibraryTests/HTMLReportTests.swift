import Foundation
import OrbitBench
import Testing

@Suite struct HTMLReportTests {
    @Test func escapingKeepsHostileTextInert() {
        #expect(HTMLText.escaped(#"<script>alert("x")</script> & 'y'"#) == "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;")
        #expect(HTMLText.escaped("a\u{1b}b") == "a&#27;b")
        // Each path component is percent-encoded; the separators stay.
        #expect(HTMLReport.href("plots/a b\".png") == "plots/a%20b%22.png")
        #expect(HTMLReport.href("images/frame-00001.jpg") == "images/frame-00001.jpg")
    }

    @Test func tableRightAlignsNumbersOnly() {
        let html = HTMLReport.table(header: ["name", "value"], rows: [["coverage", "0.986 ± 0.010"], ["unit", "px"]])
        #expect(html.contains(#"<td class="number">0.986 ± 0.010</td>"#))
        #expect(html.contains("<td>px</td>"))
        #expect(html.components(separatedBy: "<tr>").count == 4)
    }

    /// A run folder's page lists every metric of its summary with its mean, every plot the run
    /// wrote as an image, the data files as links, and the command line.
    @Test func runFolderPageShowsSummaryPlotsAndFiles() throws {
        let scenario = try Shipped.scenario("orbit-72")
        let results = try Bench.runCapture(scenario, seeds: [1, 2])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("html-report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Bench.writeCaptureReport(scenario, results, to: folder.path, origin: ReportOrigin(command: "run", arguments: ["orbitbench", "run"]))
        let page = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
        let plots = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("plots").path)
        #expect(plots.count >= 8)
        for plot in plots { #expect(page.contains(#"<img src="plots/\#(plot)""#), "\(plot)") }
        for file in ["frames.csv", "slots.csv", "metrics.csv", "summary.json", "recording.json", "scenario.resolved.yaml"] {
            #expect(page.contains(#"<a href="\#(file)">"#), "\(file)")
        }
        let coverage = results.map(\.metrics.coverage).reduce(0, +) / 2
        #expect(page.contains("<td>coverage</td><td>coverage (share of slots filled)</td><td class=\"number\">\(String(format: "%.3f", coverage))"))
        #expect(page.contains("blur_obj_mean_px"))
        #expect(page.contains("orbitbench run"))
        #expect(page.contains("orbitbench view"))  // no viewer yet: the hint says how to get one
        #expect(!page.contains("http://") && !page.contains("https://"))  // offline
    }
}
