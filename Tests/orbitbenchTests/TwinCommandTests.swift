import Foundation
import Testing

private func lines(_ url: URL) throws -> [Substring] { try String(contentsOf: url, encoding: .utf8).split(separator: "\n") }

/// `fusion --recording … --twin` on the shipped BROAD trials.
@Suite struct TwinCommandTests {
    @Test func twinWritesItsTableFigureAndSection() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try Tool.run([
            "fusion", "--recording", broadTrials + "/05_undisturbed_slow_rotation_with_breaks_B.hdf5", broadTrials + "/24_disturbed_tapping_A.hdf5",
            "--twin", "--seeds", "1-3", "--no-attitude", "--out", out.path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let csv = try lines(out.appendingPathComponent("twin.csv"))
        #expect(csv[0] == "trial,filter,real_rmse_total_deg,twin_mean_deg,twin_p10_deg,twin_p90_deg,factor")
        #expect(csv.count == 1 + 2 * 4, "one row per trial and filter")
        let fusion = try lines(out.appendingPathComponent("fusion.csv")).dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        for row in csv.dropFirst() {
            let fields = row.split(separator: ",").map(String.init)
            let real = Double(fields[2])!, mean = Double(fields[3])!, p10 = Double(fields[4])!, p90 = Double(fields[5])!, factor = Double(fields[6])!
            // The real column is fusion.csv's error of the same trial and filter.
            let same = fusion.first { $0[7] == fields[0] && $0[2] == fields[1] }
            #expect(same.map { abs(Double($0[3])! - real) < 1e-3 } == true, "\(row)")
            #expect(p10 <= mean + 1e-4 && mean <= p90 + 1e-4 && mean > 0, "\(row)")
            #expect(abs(factor - mean / real) < 2e-3, "\(row)")
        }
        // The printed factor widens the seeds' own range (--twin-prediction-factor 1) both ways.
        let marker = "The twin's 10–90 % is its seeds' range widened by a factor "
        let printed = result.standardOutput.components(separatedBy: marker).dropFirst().first.flatMap { Double($0.prefix(4)) }
        let factor = try #require(printed, "\(result.standardOutput)")
        #expect(factor > 1)
        let seedsOnly = out.appendingPathComponent("seeds-only")
        let unwidened = try Tool.run([
            "fusion", "--recording", broadTrials + "/05_undisturbed_slow_rotation_with_breaks_B.hdf5", broadTrials + "/24_disturbed_tapping_A.hdf5",
            "--twin", "--seeds", "1-3", "--no-attitude", "--no-plots", "--twin-prediction-factor", "1", "--out", seedsOnly.path,
        ])
        #expect(unwidened.standardOutput.contains(marker + "1.00 both ways"), "\(unwidened.standardOutput)")
        let seedRows = try lines(seedsOnly.appendingPathComponent("twin.csv")).dropFirst().map { $0.split(separator: ",").compactMap { Double($0) } }
        for (widened, seeds) in zip(csv.dropFirst().map { $0.split(separator: ",").compactMap { Double($0) } }, seedRows) {
            // real, mean, p10, p90, factor: the same but for p10 / f and p90 · f (4 decimals).
            #expect(widened[0] == seeds[0] && widened[1] == seeds[1] && widened[4] == seeds[4])
            #expect(abs(widened[2] * factor - seeds[2]) < 1e-3 && abs(widened[3] - seeds[3] * factor) < 1e-3, "\(widened) \(seeds)")
        }
        #expect(result.standardOutput.contains("24_disturbed_tapping_A: the twin does not model the motion faster than the reference's smoothing"))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("plots/twin.png").path))
        let calibration = try lines(out.appendingPathComponent("twin-calibration.csv"))
        #expect(calibration[0] == "trial,term,component,value,low,high,unit")
        #expect(calibration.contains { $0.hasPrefix("05_undisturbed_slow_rotation_with_breaks_B,delay,,") })
        let page = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(page.contains("Twin: real against simulated along the same motion"))

        // The same seeds give the same twin.
        let again = out.appendingPathComponent("again")
        _ = try Tool.run([
            "fusion", "--recording", broadTrials + "/05_undisturbed_slow_rotation_with_breaks_B.hdf5", broadTrials + "/24_disturbed_tapping_A.hdf5",
            "--twin", "--seeds", "1-3", "--no-attitude", "--no-plots", "--out", again.path,
        ])
        #expect(try Data(contentsOf: again.appendingPathComponent("twin.csv")) == Data(contentsOf: out.appendingPathComponent("twin.csv")))
    }

    @Test func twinNeedsRecordingsWithAReference() throws {
        let result = try Tool.run(["fusion", "orbit-72", "--twin"])
        #expect(result.status != 0 && result.standardError.contains("--twin simulates the sensors along --recording trials"))
        // A CSV log without reference attitudes: no twin to build, said in one line.
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let rows = (0..<3000).map { "\(Double($0) / 100),0.01,0,0,0,0,9.81" }
        try (["time,gx,gy,gz,ax,ay,az"] + rows).joined(separator: "\n").write(
            to: folder.appendingPathComponent("log.csv"), atomically: true, encoding: .utf8)
        try "time: {column: time, unit: s}\ngyroscope: {columns: [gx, gy, gz], unit: rad_s}\naccelerometer: {columns: [ax, ay, az], unit: m_s2}\n"
            .write(to: folder.appendingPathComponent("map.yaml"), atomically: true, encoding: .utf8)
        let noReference = try Tool.run([
            "fusion", "--recording", folder.appendingPathComponent("log.csv").path, "--mapping", folder.appendingPathComponent("map.yaml").path,
            "--dof", "6", "--twin", "--seeds", "1", "--out", folder.appendingPathComponent("out").path,
        ])
        #expect(noReference.status != 0 && noReference.standardError.contains("none of these recordings has one"), "\(noReference.standardError)")
    }

    /// `--twin-knots`, `--twin-scale-prior` and `--twin-magnetometer-delay` are checked before
    /// any work: one line, exit 2.
    @Test func twinOptionsAreChecked() throws {
        let trial = broadTrials + "/24_disturbed_tapping_A.hdf5"
        let cases: [([String], String)] = [
            (["--twin", "--twin-knots", "0.04"], "is not attitude:position in seconds"),
            (["--twin", "--twin-knots", "0.04:-1"], "is not attitude:position in seconds"),
            (["--twin", "--twin-scale-prior=-5"], "--twin-scale-prior must be 0 or more ppm"),
            (["--twin-knots", "0.04:0.1"], "give --twin too"),
            (["--twin", "--twin-magnetometer-delay", "nan"], "--twin-magnetometer-delay must be -1000 to 1000 ms"),
            (["--twin", "--twin-magnetometer-delay", "2000"], "--twin-magnetometer-delay must be -1000 to 1000 ms"),
            (["--twin-magnetometer-delay", "0"], "give --twin too"),
            (["--twin-magnetometer-offset", "none"], "give --twin too"),
            (["--twin", "--twin-magnetometer-offset", "some"], "twin-magnetometer-offset"),
            (["--twin", "--twin-prediction-factor", "0.9"], "--twin-prediction-factor must be 1 or more"),
            (["--twin-prediction-factor", "2"], "give --twin too"),
        ]
        for (options, message) in cases {
            let result = try Tool.run(["fusion", "--recording", trial] + options)
            #expect(result.status == 2 && result.standardError.contains(message), "\(options): \(result.standardError)")
        }
    }

    @Test func calibrateFromMotionWritesAnImuBlock() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try Tool.run([
            "calibrate", "--from-motion", broadTrials + "/05_undisturbed_slow_rotation_with_breaks_B.hdf5", "--out", out.path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let yaml = try String(contentsOf: out.appendingPathComponent("imu.yaml"), encoding: .utf8)
        // The offset this IMU shows against BROAD's optical reference on every trial: a few ms.
        let delay = yaml.split(separator: "\n").first { $0.contains("delay_ms:") }.flatMap {
            Double($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces))
        }
        #expect(delay.map { $0 > 1 && $0 < 10 } == true, "\(yaml)")
        // The magnetometer's own delay, nested under magnetometer: (BROAD's: about 11 ms).
        let magnetometerDelay = yaml.components(separatedBy: "magnetometer:\n    delay_ms:").dropFirst().first.flatMap {
            Double($0.split(separator: "\n")[0].trimmingCharacters(in: .whitespaces))
        }
        #expect(magnetometerDelay.map { $0 > 5 && $0 < 20 } == true, "\(yaml)")
        let csv = try lines(out.appendingPathComponent("motion-calibration.csv"))
        // Header, the two delays, the terms' components, and the magnetometer's offset (trial 05
        // turns the field through the sensor in every direction).
        #expect(csv[0] == "trial,term,component,value,low,high,unit" && csv.count == 1 + 2 + 3 + 6 + 3 + 9 + 3 + 6 + 3 + 3)
        #expect(csv.contains { $0.contains(",magnetometer_offset,z,") && $0.hasSuffix(",uT") })

        let both = try Tool.run(["calibrate", "--recording", "x.hdf5", "--from-motion", "y.hdf5"])
        #expect(both.status != 0 && both.standardError.contains("give --recording FILE or --from-motion FILE…, one of them"))
        let noReference = try Tool.run([
            "calibrate", "--from-motion", Tool.repository.appendingPathComponent("Package.swift").path, "--out", out.path,
        ])
        #expect(noReference.status != 0)
    }
}
