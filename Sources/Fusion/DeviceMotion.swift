import OrbitMath

/// The reference frame of DeviceMotion attitudes (CMAttitudeReferenceFrame). z is always
/// vertical (up); they differ in what x points at.
public enum ReferenceFrame: String, CaseIterable, Sendable {
    /// Gyroscope and accelerometer only: x is the device's heading at start, yaw drifts.
    case xArbitraryZVertical = "x_arbitrary_z_vertical"
    /// Magnetometer-corrected yaw, but x still the heading at start.
    case xArbitraryCorrectedZVertical = "x_arbitrary_corrected_z_vertical"
    /// x toward magnetic north.
    case xMagneticNorthZVertical = "x_magnetic_north_z_vertical"
    /// x toward true north (magnetic north turned by the declination).
    case xTrueNorthZVertical = "x_true_north_z_vertical"

    /// Whether the frame needs the magnetometer.
    public var usesMagnetometer: Bool { self != .xArbitraryZVertical }
}

/// How trustworthy `DeviceMotion.magneticField` is (CMMagneticFieldCalibrationAccuracy).
public enum MagneticFieldAccuracy: String, Sendable {
    /// No magnetometer data is used in this frame.
    case uncalibrated
    /// The last sample was judged disturbed.
    case low
    /// Calibrated field, undisturbed.
    case high
}

/// One fused motion sample, shaped like CMDeviceMotion. Units are SI (CoreMotion reports
/// gravity and user acceleration in g; divide by `Units.standardGravity` to compare).
public struct DeviceMotion: Sendable, Equatable {
    /// The sensor instant the data belongs to, s.
    public var timestamp: Double
    /// Body → reference frame.
    public var attitude: Quaternion
    /// Angular rate with the estimated bias removed, rad/s, body frame.
    public var rotationRate: Vector3
    /// Gravity in the body frame, m/s², pointing down (≈ (0, 0, −9.81) lying face up).
    public var gravity: Vector3
    /// Acceleration the user gives the device, m/s², body frame (specific force + gravity).
    public var userAcceleration: Vector3
    /// Calibrated magnetic field, µT, body frame; `nil` when none is used.
    public var magneticField: Vector3?
    public var magneticFieldAccuracy: MagneticFieldAccuracy
    /// Heading of the back camera (−z body axis projected on the horizontal), degrees clockwise
    /// from the frame's x axis seen from above, in [0, 360); `nil` for arbitrary frames.
    public var heading: Double?
    public var referenceFrame: ReferenceFrame
    /// Whether the filter believes the device is lying still.
    public var atRest: Bool

    public init(
        timestamp: Double, attitude: Quaternion, rotationRate: Vector3, gravity: Vector3, userAcceleration: Vector3,
        magneticField: Vector3?, magneticFieldAccuracy: MagneticFieldAccuracy, heading: Double?,
        referenceFrame: ReferenceFrame, atRest: Bool
    ) {
        self.timestamp = timestamp
        self.attitude = attitude
        self.rotationRate = rotationRate
        self.gravity = gravity
        self.userAcceleration = userAcceleration
        self.magneticField = magneticField
        self.magneticFieldAccuracy = magneticFieldAccuracy
        self.heading = heading
        self.referenceFrame = referenceFrame
        self.atRest = atRest
    }
}

/// Hard- and soft-iron correction the phone applies before fusion: m = A·(raw − offset).
public struct MagnetometerCalibration: Sendable, Equatable {
    /// Hard-iron offset, µT.
    public var offset: Vector3
    /// Soft-iron correction matrix.
    public var matrix: Matrix3

    public init(offset: Vector3 = .zero, matrix: Matrix3 = .identity) {
        self.offset = offset
        self.matrix = matrix
    }

    public static let none = MagnetometerCalibration()

    @inline(__always)
    public func apply(_ raw: Vector3) -> Vector3 { matrix * (raw - offset) }
}
