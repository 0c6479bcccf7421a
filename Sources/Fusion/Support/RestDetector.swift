import Foundation
import OrbitMath

/// Decides whether the device lies still: both sensors stay close to their own short-term mean
/// and the mean rotation rate (after the bias estimate) is small, for long enough.
struct RestDetector: Sendable, Equatable {
    struct Parameters: Sendable, Equatable {
        /// Averaging time constant of the short-term means, s.
        var timeConstant: Double
        /// Largest deviation of the gyroscope from its mean, and of the mean rate itself, rad/s.
        var gyroscopeThreshold: Double
        /// Largest deviation of the accelerometer from its mean, m/s².
        var accelerationThreshold: Double
        /// Stillness must last this long before it counts as rest, s.
        var minimumDuration: Double
    }

    let parameters: Parameters
    private var smoothing: SmoothingFactor
    private(set) var meanGyroscope = Vector3.zero
    private(set) var meanAcceleration = Vector3.zero
    private var stillFor = 0.0

    init(parameters: Parameters) {
        self.parameters = parameters
        smoothing = SmoothingFactor(timeConstant: parameters.timeConstant)
    }

    mutating func reset(gyroscope: Vector3, accelerometer: Vector3) {
        meanGyroscope = gyroscope
        meanAcceleration = accelerometer
        stillFor = 0
    }

    var isAtRest: Bool { stillFor >= parameters.minimumDuration }

    /// Feeds one sample; returns whether the device is at rest now.
    @inline(__always)
    mutating func update(gyroscope: Vector3, accelerometer: Vector3, bias: Vector3, dt: Double) -> Bool {
        let alpha = smoothing.update(dt: dt)
        meanGyroscope += alpha * (gyroscope - meanGyroscope)
        meanAcceleration += alpha * (accelerometer - meanAcceleration)
        let limit = parameters.gyroscopeThreshold
        let still =
            (gyroscope - meanGyroscope).normSquared < limit * limit
            && (meanGyroscope - bias).normSquared < limit * limit
            && (accelerometer - meanAcceleration).normSquared < parameters.accelerationThreshold * parameters.accelerationThreshold
        stillFor = still ? stillFor + dt : 0
        return isAtRest
    }
}
