import Foundation
import OrbitMath
import Recordings
import TestSupport
import Testing

/// The BROAD trials shipped in data/broad (or `$ORBITBENCH_BROAD_DATA`).
let broadDirectory = Repository.broadTrials

/// Serialized: the HDF5 library is not thread-safe and the fixtures write through it directly.
@Suite(.serialized) struct BROADReaderTests {
    @Test func readsAShippedTrial() throws {
        let recording = try BROADReader.read(broadDirectory + "/05_undisturbed_slow_rotation_with_breaks_B.hdf5")
        #expect(recording.count == 59_212)
        #expect(abs(recording.rate - 285.714) < 0.001)
        #expect(recording.accelerometer.count == 59_212 && recording.magnetometer?.count == 59_212 && recording.truth?.count == 59_212)
        // Row 2 of imu_gyr as h5py reads it.
        let sample = recording.gyroscope[1]
        #expect(sample.x == 3.913601155782886e-19 && sample.y == 0.0031956978604016175 && sample.z == -0.008522442737488312)
        #expect(recording.truth?[0] == nil)  // the optical reference has no lock at the start (NaN)
        #expect(recording.truth?.compactMap { $0 }.count == 57_203)
        #expect(recording.groups.contains("rotation") && recording.primaryGroup == "undisturbed")
        #expect(recording.evaluated?.filter { $0 }.count == 29_132)
        #expect(abs(recording.times[285] - 285 / recording.rate) < 1e-12)
        // At rest at the start, the accelerometer reads about +1 g.
        #expect(abs(recording.accelerometer[0].norm - 9.81) < 0.2)
    }

    @Test func readsEveryShippedTrial() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: broadDirectory).filter { $0.hasSuffix(".hdf5") }.sorted()
        #expect(files.count >= 2)
        for file in files {
            let recording = try BROADReader.read(broadDirectory + "/" + file)
            #expect(recording.count > 40_000, "\(file)")
            #expect(recording.primaryGroup == (file.contains("undisturbed") ? "undisturbed" : "disturbed"), "\(file)")
        }
    }

    @Test func wellFormedFixtureReads() throws {
        let url = temporaryFile("good.hdf5")
        HDF5Fixture().write(to: url)
        let recording = try BROADReader.read(url.path)
        #expect(recording.count == 100 && recording.rate == 200 && recording.gyroscope[3] == Vector3(0.03, 0, -0.02))
        #expect(recording.evaluated?.prefix(10).allSatisfy { !$0 } == true && recording.truth?[50] == .identity)
        #expect(recording.groups.isEmpty)
    }

    @Test func truncatedFileIsAClearError() throws {
        let whole = temporaryFile("whole.hdf5")
        HDF5Fixture(rows: 20_000).write(to: whole)
        let data = try Data(contentsOf: whole)
        let url = temporaryFile("truncated.hdf5")
        try data.prefix(data.count / 3).write(to: url)
        let problem = recordingError { _ = try BROADReader.read(url.path) }
        #expect(problem?.file == url.path)
        #expect(problem?.message.contains("truncated") == true || problem?.message.contains("damaged") == true, "\(String(describing: problem))")
        let text = temporaryFile("text.hdf5")
        try "not hdf5".write(to: text, atomically: true, encoding: .utf8)
        #expect(recordingError { _ = try BROADReader.read(text.path) }?.message == "not a readable HDF5 file (damaged or truncated?)")
        #expect(recordingError { _ = try BROADReader.read("/nonexistent/trial.hdf5") }?.message == "no such file")
    }

    @Test func wrongShapesAreNamed() throws {
        var fixture = HDF5Fixture()
        fixture.gyroscope = (0..<100).map { _ in [0, 0] }
        let url = temporaryFile("shape.hdf5")
        fixture.write(to: url)
        let problem = recordingError { _ = try BROADReader.read(url.path) }
        #expect(problem?.column == "imu_gyr" && problem?.message == "expected N×3, found 100×2")

        var short = HDF5Fixture()
        short.accelerometer = (0..<99).map { _ in [0, 0, 9.81] }
        short.write(to: url)
        #expect(recordingError { _ = try BROADReader.read(url.path) }?.message == "expected 100×3, found 99×3")

        var quaternions = HDF5Fixture()
        quaternions.quaternions = (0..<100).map { _ in [1, 0, 0] }
        quaternions.write(to: url)
        #expect(recordingError { _ = try BROADReader.read(url.path) }?.column == "opt_quat")
    }

    @Test func nonFiniteSamplesAreNamedByRow() throws {
        var fixture = HDF5Fixture()
        fixture.accelerometer![5][1] = .nan
        let url = temporaryFile("nan.hdf5")
        fixture.write(to: url)
        let problem = recordingError { _ = try BROADReader.read(url.path) }
        #expect(problem?.description == "\(url.path), row 6, column imu_acc: not a finite number")

        var notUnit = HDF5Fixture()
        notUnit.quaternions![7] = [2, 0, 0, 0]
        notUnit.write(to: url)
        #expect(recordingError { _ = try BROADReader.read(url.path) }?.row == 8)
    }

    @Test func missingPartsAreNamed() throws {
        var fixture = HDF5Fixture()
        fixture.omit = ["imu_mag"]
        let url = temporaryFile("missing.hdf5")
        fixture.write(to: url)
        #expect(recordingError { _ = try BROADReader.read(url.path) }?.description == "\(url.path), column imu_mag: dataset missing")
        var noRate = HDF5Fixture()
        noRate.samplingRate = nil
        noRate.write(to: url)
        #expect(recordingError { _ = try BROADReader.read(url.path) }?.column == "sampling_rate")
        var badRate = HDF5Fixture()
        badRate.samplingRate = -3
        badRate.write(to: url)
        #expect(recordingError { _ = try BROADReader.read(url.path) }?.message == "must be a positive number, found -3.0")
    }
}
