import OrbitMath

/// Decides whether the device lies still: both sensors stay close to their own short-term mean
/// and the mean rotation rate (after the bias estimate) is small, for long enough.
public struct RestDetector: Sendable, Equatable {
    public struct Parameters: Sendable, Equatable {
        /// Averaging time constant of the short-term means, s.
        public var timeConstant: Double
        /// Largest deviation of the gyroscope from its mean, and of the mean rate itself, rad/s.
        public var gyroscopeThreshold: Double
        /// Largest deviation of the accelerometer from its mean, m/s².
        public var accelerationThreshold: Double
        /// Stillness must last this long before it counts as rest, s.
        public var minimumDuration: Double
        /// Largest difference between the gyroscope's mean over `timeConstant` and over four
        /// times as long for the mean to count as steady (`isSteady`), rad/s.
        public var steadinessThreshold: Double

        public init(
            timeConstant: Double, gyroscopeThreshold: Double, accelerationThreshold: Double, minimumDuration: Double, steadinessThreshold: Double
        ) {
            self.timeConstant = timeConstant
            self.gyroscopeThreshold = gyroscopeThreshold
            self.accelerationThreshold = accelerationThreshold
            self.minimumDuration = minimumDuration
            self.steadinessThreshold = steadinessThreshold
        }

        /// VQF's published rest detection: the bias-estimating filter's defaults.
        public static var standard: Parameters { BiasEstimatingFilter.Coefficients(.default).rest }
    }

    public let parameters: Parameters
    private var smoothing: SmoothingFactor
    private var slowSmoothing: SmoothingFactor
    public private(set) var meanGyroscope = Vector3.zero
    /// The gyroscope's mean over four times `timeConstant`, rad/s.
    public private(set) var slowMeanGyroscope = Vector3.zero
    public private(set) var meanAcceleration = Vector3.zero
    private var stillFor = 0.0

    public init(parameters: Parameters) {
        self.parameters = parameters
        smoothing = SmoothingFactor(timeConstant: parameters.timeConstant)
        slowSmoothing = SmoothingFactor(timeConstant: 4 * parameters.timeConstant)
    }

    public mutating func reset(gyroscope: Vector3, accelerometer: Vector3) {
        meanGyroscope = gyroscope
        slowMeanGyroscope = gyroscope
        meanAcceleration = accelerometer
        stillFor = 0
    }

    public var isAtRest: Bool { stillFor >= parameters.minimumDuration }

    /// Whether the short and the long mean of the gyroscope agree: a turn that starts slowly
    /// passes the deviation test for a while, but its mean is still rising. At rest the mean
    /// measures the bias only when it is steady.
    public var isSteady: Bool {
        (meanGyroscope - slowMeanGyroscope).normSquared < parameters.steadinessThreshold * parameters.steadinessThreshold
    }

    /// Feeds one sample; returns whether the device is at rest now.
    @inline(__always)
    public mutating func update(gyroscope: Vector3, accelerometer: Vector3, bias: Vector3, dt: Double) -> Bool {
        let alpha = smoothing.update(dt: dt)
        meanGyroscope += alpha * (gyroscope - meanGyroscope)
        slowMeanGyroscope += slowSmoothing.update(dt: dt) * (gyroscope - slowMeanGyroscope)
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
