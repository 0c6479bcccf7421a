import Runs
import Foundation
import ReportIO
import OrbitMath
import Plotting
import Scenarios

/// The files of `orbitbench calibrate`: an `imu:` block for a scenario, the Allan curves and
/// their plot.
public enum CalibrationReport {
    static let microG = 1e6 / Units.standardGravity

    static func significant(_ value: Double) -> String { value == 0 ? "0" : String(format: "%.4g", value) }

    static func mean(_ axes: [ImuCalibration.Axis], _ term: KeyPath<AllanNoiseTerms, Double>) -> Double? {
        let values = axes.compactMap { $0.terms?[keyPath: term] }
        return values.isEmpty ? nil : Statistics.mean(values)
    }

    /// imu.yaml: the measured keys as a block to paste into a scenario (means over the axes).
    public static func yaml(_ calibration: ImuCalibration, file: String) -> String {
        var overrides: [(String, String)] = [("imu.rate_hz", String(format: "%.3f", calibration.rate))]
        func add(_ key: String, _ value: Double?) { if let value { overrides.append((key, significant(value))) } }
        add("imu.gyroscope.noise_density_dps_rthz", mean(calibration.gyroscope, \.noiseDensity).map { $0 * Angles.degreesPerRadian })
        add("imu.gyroscope.bias_instability_dps", mean(calibration.gyroscope, \.biasInstability).map { $0 * Angles.degreesPerRadian })
        add("imu.gyroscope.random_walk_dps_rts", mean(calibration.gyroscope, \.randomWalk).map { $0 * Angles.degreesPerRadian })
        if calibration.gyroscopeResolution > 0 { add("imu.gyroscope.resolution_dps", calibration.gyroscopeResolution * Angles.degreesPerRadian) }
        add("imu.accelerometer.noise_density_ug_rthz", mean(calibration.accelerometer, \.noiseDensity).map { $0 * microG })
        add("imu.accelerometer.bias_instability_ug", mean(calibration.accelerometer, \.biasInstability).map { $0 * microG })
        add("imu.accelerometer.random_walk_ug_rts", mean(calibration.accelerometer, \.randomWalk).map { $0 * microG })
        if calibration.accelerometerResolution > 0 { add("imu.accelerometer.resolution_mg", calibration.accelerometerResolution * microG / 1000) }
        add("imu.magnetometer.noise_ut", calibration.magnetometerNoise)
        let fragment = ScenarioLoader.fragment(overrides.map { ConfigOverride(path: $0.0.split(separator: ".").map(String.init), value: $0.1) })
        let bias = calibration.gyroscope.map { significant($0.mean * Angles.degreesPerRadian) }.joined(separator: ", ")
        return """
            # IMU noise of \(calibration.recording) (\(file)), by `orbitbench calibrate` (\(ToolVersion.current)):
            # Allan deviation over the still window \(String(format: "%.1f–%.1f", calibration.window.lowerBound, calibration.window.upperBound)) s, terms fitted per axis
            # (σ² = N²/τ + (0.664·B)² + K²·τ/3) and averaged over the three axes.
            # Gyroscope mean at rest (its bias in this recording): [\(bias)] °/s. A turn-on bias spread,
            # scale and misalignment errors cannot be measured from one still window: keep the defaults.
            # Paste into a scenario file.

            """ + fragment.yaml
    }

    /// allan.csv: every curve point.
    public static func csv(_ calibration: ImuCalibration) -> CSVWriter {
        var csv = CSVWriter(header: ["sensor", "axis", "tau_s", "adev", "unit", "clusters"])
        for (sensor, axes, scale, unit) in [
            ("gyroscope", calibration.gyroscope, Angles.degreesPerRadian, "deg_s"), ("accelerometer", calibration.accelerometer, microG, "ug"),
        ] {
            for axis in axes {
                for index in axis.allan.tau.indices {
                    csv.text(sensor)
                    csv.text(axis.name)
                    csv.number(axis.allan.tau[index], decimals: 6)
                    csv.number(axis.allan.deviation[index] * scale, decimals: 8)
                    csv.text(unit)
                    csv.integer(axis.allan.terms[index])
                    csv.endRow()
                }
            }
        }
        return csv
    }

    /// Per axis: N, B, K in scenario units.
    public static func table(_ calibration: ImuCalibration) -> String {
        var rows: [[String]] = []
        for (sensor, axes, scale, units) in [
            ("gyroscope", calibration.gyroscope, Angles.degreesPerRadian, ("°/s/√Hz", "°/s", "°/s/√s")),
            ("accelerometer", calibration.accelerometer, microG, ("µg/√Hz", "µg", "µg/√s")),
        ] {
            for axis in axes {
                rows.append([
                    "\(sensor) \(axis.name)", axis.terms.map { significant($0.noiseDensity * scale) + " " + units.0 } ?? "–",
                    axis.terms.map { significant($0.biasInstability * scale) + " " + units.1 } ?? "–",
                    axis.terms.map { significant($0.randomWalk * scale) + " " + units.2 } ?? "–",
                ])
            }
        }
        return String(
            format: "still window %.1f–%.1f s (%.0f s at %.1f Hz)\n", calibration.window.lowerBound, calibration.window.upperBound,
            calibration.window.upperBound - calibration.window.lowerBound, calibration.rate)
            + TextTable.render(header: ["axis", "noise density N", "bias instability B", "random walk K"], rows: rows)
    }

    /// plots/allan.png: log–log Allan deviation per axis with the fitted model.
    public static func figure(_ calibration: ImuCalibration, provenance: [PNGText]) throws -> [UInt8] {
        func panel(_ title: String, _ axes: [ImuCalibration.Axis], scale: Double, unit: String) -> Panel {
            var series = axes.enumerated().map { index, axis in
                Series(
                    "\(axis.name) axis", color: Palette.color(index), x: axis.allan.tau, y: axis.allan.deviation.map { $0 * scale },
                    style: .lineAndMarkers(width: 1.4, radius: 2),
                    errors: zip(axis.allan.deviation, axis.allan.relativeUncertainty).map { $0 * $1 * scale })
            }
            for (index, axis) in axes.enumerated() {
                if let terms = axis.terms {
                    let model = axis.allan.tau.map { tau in
                        (terms.noiseDensity * terms.noiseDensity / tau + pow(0.664 * terms.biasInstability, 2)
                            + terms.randomWalk * terms.randomWalk * tau / 3).squareRoot() * scale
                    }
                    series.append(
                        Series(
                            index == 0 ? "fitted N, B, K" : nil, color: Palette.color(index).withAlpha(0.6), x: axis.allan.tau, y: model,
                            style: .line(width: 1, dash: [5, 3])))
                }
            }
            return .cartesian(
                CartesianPlot(
                    title: title, x: ChartAxis("cluster time τ (s)", scale: .logarithmic),
                    y: ChartAxis("Allan deviation (\(unit))", scale: .logarithmic),
                    series: series, legend: .automatic))
        }
        let figure = Figure(
            title: "Allan deviation of \(calibration.recording)",
            subtitle: String(
                format:
                    "still window %.1f–%.1f s at %.1f Hz; dashed: σ² = N²/τ + (0.664·B)² + K²·τ/3 fitted per axis; bars: 1σ from the number of independent clusters",
                calibration.window.lowerBound, calibration.window.upperBound, calibration.rate),
            width: 1300, height: 640,
            rows: [
                [
                    panel("gyroscope", calibration.gyroscope, scale: Angles.degreesPerRadian, unit: "°/s"),
                    panel("accelerometer", calibration.accelerometer, scale: microG, unit: "µg"),
                ]
            ])
        return try figure.pngBytes(provenance: provenance)
    }
}
