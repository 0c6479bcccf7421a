import Runs
import Foundation
import ReportIO
import OrbitMath
import Plotting
import Scenarios
import StatisticsKit
import ReportFormats

/// The files of `orbitbench calibrate`: an `imu:` block for a scenario, the Allan curves and
/// their plot.
public enum CalibrationReport {
    static let microG = 1e6 / Units.standardGravity

    /// The two sensors in the order every file lists them, with the factor from SI units to
    /// the reports' (°/s, µg).
    static func sensors(_ calibration: ImuCalibration) -> [(name: String, axes: [ImuCalibration.Axis], scale: Double)] {
        [("gyroscope", calibration.gyroscope, Angles.degreesPerRadian), ("accelerometer", calibration.accelerometer, microG)]
    }

    static func significant(_ value: Double) -> String { value == 0 ? "0" : String(format: "%.4g", value) }

    /// imu.yaml: the identified keys as a block to paste into a scenario (means over the axes);
    /// a term the window cannot identify is left out, with a comment that says why, so the
    /// scenario keeps the simulator's default.
    public static func yaml(_ calibration: ImuCalibration, file: String) -> String {
        var overrides: [(String, String)] = [("imu.rate_hz", String(format: "%.3f", calibration.rate))]
        var notes: [String] = []
        let window = String(format: "%.1f", calibration.window.upperBound - calibration.window.lowerBound)
        func add(_ key: String, _ axes: [ImuCalibration.Axis], _ term: KeyPath<AllanNoiseTerms, AllanNoiseTerms.Estimate>, _ scale: Double) {
            guard let (value, identified) = ImuCalibration.combined(axes, term) else { return }
            if identified {
                overrides.append((key, significant(value * scale)))
            } else {
                notes.append("# \(key): not identifiable from a \(window) s window (at most \(significant(value * scale))); default kept")
            }
        }
        for ((sensor, axes, scale), units) in zip(sensors(calibration), [("dps_rthz", "dps", "dps_rts"), ("ug_rthz", "ug", "ug_rts")]) {
            add("imu.\(sensor).noise_density_\(units.0)", axes, \.noiseDensity, scale)
            add("imu.\(sensor).bias_instability_\(units.1)", axes, \.biasInstability, scale)
            if ImuCalibration.combined(axes, \.biasInstability)?.identified == true {
                let times = axes.compactMap(\.terms).filter(\.correlationTimeFitted).map(\.correlationTime)
                if times.count == axes.count {
                    overrides.append(("imu.\(sensor).bias_correlation_time_s", significant(Statistics.mean(times))))
                } else {
                    notes.append("# imu.\(sensor).bias_correlation_time_s: not identifiable from a \(window) s window; default kept")
                }
            }
            add("imu.\(sensor).random_walk_\(units.2)", axes, \.randomWalk, scale)
            if sensor == "gyroscope", calibration.gyroscopeResolution > 0 {
                overrides.append(("imu.gyroscope.resolution_dps", significant(calibration.gyroscopeResolution * Angles.degreesPerRadian)))
            }
            if sensor == "accelerometer", calibration.accelerometerResolution > 0 {
                overrides.append(("imu.accelerometer.resolution_mg", significant(calibration.accelerometerResolution * microG / 1000)))
            }
        }
        if let noise = calibration.magnetometerNoise { overrides.append(("imu.magnetometer.noise_ut", significant(noise))) }
        let fragment = ScenarioLoader.fragment(overrides.map { ConfigOverride(path: $0.0.split(separator: ".").map(String.init), value: $0.1) })
        let bias = calibration.gyroscope.map { significant($0.mean * Angles.degreesPerRadian) }.joined(separator: ", ")
        return """
            # IMU noise of \(calibration.recording) (\(file)), by `orbitbench calibrate` (\(ToolVersion.current)):
            # Allan deviation over the still window \(String(format: "%.1f–%.1f", calibration.window.lowerBound, calibration.window.upperBound)) s, the simulator's model
            # (σ² = N²/τ + σ_b²·g(τ/T) + K²·τ/3, σ_b a Gauss–Markov bias of correlation time T) fitted per
            # axis; a term is written when its 95 % interval excludes zero on every axis (mean of the axes).
            # Gyroscope mean at rest (its bias in this recording): [\(bias)] °/s. A turn-on bias spread,
            # scale and misalignment errors cannot be measured from one still window: keep the defaults.

            """ + (notes.isEmpty ? "" : notes.joined(separator: "\n") + "\n") + "# Paste into a scenario file.\n" + fragment.yaml
    }

    /// allan.csv: every curve point.
    public static func csv(_ calibration: ImuCalibration) -> CSVWriter {
        let curves = zip(sensors(calibration), ["deg_s", "ug"]).flatMap { sensor, unit in sensor.axes.map { (sensor.name, $0, sensor.scale, unit) } }
        let points = curves.flatMap { curve in curve.1.allan.tau.indices.map { (curve, $0) } }
        return CSVWriter(header: ["sensor", "axis", "tau_s", "adev", "unit", "clusters"], rows: points) { csv, point in
            let ((sensor, axis, scale, unit), index) = point
            csv.texts([sensor, axis.name])
            csv.number(axis.allan.tau[index], decimals: 6)
            csv.number(axis.allan.deviation[index] * scale, decimals: 8)
            csv.text(unit)
            csv.integer(axis.allan.terms[index])
        }
    }

    /// Per axis: N, σ_b (with T), K in scenario units, each with its 95 % interval or "not
    /// identifiable".
    static let tableHeader = ["axis", "noise density N", "bias instability σ_b (Gauss–Markov)", "correlation time T", "random walk K"]

    /// The still window in words ("still window 0.0–30.0 s (30 s at 100.0 Hz)").
    static func windowText(_ calibration: ImuCalibration) -> String {
        String(
            format: "still window %.1f–%.1f s (%.0f s at %.1f Hz)", calibration.window.lowerBound, calibration.window.upperBound,
            calibration.window.upperBound - calibration.window.lowerBound, calibration.rate)
    }

    public static func table(_ calibration: ImuCalibration) -> String { document(calibration).text }

    /// The console table and calibration.md: the window, every axis's noise terms with their
    /// 95 % intervals, what "not identified" means.
    public static func document(_ calibration: ImuCalibration) -> ConsoleDocument {
        let window = calibration.window.upperBound - calibration.window.lowerBound
        var document = ConsoleDocument()
        document.line(windowText(calibration) + "; values with their 95 % intervals")
        document.table(header: tableHeader, rows: tableRows(calibration))
        document.line("")
        document.line(String(format: "not identified: a %.1f s window cannot tell the term from zero; ≤ gives the largest value it allows", window))
        return document
    }

    /// One row per sensor axis: the three noise terms with their intervals, the correlation time.
    static func tableRows(_ calibration: ImuCalibration) -> [[String]] {
        // Short cells keep the table within 120 columns; the line under it says what they mean.
        func cell(_ estimate: AllanNoiseTerms.Estimate, _ scale: Double, _ unit: String) -> String {
            estimate.isIdentifiable
                ? "\(significant(estimate.value * scale)) [\(significant(estimate.lower * scale)), \(significant(estimate.upper * scale))] \(unit)"
                : "not identified, ≤ \(significant(estimate.upper * scale)) \(unit)"
        }
        var rows: [[String]] = []
        for ((sensor, axes, scale), units) in zip(sensors(calibration), [("°/s/√Hz", "°/s", "°/s/√s"), ("µg/√Hz", "µg", "µg/√s")]) {
            for axis in axes {
                guard let terms = axis.terms else {
                    rows.append(["\(sensor) \(axis.name)", "–", "–", "–", "–"])
                    continue
                }
                rows.append([
                    "\(sensor) \(axis.name)", cell(terms.noiseDensity, scale, units.0), cell(terms.biasInstability, scale, units.1),
                    terms.biasInstability.isIdentifiable
                        ? significant(terms.correlationTime) + (terms.correlationTimeFitted ? " s" : " s (assumed)") : "–",
                    cell(terms.randomWalk, scale, units.2),
                ])
            }
        }
        return rows
    }

    /// noise.csv: the fitted terms as data, one row per sensor axis and term — value with its
    /// 95 % interval (empty where a term is not identifiable: `upper` is then the bound the
    /// window allows), in the units of imu.yaml's keys (°/s…, µg…).
    public static func termsCSV(_ calibration: ImuCalibration) -> CSVWriter {
        var csv = CSVWriter(header: ["sensor", "axis", "term", "value", "ci_low", "ci_high", "unit", "identifiable"])
        for ((sensor, axes, scale), units) in zip(sensors(calibration), [("deg_s_rthz", "deg_s", "deg_s_rts"), ("ug_rthz", "ug", "ug_rts")]) {
            for axis in axes {
                guard let terms = axis.terms else { continue }
                for (name, estimate, unit) in [
                    ("noise_density", terms.noiseDensity, units.0), ("bias_instability", terms.biasInstability, units.1),
                    ("random_walk", terms.randomWalk, units.2),
                ] {
                    let identified = estimate.isIdentifiable
                    csv.texts([sensor, axis.name, name])
                    csv.numbers(
                        [identified ? estimate.value * scale : nil, identified ? estimate.lower * scale : nil, estimate.upper * scale], decimals: 8)
                    csv.text(unit)
                    csv.bool(identified)
                    csv.endRow()
                }
            }
        }
        return csv
    }

    /// report.html of `calibrate`: the noise terms, the YAML block to paste, then the Allan
    /// figure. Call last, before `commit`.
    public static func writePage(_ calibration: ImuCalibration, file: String, to report: ReportDirectory, origin: ReportOrigin) throws {
        try report.writeHTMLReport(
            title: "IMU noise of \(calibration.recording)",
            summary:
                "Noise terms fitted to the Allan deviation of the \(windowText(calibration)), with 95 % intervals; imu.yaml holds them as scenario keys.",
            whatRan: HTMLReport.whatRan(
                origin: origin,
                facts: [
                    HTMLReport.Fact("recording", file),
                    HTMLReport.Fact("still window", String(windowText(calibration).dropFirst("still window ".count))),
                ]),
            sections: [
                HTMLReport.Section(heading: "Noise terms", html: HTMLReport.table(header: tableHeader, rows: tableRows(calibration))),
                HTMLReport.Section(
                    heading: "imu.yaml: the keys to paste into a scenario", html: HTMLReport.preformatted(yaml(calibration, file: file))),
            ], origin: origin)
    }

    /// plots/allan.png: log–log Allan deviation per axis with the fitted model.
    public static func figure(_ calibration: ImuCalibration, output: FigureOutput) throws -> [UInt8] {
        func panel(_ title: String, _ axes: [ImuCalibration.Axis], scale: Double, unit: String) -> Panel {
            var series = axes.enumerated().map { index, axis in
                Series(
                    "\(axis.name) axis", color: Palette.color(index), x: axis.allan.tau, y: axis.allan.deviation.map { $0 * scale },
                    style: .lineAndMarkers(width: 1.4, radius: 2),
                    errors: zip(axis.allan.deviation, axis.allan.relativeUncertainty).map { $0 * $1 * scale })
            }
            for (index, axis) in axes.enumerated() {
                if let terms = axis.terms {
                    let model = axis.allan.tau.map { tau in terms.variance(tau: tau).squareRoot() * scale }
                    series.append(
                        Series(
                            index == 0 ? "fitted model" : nil, color: Palette.color(index).withAlpha(0.6), x: axis.allan.tau, y: model,
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
                    "still window %.1f–%.1f s at %.1f Hz; dashed: σ² = N²/τ + σ_b²·g(τ/T) + K²·τ/3 (Gauss–Markov bias) fitted per axis; bars: 1σ from the number of independent clusters",
                calibration.window.lowerBound, calibration.window.upperBound, calibration.rate),
            width: 1300, height: 640,
            rows: [
                [
                    panel("gyroscope", calibration.gyroscope, scale: Angles.degreesPerRadian, unit: "°/s"),
                    panel("accelerometer", calibration.accelerometer, scale: microG, unit: "µg"),
                ]
            ])
        return try figure.bytes(output)
    }
}
