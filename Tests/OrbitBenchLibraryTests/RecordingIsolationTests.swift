import Foundation
import OrbitBench
import TestSupport
import Testing

/// `Bench.recording` and `Bench.fusion(recordings:)` read HDF5 files through a child process,
/// as the command line does.
@Suite struct RecordingIsolationTests {
    let trial = Repository.root.appendingPathComponent("data/broad/24_disturbed_tapping_A.hdf5").path

    @Test func filesAreReadThroughTheProbe() throws {
        // The test runner's folder holds orbitbench-probe, built with any product using OrbitBench.
        let isolated = try Bench.sensorRecording(trial)
        let direct = try Bench.sensorRecording(trial, isolation: .none)
        #expect(isolated.count == direct.count && isolated.count > 10_000 && isolated.name == "24_disturbed_tapping_A")
        let measured = try Bench.fusion(recordings: [trial], filters: [.madgwick, .biasEstimating], useMagnetometer: true, keepAttitude: false)
        #expect(measured.rows.map(\.result.label) == ["madgwick", "bias-estimating"] && measured.readSeconds.count == 1)
        #expect(measured.rows.allSatisfy { $0.result.rmse.totalDegrees.isFinite && $0.result.rmse.totalDegrees > 0 })
    }

    /// A damaged file ends in the child's one line; a probe that cannot start is an error, not
    /// a silent read in this process.
    @Test func damagedFilesAndMissingProbesAreErrors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("isolation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let damaged = folder.appendingPathComponent("damaged.hdf5")
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: trial)).prefix(4096))
        for index in stride(from: 600, to: bytes.count, by: 7) { bytes[index] ^= 0x5A }
        try Data(bytes).write(to: damaged)
        do {
            _ = try Bench.sensorRecording(damaged.path)
            Issue.record("a damaged file was read")
        } catch {
            let line = "\(error)"
            #expect(line.contains("damaged.hdf5") && !line.contains("\n"), "\(line)")
        }
        let missing = RecordingIsolation.process(executable: folder.appendingPathComponent("no-such-probe"), arguments: [])
        do {
            _ = try Bench.sensorRecording(trial, isolation: missing)
            Issue.record("read without its probe")
        } catch {
            #expect("\(error)".contains("cannot start"), "\(error)")
        }
    }
}
