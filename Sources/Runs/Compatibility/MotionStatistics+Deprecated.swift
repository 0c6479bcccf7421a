import Fusion
import OrbitMath
import StatisticsKit

// Forwarding shims of the 0.1 API, kept for one minor version (CHANGELOG.md): StatisticsKit no
// longer judges rest itself (it does not import Fusion), so the rest flags are passed in.

extension MotionStatistics {
    @available(*, deprecated, message: "pass atRest: RestDetector.flags(times:gyroscope:accelerometer:)")
    public init(times: [Double], gyroscope: [Vector3], accelerometer: [Vector3], magnetometer: [Vector3?]?, gravity: Double? = nil) {
        self.init(
            times: times, gyroscope: gyroscope, accelerometer: accelerometer, magnetometer: magnetometer,
            atRest: RestDetector.flags(times: times, gyroscope: gyroscope, accelerometer: accelerometer), gravity: gravity)
    }

    @available(*, deprecated, renamed: "RestDetector.flags(times:gyroscope:accelerometer:)")
    public static func restFlags(times: [Double], gyroscope: [Vector3], accelerometer: [Vector3]) -> [Bool] {
        RestDetector.flags(times: times, gyroscope: gyroscope, accelerometer: accelerometer)
    }
}

extension TrialSignals {
    @available(*, deprecated, message: "pass atRest: RestDetector.flags(times:gyroscope:accelerometer:)")
    public init(
        times: [Double], gyroscope: [Vector3], accelerometer: [Vector3], magnetometer: [Vector3?]?, truth: [Quaternion?]?, moving: [Bool]?
    ) {
        self.init(
            times: times, gyroscope: gyroscope, accelerometer: accelerometer, magnetometer: magnetometer, truth: truth, moving: moving,
            atRest: RestDetector.flags(times: times, gyroscope: gyroscope, accelerometer: accelerometer))
    }
}
