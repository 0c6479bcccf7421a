import Foundation
import OrbitMath

/// CMMotionManager's device-motion service on top of any attitude filter: calibrates the
/// magnetometer, runs the filter (6D or 9D depending on the reference frame), and expresses
/// its estimate in the chosen reference frame.
public struct DeviceMotionEstimator<Filter: AttitudeFilter>: Sendable {
    @usableFromInline var storedFilter: Filter
    public let referenceFrame: ReferenceFrame
    public let calibration: MagnetometerCalibration
    /// Magnetic declination (east of true north), rad; used by `xTrueNorthZVertical`.
    public let declination: Double
    /// Magnitude of gravity, m/s².
    public let gravity: Double
    /// Rotation about vertical from the filter's earth frame to the reference frame.
    @usableFromInline var frameOffset: Quaternion?
    @usableFromInline var lastGyroscope = Vector3.zero
    @usableFromInline var lastAccelerometer = Vector3.zero
    @usableFromInline var lastField: Vector3?
    @usableFromInline var lastTime = 0.0

    /// The filter, as the last update left it. Read in place (`_read`): a caller that asks
    /// for one property does not copy all of the filter's state, sample after sample.
    @inlinable public var filter: Filter {
        _read { yield storedFilter }
    }

    public init(
        filter: Filter, referenceFrame: ReferenceFrame, calibration: MagnetometerCalibration = .none, declination: Double = 0,
        gravity: Double = Units.standardGravity
    ) {
        storedFilter = filter
        self.referenceFrame = referenceFrame
        self.calibration = calibration
        self.declination = declination
        self.gravity = gravity
    }

    /// Feeds one raw sample to the filter; throws what the filter throws. Inlinable, like
    /// `motion`, so both are compiled for the concrete filter where the harness runs them.
    @inlinable @inline(__always)
    public mutating func update(_ reading: ImuReading) throws {
        var input = reading
        if referenceFrame.usesMagnetometer, let raw = reading.magnetometer {
            let field = calibration.apply(raw)
            input.magnetometer = field
            lastField = field
        } else {
            input.magnetometer = nil
        }
        try storedFilter.update(input)
        lastGyroscope = reading.gyroscope
        lastAccelerometer = reading.accelerometer
        lastTime = reading.time
        if frameOffset == nil, storedFilter.isInitialized {
            frameOffset = Self.offset(for: referenceFrame, attitude: storedFilter.attitude, declination: declination)
        }
    }

    /// The DeviceMotion for the latest sample; `nil` before the filter has initialised.
    /// Always inlined: called out of line on an estimator that a closure captures, the whole
    /// estimator (filter state and all, kilobytes) is copied for every call.
    @inlinable
    public var motion: DeviceMotion? {
        @inline(__always) get {
            guard storedFilter.isInitialized, let frameOffset else { return nil }
            let attitude = frameOffset * storedFilter.attitude
            let gravityInBody = attitude.inverseRotate(Vector3(0, 0, -gravity))
            var heading: Double?
            if referenceFrame == .xMagneticNorthZVertical || referenceFrame == .xTrueNorthZVertical {
                let camera = attitude.rotate(Vector3(0, 0, -1))
                if camera.x != 0 || camera.y != 0 {
                    // Clockwise from x seen from above: toward −y in a z-up frame.
                    heading = Angles.wrapTo360(Angles.degrees(atan2(-camera.y, camera.x)))
                }
            }
            let accuracy: MagneticFieldAccuracy =
                !referenceFrame.usesMagnetometer
                ? .uncalibrated
                : storedFilter.diagnostics.magnetometerRejected ? .low : .high
            return DeviceMotion(
                timestamp: lastTime, attitude: attitude, rotationRate: lastGyroscope - storedFilter.gyroscopeBias,
                gravity: gravityInBody, userAcceleration: lastAccelerometer + gravityInBody,
                magneticField: referenceFrame.usesMagnetometer ? lastField : nil, magneticFieldAccuracy: accuracy,
                heading: heading, referenceFrame: referenceFrame, atRest: storedFilter.diagnostics.atRest)
        }
    }

    /// Arbitrary frames put x along the device's heading at start (initial CoreMotion yaw 0);
    /// true north turns magnetic north by the declination (east positive, so clockwise).
    @usableFromInline
    static func offset(for frame: ReferenceFrame, attitude: Quaternion, declination: Double) -> Quaternion {
        switch frame {
        case .xArbitraryZVertical, .xArbitraryCorrectedZVertical:
            return Quaternion(about: .z, angle: -attitude.coreMotionAngles.yaw)
        case .xMagneticNorthZVertical:
            return .identity
        case .xTrueNorthZVertical:
            return Quaternion(about: .z, angle: -declination)
        }
    }
}
