import Foundation
import OrbitBench

/// A small custom filter: tilt from the first accelerometer sample, then gyroscope
/// integration; with a `tilt_gain` above 0 it also turns towards the accelerometer's "up" (a
/// complementary filter without heading). At the default 0 it drifts — which the bench's
/// attitude RMSE shows.
public struct GyroOnlyFilter: AttitudeFilter {
    public struct Settings: Sendable, Equatable {
        /// How fast the tilt follows the accelerometer, 1/s (0: gyroscope only).
        public var tiltGain = 0.0
        public init(tiltGain: Double = 0) { self.tiltGain = tiltGain }
    }

    /// The parameter it declares when registered: `fusion.parameters.tilt_gain`.
    public static let parameters = [
        PluginParameter("tilt_gain", default: 0, range: 0...10, unit: "1/s", help: "how fast the tilt follows the accelerometer (0: gyroscope only)")
    ]

    public var settings = Settings()
    public private(set) var attitude = Quaternion.identity
    public let gyroscopeBias = Vector3.zero
    public private(set) var diagnostics = FilterDiagnostics()
    public private(set) var isInitialized = false
    private var lastTime = 0.0

    public init(settings: Settings) { self.settings = settings }

    public mutating func update(_ reading: ImuReading) {
        guard reading.gyroscope.x.isFinite, reading.gyroscope.y.isFinite, reading.gyroscope.z.isFinite,
            let up = reading.accelerometer.normalized
        else {
            diagnostics.rejectedNonFinite += 1
            return
        }
        guard isInitialized else {
            // The rotation that turns the measured "up" onto the world's z axis.
            let axis = up.cross(.unitZ)
            let angle = acos(max(-1, min(1, up.dot(.unitZ))))
            attitude = axis.norm > 1e-9 ? Quaternion(axis: axis, angle: angle) : .identity
            isInitialized = true
            lastTime = reading.time
            return
        }
        let dt = reading.time - lastTime
        guard dt > 0 else {
            diagnostics.rejectedTimestamps += 1
            return
        }
        // The accelerometer's "up" against the estimate's, in the body frame: their cross
        // product is the turn that brings the estimate towards the measurement.
        let correction = settings.tiltGain > 0 ? up.cross(attitude.inverseRotate(.unitZ)) * settings.tiltGain : .zero
        attitude = (attitude * Quaternion(rotationVector: (reading.gyroscope + correction) * dt)).normalized ?? attitude
        lastTime = reading.time
        diagnostics.updates += 1
    }

    public mutating func reset() { self = GyroOnlyFilter(settings: settings) }
}
