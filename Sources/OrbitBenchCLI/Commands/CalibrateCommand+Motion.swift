import Foundation
import OrbitBench

extension CalibrateCommand {
    /// `orbitbench calibrate --from-motion FILE…`: imu.yaml, motion-calibration.csv and
    /// motion-calibration.md.
    func runFromMotion() throws {
        let report = try ReportDirectory(destination: URL(fileURLWithPath: out), owner: "calibrate", overwrite: outputOptions.overwrite)
        let calibrations = try CommandFailure.wrapping {
            try Bench.motionCalibration(recordings: fromMotion, mapping: try mapping.map(CSVMapping.load), isolation: .commandLine)
        }
        let origin = ReportOrigin(command: "calibrate", scenarios: calibrations.keys.sorted())
        try report.record(origin, scenarios: [])
        let yaml = MotionCalibrationReport.yaml(calibrations)
        var document = ConsoleDocument()
        document.heading(
            "The IMU's errors during motion", console: "The IMU's errors during motion (values with 95 % intervals in motion-calibration.csv):")
        MotionCalibrationReport.table(calibrations, into: &document)
        try report.write(yaml, to: "imu.yaml")
        try report.write(MotionCalibrationReport.csv(calibrations).bytes, to: "motion-calibration.csv")
        try report.write(document.markdown, to: "motion-calibration.md")
        try report.commit()
        print(document.text, terminator: "")
        print(yaml, terminator: "")
        print("wrote \(report.destination.path)/{imu.yaml, motion-calibration.csv, motion-calibration.md}")
    }
}
