import OrbitMath

/// Learns a magnetic disturbance that rides on the device (a magnet, a phone's speaker) so its
/// field can still give heading.
///
/// While the field is disturbed, the residual r = m − q⁻¹·m_ref (the measured field minus the
/// reference field seen through the current attitude, µT, body frame) is low-passed in the body
/// frame with `timeConstant`. A body-fixed offset o stands still there; an error of the attitude
/// estimate is fixed in the earth frame and turns in the body frame as the device turns, so it
/// averages out. The offset is trusted once the device has turned through `minimumTurn` since
/// the disturbance began (at rest the residual is the offset only if the attitude is right, and
/// nothing but turning shows that), and while the residual stays within
/// `residualTolerance` (µT, RMS about the estimate) — a world-fixed magnet or a moving one does
/// not keep still in the body frame.
///
/// The disturbance ends when the field has looked undisturbed for `releaseTime`; until then the
/// corrected field is used even where the raw one passes the magnitude and dip tests, because a
/// magnet turning with the device passes them exactly where it tilts the heading most (its
/// field across the earth's).
///
/// Edge cases: without turning the offset is never trusted; a magnet taken off reads as an
/// offset that changes, so the spread rises and the raw field is used again.
public struct BodyFixedOffset: Sendable, Equatable {
    public struct Parameters: Sendable, Equatable {
        /// s.
        public var timeConstant: Double
        /// rad turned (integral of the rotation rate) before the offset is trusted.
        public var minimumTurn: Double
        /// µT RMS of the residual about the estimate.
        public var residualTolerance: Double
        /// s the field must look undisturbed before the offset is forgotten.
        public var releaseTime: Double

        public init(timeConstant: Double, minimumTurn: Double, residualTolerance: Double, releaseTime: Double) {
            self.timeConstant = timeConstant
            self.minimumTurn = minimumTurn
            self.residualTolerance = residualTolerance
            self.releaseTime = releaseTime
        }
    }

    public let parameters: Parameters
    private var smoothing: SmoothingFactor
    /// The estimated offset, µT, body frame.
    public private(set) var offset = Vector3.zero
    private var spread = 0.0
    private var turned = 0.0
    /// True from the first disturbed residual until the offset is released.
    public private(set) var isTracking = false
    private var undisturbedFor = 0.0

    public init(parameters: Parameters) {
        self.parameters = parameters
        smoothing = SmoothingFactor(timeConstant: parameters.timeConstant)
    }

    public mutating func reset() {
        isTracking = false
        turned = 0
        spread = 0
        undisturbedFor = 0
        offset = .zero
    }

    /// Adds one residual (µT, body frame) taken while the device turns at `rate` rad/s, with the
    /// reference's verdict on the raw field, and returns the offset to subtract when it can be
    /// trusted.
    @inline(__always)
    public mutating func update(residual: Vector3, disturbed: Bool, rate: Double, dt: Double) -> Vector3? {
        if disturbed {
            undisturbedFor = 0
        } else {
            undisturbedFor += dt
            if !isTracking || undisturbedFor > parameters.releaseTime {
                if isTracking { reset() }
                return nil
            }
        }
        guard isTracking else {
            isTracking = true
            offset = residual
            spread = 0
            turned = 0
            return nil
        }
        let alpha = smoothing.update(dt: dt)
        let deviation = residual - offset
        offset += alpha * deviation
        spread += alpha * (deviation.normSquared - spread)
        turned += rate * dt
        let tolerance = parameters.residualTolerance
        return turned >= parameters.minimumTurn && spread <= tolerance * tolerance ? offset : nil
    }
}
