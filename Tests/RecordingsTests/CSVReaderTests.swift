import Foundation
import OrbitMath
import Recordings
import ReportIO
import Scenarios
import Testing

private func write(_ text: String, _ name: String) throws -> URL {
    let url = temporaryFile(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
}

@Suite struct EuRoCReaderTests {
    let header = "#timestamp [ns],w_RS_S_x [rad s^-1],w_RS_S_y [rad s^-1],w_RS_S_z [rad s^-1],a_RS_S_x [m s^-2],a_RS_S_y [m s^-2],a_RS_S_z [m s^-2]\n"

    @Test func readsTimestampsRatesAndForces() throws {
        let rows = (0..<5).map { "\(1403636579758555392 + $0 * 5_000_000),0.1,-0.2,0.3,9.0,0.1,\(-2 - Double($0) * 0.01)" }
        let url = try write(header + rows.joined(separator: "\n") + "\n", "data.csv")
        let recording = try RecordingLoader.read(url.path)
        #expect(recording.count == 5 && abs(recording.rate - 200) < 1e-6)
        #expect(abs(recording.times[4] - 0.02) < 1e-12)
        #expect(recording.gyroscope[2] == Vector3(0.1, -0.2, 0.3) && recording.accelerometer[3] == Vector3(9.0, 0.1, -2.03))
        #expect(recording.magnetometer == nil && recording.truth == nil)
    }

    @Test func badRowsAreNamedByLineAndColumn() throws {
        let backwards = try write(header + "1000,0,0,0,0,0,9.8\n3000,0,0,0,0,0,9.8\n2000,0,0,0,0,0,9.8\n", "back.csv")
        let notIncreasing = recordingError { _ = try RecordingLoader.read(backwards.path) }
        #expect(notIncreasing?.row == 4 && notIncreasing?.column == "timestamp [ns]" && notIncreasing?.message == "timestamp does not increase")
        let nan = try write(header + "1000,0,0,0,0,0,9.8\n2000,0,nan,0,0,0,9.8\n", "nan.csv")
        #expect(
            recordingError { _ = try RecordingLoader.read(nan.path) }?.description
                == "\(nan.path), row 3, column w_RS_S_y [rad s^-1]: not a finite number")
        let short = try write(header + "1000,0,0,0,0,9.8\n", "short.csv")
        #expect(recordingError { _ = try RecordingLoader.read(short.path) }?.message == "6 fields, the header has 7")
        let text = try write(header + "1000,0,0,zero,0,0,9.8\n", "text.csv")
        #expect(recordingError { _ = try RecordingLoader.read(text.path) }?.message == "'zero' is not a number")
        let other = try write("time,gx\n1,2\n", "other.csv")
        #expect(recordingError { _ = try RecordingLoader.read(other.path) }?.message.contains("--mapping") == true)
    }
}

@Suite struct MappedCSVReaderTests {
    let mappingText = """
        time: {column: t, unit: ms}
        gyroscope: {columns: [gx, gy, gz], unit: deg_s}
        accelerometer: {columns: [ax, ay, az], unit: g, sign: -1}
        magnetometer: {columns: [mx, my, mz], unit: ut}
        truth: {columns: [qw, qx, qy, qz], frame: enu}
        """

    /// A CoreMotion-style log: ms, °/s, g with gravity reading −1 g; converted to SI specific force.
    @Test func convertsUnitsAndSigns() throws {
        let mappingURL = try write(mappingText, "phone.yaml")
        let mapping = try CSVMapping.load(mappingURL.path)
        let csv = try write(
            "t,gx,gy,gz,ax,ay,az,mx,my,mz,qw,qx,qy,qz\n0,90,0,0,0,0,-1,20,0,-40,1,0,0,0\n10,0,-180,0,0,0.5,-1,20,0,-40,,,,\n", "phone.csv")
        let recording = try RecordingLoader.read(csv.path, mapping: mapping)
        #expect(recording.times == [0, 0.01] && abs(recording.rate - 100) < 1e-9)
        #expect((recording.gyroscope[0] - Vector3(.pi / 2, 0, 0)).norm < 1e-12 && abs(recording.gyroscope[1].y + .pi) < 1e-12)
        #expect((recording.accelerometer[0] - Vector3(0, 0, 9.80665)).norm < 1e-12)
        #expect(abs(recording.accelerometer[1].y + 0.5 * 9.80665) < 1e-12)
        #expect(recording.magnetometer?[1] == Vector3(20, 0, -40))
        #expect(recording.truth?[0] == .identity && recording.truth?[1] == nil && recording.truthFrame == .enu)
    }

    @Test func mappingAndDataErrorsAreNamed() throws {
        let badKey = try write("time: {column: t, units: ms}\ngyroscope: {columns: [a, b, c]}\naccelerometer: {columns: [d, e, f]}\n", "bad.yaml")
        do {
            _ = try CSVMapping.load(badKey.path)
            Issue.record("expected an error")
        } catch {
            #expect(error.file == badKey.path && error.keyPath == "time.units" && error.message.contains("unknown key"))
        }
        let twoColumns = try write("time: {column: t}\ngyroscope: {columns: [a, b]}\naccelerometer: {columns: [d, e, f]}\n", "two.yaml")
        #expect(throws: ConfigError.self) { try CSVMapping.load(twoColumns.path) }

        let mapping = try CSVMapping.load(try write(mappingText, "phone.yaml").path)
        let missing = try write("t,gx,gy,gz,ax,ay,az\n0,0,0,0,0,0,-1\n1,0,0,0,0,0,-1\n", "missing.csv")
        let error = recordingError { _ = try RecordingLoader.read(missing.path, mapping: mapping) }
        #expect(error?.column == "mx" && error?.message.hasPrefix("no such column (the header has t, gx, gy, gz") == true)
        let backwards = try write(
            "t,gx,gy,gz,ax,ay,az,mx,my,mz,qw,qx,qy,qz\n5,0,0,0,0,0,-1,1,1,1,1,0,0,0\n5,0,0,0,0,0,-1,1,1,1,1,0,0,0\n", "same.csv")
        #expect(recordingError { _ = try RecordingLoader.read(backwards.path, mapping: mapping) }?.row == 3)
    }
}

/// Findings of the hostile-input audit in the readers of recordings.
@Suite struct RecordingAuditTests {
    let mappingText = """
        time: {column: t, unit: ms}
        gyroscope: {columns: [gx, gy, gz], unit: deg_s}
        accelerometer: {columns: [ax, ay, az], unit: g}
        magnetometer: {columns: [mx, my, mz], unit: ut}
        """

    /// "0x1p3" is not 8 in a data file: hexadecimal floats are refused, decimals read as before.
    @Test func hexadecimalFloatsAreRefused() throws {
        let mapping = try CSVMapping.load(try write(mappingText, "hex.yaml").path)
        let csv = try write("t,gx,gy,gz,ax,ay,az,mx,my,mz\n0,0x1p3,0,0,0,0,1,20,0,-40\n10,0,0,0,0,0,1,20,0,-40\n", "hex.csv")
        let error = recordingError { _ = try RecordingLoader.read(csv.path, mapping: mapping) }
        #expect(error?.row == 2 && error?.column == "gx" && error?.message == "'0x1p3' is not a number", "\(String(describing: error))")
        #expect(NumberText.decimal("0x1p3") == nil && NumberText.decimal("nan(0x1)") == nil)
        #expect(NumberText.decimal("-1.5e-3") == -0.0015 && NumberText.decimal("+.5") == 0.5 && NumberText.decimal("NaN")?.isNaN == true)
    }

    /// A magnetometer reading zero in every sample measured no field: the recording is a 6D one.
    @Test func allZeroMagnetometerIsNoMagnetometer() throws {
        let mapping = try CSVMapping.load(try write(mappingText, "zero.yaml").path)
        let rows = (0..<50).map { "\($0 * 10),0,0,0,0,0,1,0,0,0" }
        let csv = try write("t,gx,gy,gz,ax,ay,az,mx,my,mz\n" + rows.joined(separator: "\n") + "\n", "zero.csv")
        let recording = try RecordingLoader.read(csv.path, mapping: mapping)
        #expect(recording.magnetometer == nil && recording.magnetometerWasAllZero)
        #expect(recording.degenerateSensors().contains { $0.hasPrefix("magnetometer all zero in every sample") })
        let live = try write("t,gx,gy,gz,ax,ay,az,mx,my,mz\n0,0,0,0,0,0,1,0,0,0\n10,0,0,0,0,0,1,20,0,-40\n", "live.csv")
        #expect(try RecordingLoader.read(live.path, mapping: mapping).magnetometer != nil)
    }

    /// A trial listed twice in trials.json is an error, not one of its two entries.
    @Test func trialListedTwiceIsRefused() throws {
        let twice = try write(
            #"{"trials": {"05_slow": {"groups": ["all_trials", "rotation"]}, "05_slow" : {"groups": ["all_trials", "tapping"]}}}"#, "trials.json")
        let error = recordingError { _ = try BROADTrials.load(twice.path) }
        #expect(error?.message == "lists the trial '05_slow' twice; give each trial once", "\(String(describing: error))")
        let once = try write(#"{"trials": {"05_slow": {"groups": ["all_trials", "rotation"]}, "06": {"groups": ["05_slow"]}}}"#, "once.json")
        #expect(try BROADTrials.load(once.path).groups["05_slow"] == ["all_trials", "rotation"])
    }
}
