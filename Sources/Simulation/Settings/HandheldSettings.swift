import OrbitMath

/// A device moved by hand, as in an IMU benchmark recording (BROAD): at rest, then rotated and
/// carried around with breaks, possibly tapped or vibrating. A scenario with a `handheld:` block
/// simulates this instead of an orbit; it is for `fusion` and `simulate`, not for capture runs.
///
/// Every motion is a function of *motion time* τ, which advances at rate m(t) ∈ [0, 1]: 0 at
/// rest, 1 in full motion, with smooth ramps. So a break really is at rest (no hand jitter), and
/// motion picks up where it stopped.
public struct HandheldSettings: Sendable, Equatable {
    /// At rest before the motion, s.
    public var leadIn = 30.0
    /// Time in motion on the wall clock (ramps included, breaks excluded), s.
    public var motionDuration = 120.0
    /// At rest after the motion, s.
    public var leadOut = 10.0
    /// Time from rest to full motion and back, s.
    public var ramp = 1.0
    /// A break after every this many seconds of motion; 0 = no breaks.
    public var breakEvery = 0.0
    /// Length of each break, s.
    public var breakDuration = 5.0

    /// RMS of the heading wander, degrees (a smooth random walk about vertical, bounded).
    public var headingRMS = 90.0
    /// Upper frequency of the heading wander, Hz.
    public var headingBandwidth = 0.2
    /// RMS of each component of the tilt rotation vector, degrees.
    public var tiltRMS = 30.0
    /// Upper frequency of the tilting, Hz.
    public var tiltBandwidth = 0.5
    /// RMS of the tilt rotation vector's z component (a twist about the body's own z axis) as
    /// a multiple of `tiltRMS`; 1: all three components alike.
    public var tiltVerticalScale = 1.0
    /// RMS displacement per world axis, m.
    public var translationRMS = 0.0
    /// Upper frequency of the displacement, Hz.
    public var translationBandwidth = 0.5
    /// A body axis the hand shakes the device along (a direction; its length does not
    /// matter); zero: none. Real shaking is not alike in every direction: a hand moves the
    /// device back and forth along a line fixed to the device.
    public var translationAxis = Vector3.zero
    /// Share of the displacement's variance carried along `translationAxis` (0…1); the rest
    /// stays alike in every world direction, so the total RMS is `translationRMS` per axis.
    public var translationAxisShare = 0.0
    /// Where the device sits relative to the point the hand turns it about (the wrist), body
    /// frame, m. Turning then also accelerates the device: centripetal ω×(ω×ℓ) and tangential
    /// ω̇×ℓ, as for a sensor held in the hand.
    public var leverArm = Vector3.zero

    /// Mean time between taps during the motion phase, s; 0 = no taps.
    public var tapInterval = 0.0
    /// Peak acceleration of a tap, m/s².
    public var tapAcceleration = 30.0
    /// Peak rotation rate of a tap, °/s.
    public var tapRotationRate = 30.0
    /// Width (σ of the Gaussian pulse) of a tap, s.
    public var tapWidth = 0.005

    /// Vibration frequency, Hz; 0 = none. Sampled at the IMU rate it aliases, as on a real IMU.
    public var vibrationFrequency = 0.0
    /// Amplitude of the vibration's acceleration, m/s².
    public var vibrationAcceleration = 0.0
    /// Amplitude of the vibration's rotation rate, °/s.
    public var vibrationRotationRate = 0.0
    /// The vibration runs for `vibrationOn` s, pauses for `vibrationOff` s, during the motion phase.
    public var vibrationOn = 1.0
    /// See `vibrationOn`, s.
    public var vibrationOff = 1.0

    public init() {}

    /// Motion phase: from the end of the lead-in to the start of the lead-out, s.
    public var motionPhase: ClosedRange<Double> { leadIn...(leadIn + motionSpan) }

    /// Wall-clock length of the motion phase including breaks, s.
    public var motionSpan: Double { motionDuration + Double(breakCount) * breakDuration }

    /// Total length of the recording, s.
    public var duration: Double { leadIn + motionSpan + leadOut }

    /// Breaks between motion segments.
    public var breakCount: Int {
        guard breakEvery > 0 else { return 0 }
        return max(0, Int((motionDuration / breakEvery - 1e-9).rounded(.up)) - 1)
    }
}
