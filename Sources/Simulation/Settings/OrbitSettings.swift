import OrbitMath

/// How the phone is held (UIInterfaceOrientation naming: in landscape right the home-button
/// side is on the right, so the top of the phone points to the user's left).
public enum DeviceOrientation: String, CaseIterable, Sendable {
    case landscapeRight = "landscape_right"
    case landscapeLeft = "landscape_left"
    case portrait
}

/// Where the camera points while walking.
public enum AimMode: String, CaseIterable, Sendable {
    /// The optical axis points at the object centre from wherever the camera is.
    case target
    /// The optical axis keeps the elevation it had at the start and only turns horizontally
    /// toward the centre: a user who holds the rotation steady while the phone drifts up or
    /// down (the seed's uncompensated vertical movement).
    case level
}

public enum OrbitDirection: String, CaseIterable, Sendable {
    /// Counter-clockwise seen from above (azimuth increases).
    case counterclockwise
    case clockwise
}

/// The walker turns back at `atDegrees` of progress and walks `backDegrees` backwards before
/// continuing forward.
public struct Reversal: Sendable, Equatable {
    /// Progress along the orbit where the walker turns, degrees from the start.
    public var atDegrees: Double = 90
    /// How far the walker goes back, degrees.
    public var backDegrees: Double = 20
    public init() {}
    public init(atDegrees: Double, backDegrees: Double) {
        self.atDegrees = atDegrees
        self.backDegrees = backDegrees
    }
}

/// The walker stops at `atDegrees` of progress for `duration` seconds.
public struct Pause: Sendable, Equatable {
    /// Progress along the orbit where the walker stops, degrees from the start.
    public var atDegrees: Double = 180
    /// Length of the stop, s.
    public var duration: Double = 2
    public init() {}
    public init(atDegrees: Double, duration: Double) {
        self.atDegrees = atDegrees
        self.duration = duration
    }
}

/// The planned walk around the object (before the walker's imperfections).
public struct OrbitSettings: Sendable, Equatable {
    /// Distance of the camera from the object centre axis, m.
    public var radius = 3.0
    /// Camera height above the ground at the start, m.
    public var cameraHeight = 1.4
    /// Cruise angular speed along the orbit, °/s.
    public var angularSpeed = 6.5
    /// Total forward progress of the walk, degrees (below 360 leaves the orbit incomplete).
    public var sweep = 360.0
    public var direction = OrbitDirection.counterclockwise
    /// Azimuth of the camera position around the centre at the start, degrees from world x.
    public var startAzimuth = 0.0
    /// Standing still before walking, s (fusion settles, recording starts).
    public var leadIn = 2.0
    /// Standing still after the walk, s.
    public var leadOut = 1.0
    /// Time to speed up from rest to cruise speed (and to slow down), s.
    public var ramp = 1.5
    /// Standing still at each reversal before walking back, s.
    public var reversalDwell = 0.3
    public var deviceOrientation = DeviceOrientation.landscapeRight
    public var aim = AimMode.target
    public var reversals: [Reversal] = []
    public var pauses: [Pause] = []

    public init() {}
}

/// The person's imperfections on top of the planned orbit.
public struct WalkerSettings: Sendable, Equatable {
    /// Steps per second while walking at cruise speed, Hz.
    public var stepFrequency = 1.8
    /// Amplitude of the vertical bob at the step frequency, m.
    public var verticalBob = 0.02
    /// Amplitude of the sideways (radial) sway at half the step frequency, m.
    public var lateralSway = 0.015
    /// RMS of the hand's attitude jitter about each body axis, degrees.
    public var handJitter = 0.6
    /// Upper frequency of the hand jitter, Hz (smooth noise with knots 1/(2·bandwidth) apart).
    public var handJitterBandwidth = 2.0
    /// The phone lies still (on a table, in a mount) during the lead-in: no hand jitter until the
    /// walk starts, when it fades in over the orbit's ramp time. An IMU benchmark starts like this.
    public var restsDuringLeadIn = false
    /// Change of camera height over the whole walk, proportional to distance walked, m.
    public var verticalDrift = 0.0
    /// RMS of slow wandering of the orbit radius along the path, m (varies over ~20° walked).
    public var radiusWander = 0.08

    public init() {}
}

/// The object being captured.
public struct ObjectSettings: Sendable, Equatable {
    /// Centre of the object (the aim point), world frame, m. z is height above the ground.
    public var center = Vector3(0, 0, 0.8)
    /// Key points on the object, world frame, m. Empty means the eight corners of a box of
    /// `size` around the centre.
    public var keypoints: [Vector3] = []
    /// Extent of the default key-point box (x, y, z), m.
    public var size = Vector3(1.6, 1.0, 1.2)

    public init() {}

    /// The key points in use: the configured ones or the corners of the default box.
    public var effectiveKeypoints: [Vector3] {
        keypoints.isEmpty ? boxCorners : keypoints
    }
}
