import Foundation
import OrbitMath
import ReportFormats
import ReportIO
import Scenarios
import StatisticsKit
import Twin

/// What `MotionCalibration` measured: the CSV, the console table, and the imu: block of
/// `orbitbench calibrate --from-motion`.
public enum MotionCalibrationReport {
    /// twin-calibration.csv and motion-calibration.csv: every term `MotionCalibration` measured, per trial, with its 95 %
    /// interval (`trial, term, component, value, low, high, unit`); the delays have none, and the
    /// magnetometer's offset is there when the motion identifies it.
    public static func csv(_ calibrations: [String: MotionCalibration]) -> CSVWriter {
        var csv = CSVWriter(header: ["trial", "term", "component", "value", "low", "high", "unit"])
        let axes = ["x", "y", "z"], pairs = ["xy", "xz", "yx", "yz", "zx", "zy"]
        let matrix = ["xx", "xy", "xz", "yx", "yy", "yz", "zx", "zy", "zz"]
        for (trial, calibration) in calibrations.sorted(by: { $0.key < $1.key }) {
            let terms: [(String, [String], [MotionCalibration.Estimate], String)] = [
                ("gyroscope_scale", axes, calibration.gyroscopeScalePPM, "ppm"),
                ("gyroscope_misalignment", pairs, calibration.gyroscopeMisalignmentDegrees, "deg"),
                ("frame_rotation", axes, calibration.frameRotationDegrees, "deg"),
                ("g_sensitivity", matrix, calibration.gSensitivity, "dps_per_g"),
                ("accelerometer_scale", axes, calibration.accelerometerScalePPM, "ppm"),
                ("accelerometer_misalignment", pairs, calibration.accelerometerMisalignmentDegrees, "deg"),
                ("lever_arm", axes, calibration.leverArmMillimetres, "mm"),
            ]
            /// One row of the trial: value, low and high (an empty field for nil) between the names and the unit.
            func row(_ term: String, _ component: String, values: [Double?], decimals: Int, _ unit: String) {
                csv.texts([trial, term, component])
                csv.numbers(values, decimals: decimals)
                csv.text(unit)
                csv.endRow()
            }
            row("delay", "", values: [calibration.delayMilliseconds, nil, nil], decimals: 3, "ms")
            if let magnetometerDelay = calibration.magnetometerDelayMilliseconds {
                row("magnetometer_delay", "", values: [magnetometerDelay, nil, nil], decimals: 3, "ms")
            }
            let offset: [(String, [String], [MotionCalibration.Estimate], String)] =
                calibration.magnetometerOffsetMicrotesla.map { [("magnetometer_offset", axes, $0, "uT")] } ?? []
            for (term, components, estimates, unit) in terms + offset {
                for (component, estimate) in zip(components, estimates) {
                    row(term, component, values: [estimate.value, estimate.low, estimate.high], decimals: 4, unit)
                }
            }
        }
        return csv
    }

    /// One row per recording: offsets (the magnetometer's beyond the IMU's), frame turn, scales, lever arm (each x / y / z) and the
    /// gyroscope residual.
    public static func table(_ calibrations: [String: MotionCalibration], into document: inout ConsoleDocument) {
        func three(_ estimates: [MotionCalibration.Estimate], _ format: String) -> String {
            estimates.map { String(format: format, $0.value) }.joined(separator: " / ")
        }
        document.table(
            header: [
                "trial", "delay (ms)", "mag. delay (ms)", "frame turn (°)", "gyro scale x/y/z (ppm)", "acc. scale x/y/z (ppm)",
                "lever arm x/y/z (mm)",
                "gyro residual (°/s)",
            ],
            rows: calibrations.sorted { $0.key < $1.key }.map { trial, calibration in
                let turn = calibration.frameRotationDegrees.map { $0.value * $0.value }.reduce(0, +).squareRoot()
                return [
                    trial, String(format: "%.1f", calibration.delayMilliseconds),
                    calibration.magnetometerDelayMilliseconds.map { String(format: "%.1f", $0) } ?? "–", String(format: "%.2f", turn),
                    three(calibration.gyroscopeScalePPM, "%.0f"), three(calibration.accelerometerScalePPM, "%.0f"),
                    three(calibration.leverArmMillimetres, "%.0f"),
                    String(format: "%.2f → %.2f", calibration.gyroscopeResidualBefore, calibration.gyroscopeResidualAfter),
                ]
            })
    }

    /// imu.yaml of `calibrate --from-motion`: the time offsets (means over the recordings) and,
    /// per axis, the scale errors and misalignments combined by inverse variance, each written
    /// only when the combined 95 % interval excludes zero on every axis, and the g-sensitivity's
    /// components whose interval excludes zero (the others 0); the per-recording values as comments.
    public static func yaml(_ calibrations: [String: MotionCalibration]) -> String {
        let all = calibrations.sorted { $0.key < $1.key }.map(\.value)
        guard !all.isEmpty else { return "" }
        func format(_ value: Double) -> String { String(format: "%.4g", value) }
        func combined(_ pick: (MotionCalibration) -> [MotionCalibration.Estimate]) -> [Double?] {
            (0..<pick(all[0]).count).map { component in
                let estimates = all.map { pick($0)[component] }
                // 95 % half-widths back to standard errors, then the inverse-variance mean.
                let weights = estimates.map { 1 / max(1e-300, pow(($0.high - $0.low) / (2 * 1.96), 2)) }
                let total = weights.reduce(0, +)
                let mean = zip(weights, estimates).map { $0 * $1.value }.reduce(0, +) / total
                let error = (1 / total).squareRoot()
                return abs(mean) > 1.96 * error ? mean : nil
            }
        }
        var overrides: [(String, String)] = [("imu.delay_ms", format(max(0, Statistics.mean(all.map(\.delayMilliseconds)))))]
        var notes: [String] = []
        let magnetometerDelays = all.compactMap(\.magnetometerDelayMilliseconds)
        if magnetometerDelays.isEmpty {
            notes.append("# imu.magnetometer.delay_ms: no recording has magnetometer readings with a reference; default kept")
        } else {
            overrides.append(("imu.magnetometer.delay_ms", format(Statistics.mean(magnetometerDelays))))
        }
        for (key, values) in [
            ("imu.gyroscope.scale_error_ppm", combined(\.gyroscopeScalePPM)),
            ("imu.gyroscope.misalignment_deg", combined(\.gyroscopeMisalignmentDegrees)),
            ("imu.accelerometer.scale_error_ppm", combined(\.accelerometerScalePPM)),
            ("imu.accelerometer.misalignment_deg", combined(\.accelerometerMisalignmentDegrees)),
        ] {
            if values.allSatisfy({ $0 != nil }) {
                overrides.append((key, "[" + values.map { format($0!) }.joined(separator: ", ") + "]"))
            } else {
                notes.append("# \(key): not identified on every axis over these recordings; default kept")
            }
        }
        // g-sensitivity's default is none: the components the data shows, the others 0.
        let sensitivity = combined(\.gSensitivity)
        if sensitivity.contains(where: { $0 != nil }) {
            overrides.append(("imu.gyroscope.g_sensitivity_dps_per_g", "[" + sensitivity.map { format($0 ?? 0) }.joined(separator: ", ") + "]"))
        } else {
            notes.append("# imu.gyroscope.g_sensitivity_dps_per_g: no component identified over these recordings; none kept")
        }
        let fragment = ScenarioLoader.fragment(overrides.map { ConfigOverride(path: $0.0.split(separator: ".").map(String.init), value: $0.1) })
        let perRecording = calibrations.sorted { $0.key < $1.key }.map { trial, calibration in
            "#   \(trial): delay \(format(calibration.delayMilliseconds)) ms"
                + (calibration.magnetometerDelayMilliseconds.map { ", magnetometer \(format($0)) ms later" } ?? "") + ", gyroscope scale ["
                + calibration.gyroscopeScalePPM.map { format($0.value) }.joined(separator: ", ") + "] ppm"
        }
        return """
            # IMU errors measured during motion by `orbitbench calibrate --from-motion` (\(ToolVersion.current)):
            # the real readings against the ideal ones along each recording's reference motion, both
            # smoothed alike; time offsets averaged, scale and misalignment combined by inverse variance
            # and written where the combined 95 % interval excludes zero. Per recording:

            """ + perRecording.joined(separator: "\n") + "\n" + (notes.isEmpty ? "" : notes.joined(separator: "\n") + "\n")
                + "# Paste into a scenario file.\n" + fragment.yaml
    }
}
