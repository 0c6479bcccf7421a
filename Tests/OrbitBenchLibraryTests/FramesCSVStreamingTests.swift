import Foundation
import OrbitBench
import TestSupport
import Testing

@Suite struct FramesCSVStreamingTests {
    /// frames.csv written in chunks (here 7 frames, so chunks end inside seeds and a chunk
    /// never spans two seeds) has the bytes of the table formatted at once.
    @Test func chunkedFileEqualsTheWholeTable() throws {
        let scenario = try ScenarioSource(reference: "tripod-ideal", searchDirectories: [Repository.scenarios]).resolve()
        let results = try [1, 2].map { try CaptureRunner.run(scenario, seed: $0) }
        #expect(results.allSatisfy { $0.frames.count % 7 != 0 })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frames-csv-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try ReportDirectory(destination: folder, owner: "test")
        try CaptureReport.writeFramesCSV(results, to: report, framesPerChunk: 7)
        try report.commit()
        let written = try Data(contentsOf: folder.appendingPathComponent("frames.csv"))
        let whole = CaptureReport.framesCSV(results).bytes
        #expect(written.count == whole.count)
        #expect(Array(written) == whole)
        let rows = written.split(separator: UInt8(ascii: "\n")).count
        #expect(rows == 1 + results.map(\.frames.count).reduce(0, +))
    }
}
