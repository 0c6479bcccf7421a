import Foundation
import OrbitBench

/// A small custom filter: tilt from the first accelerometer sample, then gyroscope
/// integration only. It drifts — which the bench's attitude RMSE shows.
public struct GyroOnlyFilter: AttitudeFilter {
    public struct Settings: Sendable, Equatable {
        public init() {}
    }

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
        attitude = (attitude * Quaternion(rotationVector: reading.gyroscope * dt)).normalized ?? attitude
        lastTime = reading.time
        diagnostics.updates += 1
    }

    public mutating func reset() { self = GyroOnlyFilter(settings: settings) }
}
