import Capture
import Experiments
import Foundation
import Recordings
import ReportIO
import Runs
import Scenarios

/// The readers that take files from users, each as one entry point from bytes: what the
/// libFuzzer targets in `Fuzz/` call and what `fuzz-replay` feeds the corpora to. An entry point
/// returns whether the input was accepted; any error is a normal rejection. A crash, a hang or
/// an allocation beyond the limits is the bug being hunted.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case scenario
    case mapping
    case mappedCSV = "mapped-csv"
    case euroc
    case reportCSV = "report-csv"
    case thesis
    case recordingJSON = "recording-json"
    case hdf5
    /// A report folder's owner.json, read as `compare --reports` and `run` read it.
    case reportManifest = "report-manifest"
    /// A sweep's sweep.csv.sha256, read as `compare --sweep` reads it.
    case sweepDigest = "sweep-digest"

    /// Feeds `data` to the target's reader. Readers that need a path get a file in `scratch`.
    @discardableResult
    public func run(_ data: Data, scratch: URL) -> Bool {
        do {
            switch self {
            case .scenario:
                _ = try ScenarioLoader.parse(yaml: String(decoding: data, as: UTF8.self), fileName: "fuzz.yaml")
            case .mapping:
                _ = try CSVMapping.load(try write(data, scratch, "mapping.yaml"))
            case .mappedCSV:
                let mapping = try CSVMapping.load(try write(Data(Self.mappingForCSV.utf8), scratch, "fixed-mapping.yaml"))
                _ = try RecordingLoader.read(try write(data, scratch, "log.csv"), mapping: mapping)
            case .euroc:
                _ = try EuRoCReader.read(try write(data, scratch, "data.csv"))
            case .reportCSV:
                let path = try write(data, scratch, "metrics.csv")
                _ = try? RegressionRun.load(baseline: path)
                _ = try CSVTable.load(path)
            case .thesis:
                let folder = scratch.appendingPathComponent("thesis")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                _ = try write(data, folder, "table-6-1.csv")
                _ = try write(Data(Self.table62.utf8), folder, "table-6-2-published.csv")
                _ = try write(Data(Self.table63.utf8), folder, "table-6-3-published.csv")
                _ = try ThesisAudit(data: ThesisData.load(directory: folder.path))
            case .recordingJSON:
                _ = try Recording.decode(data)
            case .hdf5:
                _ = try RecordingLoader.read(try write(data, scratch, "trial.hdf5"))
            case .reportManifest:
                let folder = scratch.appendingPathComponent("report")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                _ = try write(Data(Self.metricsCSV.utf8), folder, "metrics.csv")
                _ = try write(data, folder, ReportManifest.fileName)
                _ = try ReportManifest.read(in: folder)?.strangers(in: folder)
                _ = try RegressionRun.loadReport(folder.path)
            case .sweepDigest:
                let folder = scratch.appendingPathComponent("sweep")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                _ = try write(Data(Self.sweepJSON.utf8), folder, "sweep.json")
                _ = try write(Data(Self.sweepCSV.utf8), folder, "sweep.csv")
                _ = try write(data, folder, "sweep.csv.sha256")
                _ = try StoredSweep(directory: folder, partial: true)
            }
            return true
        } catch {
            return false
        }
    }

    private func write(_ data: Data, _ folder: URL, _ name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    static let mappingForCSV = """
        time: {column: t, unit: ms}
        gyroscope: {columns: [gx, gy, gz], unit: deg_s}
        accelerometer: {columns: [ax, ay, az], unit: g}
        magnetometer: {columns: [mx, my, mz], unit: ut}
        truth: {columns: [qw, qx, qy, qz], frame: enu}
        """

    static let metricsCSV = "scenario,seed,coverage\norbit-72,1,0.9500\norbit-72,2,1.0000\n"
    static let sweepJSON = """
        {"columns": ["cell", "seed", "selection.threshold", "coverage", "failure"], "resolvedScenario": "name: orbit-72\\n",
         "scenario": "orbit-72", "seeds": [1, 2], "vary": ["selection.threshold=4:6:2"]}
        """
    static let sweepCSV = "cell,seed,selection.threshold,coverage,failure\n0,1,4,1.0000,\n0,2,4,0.9500,\n1,1,6,1.0000,\n"

    static let table62 = "image,P1,P2\nB,1.0,2.0\nC,1.5,2.5\n"
    static let table63 = "keypoint,mean,sigma\nP1,1.2,0.3\nP2,2.2,0.3\noverall,1.7,0.3\n"
}
