import CHDF5
import Foundation
import Recordings
import Testing

/// Writes small BROAD-like HDF5 files for reader tests, with whatever defects a test needs.
struct HDF5Fixture {
    var rows = 100
    var gyroscope: [[Double]]?
    var accelerometer: [[Double]]?
    var magnetometer: [[Double]]?
    var quaternions: [[Double]]?
    var movement: [UInt8]?
    var samplingRate: Double? = 200
    var omit: Set<String> = []

    init(rows: Int = 100) {
        self.rows = rows
        gyroscope = (0..<rows).map { [0.01 * Double($0), 0, -0.02] }
        accelerometer = (0..<rows).map { _ in [0, 0, 9.81] }
        magnetometer = (0..<rows).map { _ in [20, 0, -40] }
        quaternions = (0..<rows).map { _ in [1, 0, 0, 0] }
        movement = (0..<rows).map { $0 < 10 ? 0 : 1 }
    }

    func write(to url: URL) {
        // The readers under test may be running on other threads: HDF5 is not thread-safe.
        HDF5Lock.withLock { writeLocked(to: url) }
    }

    private func writeLocked(to url: URL) {
        let access = unlockedFileAccess()
        defer { _ = H5Pclose(access) }
        let file = H5Fcreate(url.path, chdf5_truncate(), chdf5_default(), access)
        precondition(file >= 0, "cannot create \(url.path)")
        defer { _ = H5Fclose(file) }
        func matrix(_ name: String, _ values: [[Double]]?) {
            guard let values, !omit.contains(name) else { return }
            var dimensions: [hsize_t] = [hsize_t(values.count), hsize_t(values.first?.count ?? 0)]
            let space = H5Screate_simple(2, &dimensions, nil)
            let dataset = H5Dcreate2(file, name, chdf5_ieee_f64le(), space, chdf5_default(), chdf5_default(), chdf5_default())
            var flat = values.flatMap { $0 }
            _ = H5Dwrite(dataset, chdf5_native_double(), chdf5_all(), chdf5_all(), chdf5_default(), &flat)
            _ = H5Dclose(dataset)
            _ = H5Sclose(space)
        }
        matrix("imu_gyr", gyroscope)
        matrix("imu_acc", accelerometer)
        matrix("imu_mag", magnetometer)
        matrix("opt_quat", quaternions)
        if var flags = movement, !omit.contains("movement") {
            var dimensions: [hsize_t] = [hsize_t(flags.count)]
            let space = H5Screate_simple(1, &dimensions, nil)
            let dataset = H5Dcreate2(file, "movement", chdf5_std_u8le(), space, chdf5_default(), chdf5_default(), chdf5_default())
            _ = H5Dwrite(dataset, chdf5_native_uint8(), chdf5_all(), chdf5_all(), chdf5_default(), &flags)
            _ = H5Dclose(dataset)
            _ = H5Sclose(space)
        }
        if var rate = samplingRate {
            let space = H5Screate(H5S_SCALAR)
            let attribute = H5Acreate2(file, "sampling_rate", chdf5_ieee_f64le(), space, chdf5_default(), chdf5_default())
            _ = H5Awrite(attribute, chdf5_native_double(), &rate)
            _ = H5Aclose(attribute)
            _ = H5Sclose(space)
        }
    }
}

/// File access without HDF5's file lock (`flock`), for the fixtures a test writes. HDF5 opens
/// files without close-on-exec, so a CLI test spawning a child process while a fixture is open
/// for writing hands the child the exclusive lock, and the reader that follows finds the file
/// locked ("not a readable HDF5 file"). Close the list with `H5Pclose`.
func unlockedFileAccess() -> hid_t {
    let access = H5Pcreate(chdf5_file_access())
    _ = H5Pset_file_locking(access, false, true)
    return access
}

func temporaryFile(_ name: String) -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("orbitbench-recordings-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent(name)
}

/// The RecordingError `body` throws; records an issue when it throws nothing or something else.
func recordingError(_ body: () throws -> Void) -> RecordingError? {
    do {
        try body()
        Issue.record("expected a RecordingError")
        return nil
    } catch let error as RecordingError {
        return error
    } catch {
        Issue.record("unexpected \(error)")
        return nil
    }
}
