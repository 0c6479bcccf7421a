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

    @Test func tableRightAlignsNumbersOnlyInsideAScrollingBox() {
        let html = HTMLReport.table(header: ["name", "value"], rows: [["coverage", "0.986 ± 0.010"], ["unit", "px"]])
        #expect(html.hasPrefix(#"<div class="scroll"><table class="data">"#) && html.hasSuffix("</tbody></table></div>"))
        // Each cell carries its header, which a card (phone, or a table wider than its box) shows.
        #expect(html.contains(#"<td class="number" data-label="value">0.986 ± 0.010</td>"#))
        #expect(html.contains(#"<td data-label="value">px</td>"#))
        #expect(html.components(separatedBy: "<tr>").count == 4)
        // A CSV column name is shown in words, the name beneath it.
        let named = HTMLReport.table(header: ["metric", "blur_sel_mean_px", "p"], rows: [["x", "1", "0.5"]])
        #expect(named.contains(#"<th>blur sel mean (px)<br><code class="column">blur_sel_mean_px</code></th>"#))
        #expect(named.contains(#"<td class="number" data-label="blur sel mean (px)">1</td>"#) && named.contains("<th>p</th>"))
    }

    @Test func seedsAreWrittenAsRanges() {
        #expect(HTMLReport.seedRanges([1, 2, 3, 7]) == "1–3, 7 (4 seeds)")
        #expect(HTMLReport.seedRanges([5]) == "5 (1 seed)")
        #expect(HTMLReport.seedRanges([1, 2, 4, 5]) == "1, 2, 4, 5 (4 seeds)")
        #expect(HTMLReport.seedRanges([3, 2, 1]) == "3, 2, 1 (3 seeds)")
        #expect(HTMLReport.seedRanges([UInt64.max - 2, UInt64.max - 1, UInt64.max]) == "\(UInt64.max - 2)–\(UInt64.max) (3 seeds)")
    }

    /// "What ran" gives one value when the scenarios agree and each scenario's when they differ.
    @Test func whatRanNamesTheSettingsThatRan() throws {
        var a = try Shipped.scenario("shaky-hands"), b = a
        (a.name, b.name) = ("a", "b")
        b.selection.threshold = 17
        let origin = ReportOrigin(command: "compare", scenarios: ["shaky-hands"], seeds: [1, 2, 3], arguments: ["/x/orbitbench", "compare"])
        let facts = HTMLReport.whatRan(origin: origin, scenarios: [a, b])
        func value(_ label: String) -> String? { facts.first { $0.label == label }?.value }
        #expect(facts.first?.label == "command" && value("command") == "orbitbench compare")
        #expect(value("selection.threshold") == "a: 6; b: 17")
        #expect(value("selection.selector") == "outer-circle")
        #expect(value("selection.slots") == "72 (5° each)")
        #expect(value("seeds") == "1–3 (3 seeds)")
        #expect(facts.last?.label == "version" && value("version")?.hasPrefix("orbitbench ") == true)
    }

    /// A run folder's page: what ran first, the headline and every metric of its summary, every
    /// plot the run wrote embedded byte for byte (decoded here from its data URL) in the figure
    /// guide's order with its caption, the data files as links, the command line, nothing from
    /// the network.
    @Test func runFolderPageEmbedsEveryPlotAndStatesWhatRan() throws {
        let scenario = try Shipped.scenario("orbit-72")
        let results = try Bench.runCapture(scenario, seeds: [1, 2])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("html-report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Bench.writeCaptureReport(scenario, results, to: folder.path, origin: ReportOrigin(command: "run", arguments: ["orbitbench", "run"]))
        let page = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
        let plots = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("plots").path)
        #expect(plots.count >= 8)
        for plot in plots {
            let link = #"<a class="zoomable" href="plots/\#(plot)"><img src="data:image/png;base64,"#
            guard let start = page.range(of: link) else {
                Issue.record("\(plot) is not embedded")
                continue
            }
            let encoded = page[start.upperBound...].prefix { $0 != "\"" }
            let file = try Data(contentsOf: folder.appendingPathComponent("plots/\(plot)"))
            #expect(Data(base64Encoded: String(encoded)) == file, "\(plot): the embedded bytes are not the file's")
            #expect(FigureGuide.entry(for: plot) != nil, "\(plot) has no caption in FigureGuide")
        }
        let order = plots.sorted { page.range(of: "plots/\($0)\"")!.lowerBound < page.range(of: "plots/\($1)\"")!.lowerBound }
        #expect(order.first == "coverage-polar.png")
        #expect(page.contains("Coverage around the object."))
        for file in ["frames.csv", "slots.csv", "metrics.csv", "summary.json", "recording.json", "scenario.resolved.yaml"] {
            #expect(page.contains(#"<a href="\#(file)">"#), "\(file)")
        }
        let coverage = results.map(\.metrics.coverage).reduce(0, +) / 2
        #expect(
            page.contains(
                "<td data-label=\"metric\">coverage</td><td class=\"number\" data-label=\"mean ± sd\">\(String(format: "%.3f", coverage))"
            ))
        #expect(page.contains(#"<td class="wrap" data-label="meaning">coverage (share of slots filled)</td>"#))  // the meaning, after the values
        #expect(page.contains("coverage (share of slots filled) \(String(format: "%.3f", coverage))"))  // the headline
        let whatRan = try #require(page.range(of: "<h2>What ran</h2>")), summary = try #require(page.range(of: "<h2>Summary</h2>"))
        #expect(whatRan.lowerBound < summary.lowerBound && summary.lowerBound < page.range(of: "<h2>Figures</h2>")!.lowerBound)
        #expect(page.contains("<dt>fusion.filter</dt><dd>bias-estimating</dd>"))
        #expect(page.contains("blur_obj_mean_px"))
        #expect(page.contains("orbitbench run"))
        #expect(page.contains("no spin viewer: run again with --render"))  // no viewer: the hint says how to get one
        #expect(!page.contains("http://") && !page.contains("https://"))  // offline
        #expect(!page.contains(#"src="plots/"#))  // nothing linked that should be embedded
    }
}
