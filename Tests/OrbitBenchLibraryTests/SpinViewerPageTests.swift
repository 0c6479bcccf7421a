import Foundation
import OrbitBench
import TestSupport
import Testing

@Suite struct SpinViewerPageTests {
    static let dataStart = #"<script type="application/json" id="spin-data">"#

    /// The JSON between the data element's tags, decoded.
    func embedded(_ page: String) throws -> SpinViewerPage.Model {
        let start = try #require(page.range(of: Self.dataStart))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        return try JSONDecoder().decode(SpinViewerPage.Model.self, from: Data(page[start.upperBound..<end.lowerBound].utf8))
    }

    func element(_ image: String, _ angle: Double) -> Recording.Element {
        Recording.Element(image: image, angle: angle, time: angle / 10, deviationPitch: 0.5, deviationRoll: -0.25, acceleration: 0.02)
    }

    func occurrences(of text: String, in page: String) -> Int { page.lowercased().components(separatedBy: text).count - 1 }

    /// A capture's export (incomplete-orbit: 51 of 72 slots, a 110° gap) comes back from the
    /// page unchanged, in the exported order, with the slots and the gap FramePlacer implies.
    @Test func embedsTheRecordingOfACapture() throws {
        let scenario = try Shipped.scenario("incomplete-orbit")
        let result = try #require(try Bench.runCapture(scenario, seeds: [1]).first)
        let recording = result.recording
        let page = try SpinViewerPage.html(recording)

        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(page.hasSuffix("</html>\n"))
        for id in [
            "viewer", "stage", "frame", "placeholder", "placeholder-name", "angle", "view-angle", "pitch", "roll", "accel", "image-name", "ring",
        ] {
            #expect(occurrences(of: "id=\"\(id)\"", in: page) == 1, "#\(id)")
        }
        #expect(page.contains(#"<main id="viewer" data-angle="0""#))
        // Self-contained: nothing loaded but the images (the SVG namespace is a name, not a fetch).
        #expect(occurrences(of: "<script", in: page) == 2 && occurrences(of: "</script", in: page) == 2)
        #expect(!page.contains("<link") && !page.contains("@import") && !page.contains("src=\"http") && !page.contains("fetch("))
        #expect(page.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").range(of: "https?://", options: .regularExpression) == nil)

        let model = try embedded(page)
        #expect(model.recording == recording)
        #expect(model.recording.elements.map(\.image) == recording.elements.map(\.image))
        #expect(model.viewer.slotCount == 72 && model.viewer.slotWidth == 5)
        #expect(model.viewer.filled.filter { !$0 }.count == 21 && model.viewer.filled.filter { $0 }.count == recording.elements.count)
        // One definition of the largest gap: the ring's is the metric's (empty slots × width).
        let gap = try #require(model.viewer.largestGap)
        #expect(gap.degrees == result.metrics.maxGapDegrees && gap.degrees > 100 && gap.degrees < 120, "\(gap)")
        #expect(abs((gap.to - gap.from + 360).truncatingRemainder(dividingBy: 360) - gap.degrees) < 1e-9)
        #expect(model.viewer.imageBase == "../images/" && model.viewer.dragDegreesPerPixel == SpinViewerPage.dragDegreesPerPixel)
    }

    /// The page is the checkout's assets/viewer/viewer.html with its slots filled: the style and
    /// the script are the files viewer.css and viewer.js byte for byte, the rest of the template
    /// around the data element too.
    @Test func isTheTemplateOfTheCheckoutsAssets() throws {
        let folder = Repository.root.appendingPathComponent("assets/viewer")
        func file(_ name: String) throws -> String { try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) }
        let recording = Recording(uid: "u", date: 1, radius: 5, elements: [element("a.jpg", 0), element("b.jpg", 40)])
        let page = try SpinViewerPage.html(recording)
        let data = try #require(page.components(separatedBy: Self.dataStart).last?.components(separatedBy: "</script>").first)
        let template = try file("viewer.html")
            .replacingOccurrences(of: "{{viewer.css}}", with: try file("viewer.css"))
            .replacingOccurrences(of: "{{viewer.js}}", with: try file("viewer.js"))
            .replacingOccurrences(of: "{{version}}", with: ToolVersion.current)
            .replacingOccurrences(of: "{{uid}}", with: "u")
            .replacingOccurrences(of: "{{data}}", with: data)
        #expect(page == template)
        #expect(!page.contains("{{"))
    }

    /// Elements are played in the seed's order (after the widest angle between neighbours)
    /// whatever the input order; the slot count follows the radius unless given; the largest gap
    /// is the most empty slots in a row (none when every slot is filled).
    @Test func ordersElementsAndCountsSlots() throws {
        let recording = Recording(
            uid: "u", date: 1, radius: 10,
            elements: [element("a", 1), element("b", 7), element("c", 355), element("d", 10), element("e", 19), element("f", 14)])
        let model = try embedded(try SpinViewerPage.html(recording))
        #expect(model.recording.elements.map(\.angle) == [355, 1, 7, 10, 14, 19])
        #expect(model.viewer.slotCount == 36)
        // Slots 0 (355°, 1°), 1 (7°, 10°, 14°) and 2 (19°).
        #expect(model.viewer.filled.enumerated().filter(\.element).map(\.offset) == [0, 1, 2])
        // The largest gap is the run of empty slots 3…35: from 25° (slot 3's lower edge) to 355°.
        #expect(model.viewer.largestGap == SpinViewerPage.Gap(from: 25, to: 355, degrees: 330))
        #expect(SpinViewerPage.model(recording, slotCount: 72).viewer.filled.enumerated().filter(\.element).map(\.offset) == [0, 1, 2, 3, 4, 71])

        #expect(SpinViewerPage.slotCount(radius: 5) == 72 && SpinViewerPage.slotCount(radius: 7) == 51)
        #expect(SpinViewerPage.slotCount(radius: 0) == 1 && SpinViewerPage.slotCount(radius: 1e-9) == SpinViewerPage.maximumSlotCount)
        let empty = SpinViewerPage.model(Recording(uid: "u", date: 1, radius: 5, elements: []))
        #expect(empty.viewer.largestGap == SpinViewerPage.Gap(from: 357.5, to: 357.5, degrees: 360) && !empty.viewer.filled.contains(true))
        let single = SpinViewerPage.model(Recording(uid: "u", date: 1, radius: 5, elements: [element("a", 42)]))
        #expect(single.viewer.largestGap == SpinViewerPage.Gap(from: 42.5, to: 37.5, degrees: 355))
        let full = SpinViewerPage.model(Recording(uid: "u", date: 1, radius: 90, elements: (0..<4).map { element("\($0)", Double($0) * 90) }))
        #expect(full.viewer.largestGap == nil)
    }

    /// Names from files cannot end the data element, open a comment or a nested script, or
    /// become markup: the page keeps its two scripts and the JSON gives the names back.
    @Test func escapesHostileNames() throws {
        let uid = "</script><script>alert(1)</script><!-- \"q\" & 'a' \u{2028}\u{2029}"
        let names = ["</SCRIPT >x.jpg", "<!--<script>.jpg", "q\"uote'.jpg", "a&amp;b<b>.jpg", "line\u{2028}sep.jpg"]
        let recording = Recording(uid: uid, date: 1, radius: 5, elements: names.enumerated().map { element($1, Double($0) * 30) })
        let page = try SpinViewerPage.html(recording, imageBase: "../images/</script>")

        #expect(occurrences(of: "<script", in: page) == 2 && occurrences(of: "</script", in: page) == 2)
        #expect(!page.contains("<!--"))
        let data = try #require(page.components(separatedBy: Self.dataStart).last?.components(separatedBy: "</script>").first)
        #expect(!data.contains("\u{2028}") && !data.contains("\u{2029}"), "the line separators are escaped in the data")
        #expect(page.contains("<title>Spin viewer: &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &quot;q&quot; &amp; &#39;a&#39;"))
        let model = try embedded(page)
        #expect(model.recording.uid == uid && model.recording.elements.map(\.image) == names)
        #expect(model.viewer.imageBase == "../images/</script>")

        #expect(HTMLText.scriptSafeJSON("{\"a\":\"<>&\u{2028}\"}") == #"{"a":"\u003c\u003e\u0026\u2028"}"#)
        #expect(HTMLText.escaped(#"<a href="x">&'"#) == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;")
    }

    /// Numbers JSON cannot carry are an error, not a broken page.
    @Test func refusesNonFiniteNumbers() {
        #expect(throws: (any Error).self) { try SpinViewerPage.html(Recording(uid: "u", date: .nan, radius: 5, elements: [])) }
    }

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spin-viewer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// viewer/index.html beside the recording, replaced atomically (no temporary file left);
    /// never through a symbolic link; the images' place found.
    @Test func writesBesideTheRecordingOnly() throws {
        let run = try folder(), outside = try folder()
        defer {
            try? FileManager.default.removeItem(at: run)
            try? FileManager.default.removeItem(at: outside)
        }
        let recording = Recording(uid: "u", date: 1, radius: 5, elements: [element("frame-00001.jpg", 3)])
        let file = run.appendingPathComponent("recording.json")
        try recording.jsonData().write(to: file)

        #expect(try Bench.recording(run.path).recording == recording)
        #expect(try SpinViewerFile.recordingFile(file.path) == file)
        #expect(throws: OutputError.self) { try Bench.recording(outside.path) }
        #expect(throws: OutputError.self) { try Bench.recording(run.appendingPathComponent("nothing.json").path) }

        #expect(SpinViewerFile.imageBase(for: recording, besides: file) == "../images/")
        try Data().write(to: run.appendingPathComponent("frame-00001.jpg"))
        #expect(SpinViewerFile.imageBase(for: recording, besides: file) == "../")
        try FileManager.default.createDirectory(at: run.appendingPathComponent("images"), withIntermediateDirectories: false)
        #expect(SpinViewerFile.imageBase(for: recording, besides: file) == "../images/")

        let page = try Bench.writeSpinViewer(recording, besides: file)
        #expect(page == run.appendingPathComponent("viewer/index.html"))
        try Bench.writeSpinViewer(recording, besides: file)
        #expect(try FileManager.default.contentsOfDirectory(atPath: page.deletingLastPathComponent().path) == ["index.html"])
        #expect(try String(contentsOf: page, encoding: .utf8) == (try SpinViewerPage.html(recording, imageBase: "../images/")))

        // A page that is a link to a file elsewhere is not followed, nor is a linked folder.
        try FileManager.default.removeItem(at: page)
        let target = outside.appendingPathComponent("victim.html")
        try "keep".write(to: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: page, withDestinationURL: target)
        #expect(throws: OutputError.self) { try Bench.writeSpinViewer(recording, besides: file) }
        try FileManager.default.removeItem(at: page.deletingLastPathComponent())
        try FileManager.default.createSymbolicLink(at: page.deletingLastPathComponent(), withDestinationURL: outside)
        #expect(throws: OutputError.self) { try Bench.writeSpinViewer(recording, besides: file) }
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["victim.html"])
        try FileManager.default.removeItem(at: page.deletingLastPathComponent())
        try "x".write(to: page.deletingLastPathComponent(), atomically: true, encoding: .utf8)
        #expect(throws: OutputError.self) { try Bench.writeSpinViewer(recording, besides: file) }
    }
}
