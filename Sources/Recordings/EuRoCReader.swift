import Foundation
import OrbitMath

/// EuRoC MAV dataset IMU files (`mav0/imu0/data.csv`): `#timestamp [ns]`, `w_RS_S_x/y/z
/// [rad s^-1]`, `a_RS_S_x/y/z [m s^-2]`. No magnetometer, no reference attitude.
public enum EuRoCReader {
    static func looksLikeEuRoC(_ path: String) throws(RecordingError) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw RecordingError(file: path, message: FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file")
        }
        defer { try? handle.close() }
        let start = String(decoding: handle.readData(ofLength: 64), as: UTF8.self)
        return start.hasPrefix("#timestamp")
    }

    public static func read(_ path: String) throws(RecordingError) -> SensorRecording {
        let table = try NumericCSV(path: path, exactColumn: { _ in 0 })
        guard table.header.count == 7 else {
            throw RecordingError(
                file: path, row: 1, message: "expected 7 columns (timestamp, 3 gyroscope, 3 accelerometer), found \(table.header.count)")
        }
        guard table.rowCount >= 2 else { throw RecordingError(file: path, message: "needs at least 2 samples, found \(table.rowCount)") }
        var times: [Double] = [], gyroscope: [Vector3] = [], accelerometer: [Vector3] = []
        times.reserveCapacity(table.rowCount)
        gyroscope.reserveCapacity(table.rowCount)
        accelerometer.reserveCapacity(table.rowCount)
        for row in 0..<table.rowCount {
            for column in 0..<7 where !table[row, column].isFinite {
                throw RecordingError(file: path, row: table.lines[row], column: table.header[column], message: "not a finite number")
            }
            times.append(table.elapsed(row, column: 0) * 1e-9)
            gyroscope.append(Vector3(table[row, 1], table[row, 2], table[row, 3]))
            accelerometer.append(Vector3(table[row, 4], table[row, 5], table[row, 6]))
        }
        for index in times.indices.dropFirst() where !(times[index] > times[index - 1]) {
            throw RecordingError(file: path, row: table.lines[index], column: table.header[0], message: "timestamp does not increase")
        }
        try RecordingChecks.gaps(times, file: path, column: table.header[0]) { table.lines[$0] }
        return SensorRecording(
            name: recordingName(path), file: path, times: times, gyroscope: gyroscope, accelerometer: accelerometer, magnetometer: nil,
            truth: nil, truthFrame: .nwu, evaluated: nil, rate: RecordingChecks.medianRate(times))
    }

    /// The dataset folder's name for `…/MH_01_easy/mav0/imu0/data.csv`, else the file name.
    static func recordingName(_ path: String) -> String {
        let components = URL(fileURLWithPath: path).deletingPathExtension().pathComponents
        let generic: Set<String> = ["data", "imu0", "mav0", "/"]
        return components.reversed().first { !generic.contains($0) } ?? "recording"
    }
}
