/// Tracks what the undisturbed magnetic field looks like (its magnitude and dip below the
/// horizontal) and judges each sample against it.
///
/// The sample's magnitude and dip are first low-passed over `currentTimeConstant` (single noisy
/// samples should not flip the verdict). They are disturbed when the magnitude differs by more
/// than `normTolerance` (relative) or the dip by more than `dipTolerance`; after a disturbance
/// the field must look undisturbed for `minimumUndisturbedTime` before it is used again. While
/// undisturbed the reference follows slowly.
///
/// A disturbance that stays steady is accepted as the new normal (the user walked into a
/// different magnetic environment) after `acceptAfter` seconds — counted only while the device
/// turns faster than `newFieldMinimumRate`: a homogeneous field keeps its magnitude and dip
/// whichever way the device points, a magnet moving with the device does not, so only
/// rotation can tell them apart.
///
/// Heading cannot go uncorrected forever: gyroscope scale and bias errors grow with every turn.
/// After `maximumRejectionTime` of rejection the samples are used again, weakly (`.weak`); a
/// magnet riding on the device then mostly averages out as the device turns. The rejection
/// clock runs back down `rejectionRecoveryFactor` times faster while the field is undisturbed.
struct MagneticReference: Sendable, Equatable {
    struct Parameters: Sendable, Equatable {
        var normTolerance: Double
        var dipTolerance: Double
        var followTimeConstant: Double
        var acceptAfter: Double
        var currentTimeConstant: Double
        var minimumUndisturbedTime: Double
        /// rad/s.
        var newFieldMinimumRate: Double
        /// s; `.infinity` never uses a disturbed field.
        var maximumRejectionTime = Double.infinity
        var rejectionRecoveryFactor = 2.0
    }

    enum Verdict: Sendable, Equatable {
        /// The field matches the reference.
        case use
        /// Disturbed, but rejected for longer than `maximumRejectionTime`: use with a smaller gain.
        case weak
        case reject
    }

    let parameters: Parameters
    private var follow: SmoothingFactor
    private var current: SmoothingFactor
    /// The reference magnitude, µT; nil before the first sample.
    private(set) var norm: Double?
    /// The reference dip, rad.
    private(set) var dip = 0.0
    private var currentNorm = 0.0
    private var currentDip = 0.0
    private var candidateNorm = 0.0
    private var candidateDip = 0.0
    private var candidateTime = 0.0
    private var undisturbedFor = 0.0
    private var rejectedFor = 0.0

    init(parameters: Parameters) {
        self.parameters = parameters
        follow = SmoothingFactor(timeConstant: parameters.followTimeConstant)
        current = SmoothingFactor(timeConstant: parameters.currentTimeConstant)
    }

    mutating func reset() {
        norm = nil
        candidateTime = 0
        undisturbedFor = 0
        rejectedFor = 0
    }

    /// Judges a sample of magnitude `sampleNorm` (µT) and dip `sampleDip` (rad, positive below
    /// the horizontal) taken while the device turns at `rate` rad/s.
    @inline(__always)
    mutating func judge(norm sampleNorm: Double, dip sampleDip: Double, rate: Double, dt: Double) -> Verdict {
        guard let reference = norm else {
            norm = sampleNorm
            dip = sampleDip
            currentNorm = sampleNorm
            currentDip = sampleDip
            undisturbedFor = parameters.minimumUndisturbedTime
            return .use
        }
        let beta = current.update(dt: dt)
        currentNorm += beta * (sampleNorm - currentNorm)
        currentDip += beta * (sampleDip - currentDip)
        let alpha = follow.update(dt: dt)
        let disturbed = abs(currentNorm / reference - 1) > parameters.normTolerance || abs(currentDip - dip) > parameters.dipTolerance
        if !disturbed {
            undisturbedFor += dt
            candidateTime = 0
            rejectedFor = max(0, rejectedFor - parameters.rejectionRecoveryFactor * dt)
            guard undisturbedFor >= parameters.minimumUndisturbedTime else { return .reject }
            norm = reference + alpha * (currentNorm - reference)
            dip += alpha * (currentDip - dip)
            return .use
        }
        undisturbedFor = 0
        // Disturbed: is the new field steady around its own mean while the device turns?
        if candidateTime == 0 || abs(currentNorm / candidateNorm - 1) > parameters.normTolerance
            || abs(currentDip - candidateDip) > parameters.dipTolerance
        {
            candidateNorm = currentNorm
            candidateDip = currentDip
            candidateTime = .leastNonzeroMagnitude
        } else {
            candidateNorm += alpha * (currentNorm - candidateNorm)
            candidateDip += alpha * (currentDip - candidateDip)
            if rate >= parameters.newFieldMinimumRate { candidateTime += dt }
        }
        if candidateTime >= parameters.acceptAfter {
            norm = candidateNorm
            dip = candidateDip
            candidateTime = 0
            undisturbedFor = parameters.minimumUndisturbedTime
            return .use
        }
        if rejectedFor > parameters.maximumRejectionTime { return .weak }
        rejectedFor += dt
        return .reject
    }
}
