import OrbitMath

/// A scene feature whose alignment measures a rephotograph (thesis 6.2, Figure 6.1), given
/// where it appears in the reference photograph and how far away it is.
public struct RephotoKeypoint: Sendable, Equatable {
    /// Column name in the tables ("P1").
    public var name: String
    /// Position in the reference photograph, percent of its width (0 left … 100 right).
    public var xPercent: Double
    /// Position in the reference photograph, percent of its height (0 top … 100 bottom).
    public var yPercent: Double
    /// Distance from the reference camera along its optical axis, m.
    public var depth: Double

    public init(name: String, xPercent: Double, yPercent: Double, depth: Double) {
        self.name = name
        self.xPercent = xPercent
        self.yPercent = yPercent
        self.depth = depth
    }

    /// The thesis's fountain scene: reference coordinates of IMG_3419 (Table 6.1). The thesis
    /// gives no distances; these are assumptions (fountain ≈ 14 m, building ≈ 40 m away).
    public static let thesisFountain = [
        RephotoKeypoint(name: "P1", xPercent: 31.51, yPercent: 60.74, depth: 14),
        RephotoKeypoint(name: "P2", xPercent: 2.65, yPercent: 33.85, depth: 40),
        RephotoKeypoint(name: "P3", xPercent: 96.46, yPercent: 33.16, depth: 40),
        RephotoKeypoint(name: "P4", xPercent: 86.38, yPercent: 76.93, depth: 14),
    ]
}

/// Where and how the reference photograph was taken.
public struct RephotoReferenceSettings: Sendable, Equatable {
    /// Camera position, world frame (x north, y west, z up), m.
    public var position = Vector3(0, 0, 1.6)
    /// Compass heading of the optical axis, degrees clockwise from true north.
    public var heading = 0.0
    /// Elevation of the optical axis above the horizon, degrees.
    public var tilt = 2.0
    /// Rotation of the picture about the optical axis (counter-clockwise as seen by the
    /// photographer), degrees.
    public var roll = 0.0
    public var deviceOrientation = DeviceOrientation.portrait
    /// How long the photographer holds the phone up before the shot (fusion settles), s.
    public var hold = 3.0

    public init() {}
}

/// What the app guides the user with.
public enum RephotoGuidance: String, CaseIterable, Sendable {
    /// Only the navigation rectangle (thesis 4.3.2) on the fused attitude.
    case rectangle
    /// The rectangle first, then the semi-transparent reference overlay for the fine
    /// alignment, as the thesis's testers did (6.2).
    case rectangleAndOverlay = "rectangle_and_overlay"
}

/// The person retaking the photograph: where they stand and how they steer the phone.
public struct RephotoUserSettings: Sendable, Equatable {
    /// Standard deviation of where the user stands, per horizontal axis, relative to the
    /// reference spot (GPS, feet shot), m.
    public var positionError = 0.25
    /// Standard deviation of the camera height relative to the reference, m.
    public var heightError = 0.05
    /// Standard deviation, per body axis, of the attitude when the user raises the phone
    /// relative to the reference attitude, degrees.
    public var pointingError = 8.0
    /// Standard deviation of the user's own idea of "level": the residual rotation about the
    /// optical axis, which the rectangle does not show, degrees.
    public var levelError = 0.7
    /// Delay between the screen changing and the user's hand reacting, s.
    public var reactionTime = 0.3
    /// Fraction of the perceived misalignment the user removes per second, 1/s.
    public var correctionRate = 1.0
    /// Fastest the user turns the phone while correcting, °/s.
    public var maxRate = 25.0
    /// RMS hand tremor about each body axis, degrees.
    public var tremor = 0.1
    /// Upper frequency of the tremor, Hz.
    public var tremorBandwidth = 3.0
    /// The rectangle looks centred when it is within this distance of the centre on each
    /// axis, points.
    public var rectangleTolerance = 3.0
    /// The overlay looks aligned when the scene is shifted by less than this on each image
    /// axis, percent of the image size.
    public var overlayTolerance = 3.0
    /// How long the view must look aligned before the user presses the shutter, s.
    public var hold = 1.0
    /// The user gives up and shoots anyway after this long, s.
    public var maxTime = 30.0

    public init() {}
}

/// A simulated rephotography study: one reference photograph, then `users` people retaking it.
public struct RephotoSettings: Sendable, Equatable {
    /// Simulated users per seed.
    public var users = 100
    public var guidance = RephotoGuidance.rectangleAndOverlay
    /// Size of the camera view the navigation rectangle moves in (WIDTH, HEIGHT of thesis
    /// 4.3.2), points, in the held orientation.
    public var viewWidth = 375.0
    public var viewHeight = 500.0
    public var reference = RephotoReferenceSettings()
    public var keypoints = RephotoKeypoint.thesisFountain
    public var user = RephotoUserSettings()

    public init() {}
}
