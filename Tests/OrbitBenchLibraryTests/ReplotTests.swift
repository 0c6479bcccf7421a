import Foundation
import OrbitBench
import Testing

@Suite struct ReplotTests {
    /// A report folder read back gives the run's records: the same decisions, and the metrics
    /// recomputed from the files agree with the run's to the files' precision.
    @Test func reportFolderReadsBackIntoTheRunsResults() throws {
        let scenario = try Shipped.scenario("back-and-forth")
        let results = try Bench.runCapture(scenario, seeds: [1, 2])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replot-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Bench.writeCaptureReport(scenario, results, to: folder.path, figures: nil)

        let (read, readResults) = try CaptureReportReader.read(directory: folder.path)
        #expect(read.name == "back-and-forth" && read.selection.slotCount == 72 && readResults.map(\.seed) == [1, 2])
        for (original, again) in zip(results, readResults) {
            #expect(original.frames.map { $0.decision?.outcome } == again.frames.map { $0.decision?.outcome })
            #expect(original.slots.map { $0.entry?.frameIndex } == again.slots.map { $0.entry?.frameIndex })
            let (a, b) = (original.metrics, again.metrics)
            #expect(a.coverage == b.coverage && a.maxGapDegrees == b.maxGapDegrees && a.framesDropped == b.framesDropped)
            #expect(abs(a.slotAngleErrorMean - b.slotAngleErrorMean) < 1e-3 && abs(a.blurSelectedMean - b.blurSelectedMean) < 1e-3)
            #expect(abs(a.angleEstimateErrorMean - b.angleEstimateErrorMean) < 1e-3)
            #expect(abs(a.blurObjectSelectedMean - b.blurObjectSelectedMean) < 1e-3 && abs(a.blurObjectAllMean - b.blurObjectAllMean) < 1e-3)
            #expect(a.blurObjectSelectedMean > 0.1)
        }
        let written = try Bench.replot(folder.path)
        #expect(
            Set(written) == [
                "plots/coverage-polar.png", "plots/timeline.png", "plots/blur.png", "plots/blur-vs-rate.png", "plots/deviation.png",
                "plots/slot-error.png",
                "plots/error-cdf.png",
                "plots/queue.png", "plots/seeds.png", "report.html",
            ])
        // The page, written without figures, now embeds every one drawn.
        let page = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
        for file in written where file.hasPrefix("plots/") {
            let png = try Data(contentsOf: folder.appendingPathComponent(file))
            #expect(page.contains(#"href="\#(file)"><img src="data:image/png;base64,\#(png.base64EncodedString())""#), "\(file)")
        }
        for file in written where file.hasPrefix("plots/") {
            let png = try PNGCodec.decode(Array(try Data(contentsOf: folder.appendingPathComponent(file))))
            #expect(png.image.width > 500 && png.image.height > 500, "\(file)")
            #expect(png.texts.contains { $0.value.contains("orbitbench plot") }, "provenance names the command that drew it")
        }
    }

    /// Two capture scenarios give a comparison figure; one scenario (or a rephoto study) none.
    @Test func comparisonNeedsTwoCaptureScenarios() throws {
        let scenarios = [try Shipped.scenario("orbit-72"), try Shipped.scenario("tripod-ideal")]
        let outcomes = try Bench.run(scenarios, seeds: [1])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Bench.writeComparison(Array(scenarios.prefix(1)), Array(outcomes.prefix(1)), to: folder.path) == nil)
        let path = try #require(try Bench.writeComparison(scenarios, outcomes, to: folder.path))
        let png = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(png.image.width >= 1200 && png.texts.contains { $0.value.contains("orbit-72, tripod-ideal") })
    }

    @Test func aFolderThatIsNotAReportIsOneLine() {
        do {
            try Bench.replot(FileManager.default.temporaryDirectory.path)
            Issue.record("accepted a folder without a report")
        } catch {
            #expect("\(error)".contains("owner.json") && "\(error)".contains("not a report") && !"\(error)".contains("\n"), "\(error)")
        }
    }
}

@Suite struct FusionCaptionTests {
    @Test func captionNamesTheSettingsUsed() {
        #expect(RecordingFusionReport.parametersNote([]) == "Same parameters for every trial: each filter's defaults.")
        #expect(
            RecordingFusionReport.parametersNote(["fusion.madgwick.beta=0.12"])
                == "Same parameters for every trial: each filter's defaults except fusion.madgwick.beta=0.12.")
    }

    @Test func filtersKeepTheirColourWhateverIsBesideThem() {
        #expect(Palette.color(named: "madgwick") == Palette.series[2] && Palette.color(named: "complementary") == Palette.series[0])
        #expect(Palette.color(named: "my-filter") == Palette.color(named: "my-filter"))
        #expect(!Palette.namedColors.values.map { Palette.series[$0] }.contains(Palette.color(named: "my-filter")))
        // Other names are never black or grey (the frame's and the text's colours).
        for name in (0..<40).map({ "arm\($0)" }) {
            #expect(Palette.color(named: name) != Palette.series[6] && Palette.color(named: name) != Palette.series[8], "\(name)")
        }
    }

    /// In one figure no two names share a colour: a name whose own colour is taken gets the
    /// next free one, and everything else keeps its own.
    @Test func namesInOneFigureNeverShareAColour() throws {
        let names = (0..<40).map { "arm\($0)" }
        let clash = try #require(
            names.indices.lazy.compactMap { i in
                names[(i + 1)...].first { Palette.color(named: $0) == Palette.color(named: names[i]) }.map { (names[i], $0) }
            }
            .first)
        let colors = Palette.colors(named: ["madgwick", clash.0, clash.1, "complementary"])
        #expect(colors[0] == Palette.series[2] && colors[1] == Palette.color(named: clash.0) && colors[3] == Palette.series[0])
        #expect(Set(colors.map { "\($0)" }).count == 4)
        #expect(Palette.colors(named: ["default"]) == [Palette.color(named: "default")])
        // As many names as colours: every colour once.
        #expect(Set(Palette.colors(named: Array(names.prefix(Palette.series.count))).map { "\($0)" }).count == Palette.series.count)
    }

    @Test func theSweptMetricLeadsThePage() {
        let figures = ["plots/sweep-pareto.png", "plots/sweep-coverage.png"].map { HTMLReport.Figure(file: $0, bytes: []) }
        #expect(FigureGuide.ordered(figures).map(\.file) == ["plots/sweep-coverage.png", "plots/sweep-pareto.png"])
        #expect(FigureGuide.entry(for: "plots/sweep-pareto.svg")?.heading == "Trade-off between two metrics")
        #expect(FigureGuide.entry(for: "plots/sweep-coverage.png")?.heading == "The ranked metric over the varied keys")
    }
}
