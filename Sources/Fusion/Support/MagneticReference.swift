import Foundation

/// Tracks what the undisturbed magnetic field looks like (its magnitude and dip below the
/// horizontal) and judges each sample against it.
///
/// A sample is disturbed when its magnitude differs by more than `normTolerance` (relative) or
/// its dip by more than `dipTolerance`. While undisturbed the reference follows slowly. A
/// disturbance that stays steady for `acceptAfter` seconds is accepted as the new normal (the
/// user walked into a different magnetic environment), as magnetometer-aided filters must do
/// or they would ignore the magnetometer forever.
struct MagneticReference: Sendable, Equatable {
    struct Parameters: Sendable, Equatable {
        var normTolerance: Double
        var dipTolerance: Double
        var followTimeConstant: Double
        var acceptAfter: Double
    }

    let parameters: Parameters
    private var follow: SmoothingFactor
    private(set) var norm: Double?
    private(set) var dip = 0.0
    private var candidateNorm = 0.0
    private var candidateDip = 0.0
    private var disturbedFor = 0.0

    init(parameters: Parameters) {
        self.parameters = parameters
        follow = SmoothingFactor(timeConstant: parameters.followTimeConstant)
    }

    mutating func reset() {
        norm = nil
        disturbedFor = 0
    }

    /// Judges a sample of magnitude `sampleNorm` (µT) and dip `sampleDip` (rad, positive below
    /// the horizontal). Returns true when the sample may be used.
    @inline(__always)
    mutating func accept(norm sampleNorm: Double, dip sampleDip: Double, dt: Double) -> Bool {
        guard let reference = norm else {
            norm = sampleNorm
            dip = sampleDip
            return true
        }
        let alpha = follow.update(dt: dt)
        let disturbed = abs(sampleNorm / reference - 1) > parameters.normTolerance || abs(sampleDip - dip) > parameters.dipTolerance
        if !disturbed {
            norm = reference + alpha * (sampleNorm - reference)
            dip += alpha * (sampleDip - dip)
            disturbedFor = 0
            return true
        }
        // Disturbed: is the new field steady around its own mean?
        if disturbedFor == 0 || abs(sampleNorm / candidateNorm - 1) > parameters.normTolerance
            || abs(sampleDip - candidateDip) > parameters.dipTolerance {
            candidateNorm = sampleNorm
            candidateDip = sampleDip
            disturbedFor = dt
        } else {
            candidateNorm += alpha * (sampleNorm - candidateNorm)
            candidateDip += alpha * (sampleDip - candidateDip)
            disturbedFor += dt
        }
        if disturbedFor >= parameters.acceptAfter {
            norm = candidateNorm
            dip = candidateDip
            disturbedFor = 0
            return true
        }
        return false
    }
}
