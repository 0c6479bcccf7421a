import OrbitMath

/// What the person sees on the screen at one instant.
public struct RephotoView: Sendable {
    /// Navigation rectangle offset from the view centre, points (+x right, +y down); `nil`
    /// before the app has an attitude.
    public var rectangle: (x: Double, y: Double)?
    /// Shift of the live scene against the reference overlay, percent of the picture's width
    /// and height (+x right, +y down); `nil` when no key point is in view.
    public var overlayShift: (x: Double, y: Double)?
    /// Rotation of the phone about the optical axis relative to the reference, rad (what the
    /// person judges by eye against the grid and the overlay).
    public var rotation: Double

    public init(rectangle: (x: Double, y: Double)?, overlayShift: (x: Double, y: Double)?, rotation: Double) {
        self.rectangle = rectangle
        self.overlayShift = overlayShift
        self.rotation = rotation
    }
}

/// How a screen offset maps to a rotation of the phone, as an experienced user has learned it.
public struct RephotoDisplayGeometry: Sendable {
    /// Rectangle points per radian of ROLL (x, about device y) and PITCH (y, about device x).
    public var rectanglePointsPerRadian: (x: Double, y: Double)
    /// Radians per percent of picture shift (x, y).
    public var overlayRadiansPerPercent: (x: Double, y: Double)
    /// Body axes of the picture's right and up directions.
    public var pictureRight: Vector3
    public var pictureUp: Vector3

    /// The thesis rectangle (x = (ROLL + π)/2π·WIDTH, y = (PITCH + π/2)/π·HEIGHT) in a view of
    /// `viewWidth` × `viewHeight` points, and the picture of `camera`.
    public init(viewWidth: Double, viewHeight: Double, camera: PinholeCamera) {
        rectanglePointsPerRadian = (viewWidth / (2 * .pi), viewHeight / .pi)
        overlayRadiansPerPercent = camera.radiansPerPercent
        pictureRight = camera.right
        pictureUp = camera.up
    }
}

/// The person retaking a photograph: perceives the screen after a reaction time, turns the
/// phone toward alignment with a proportional hand movement, and shoots once the view has
/// looked aligned for a while.
///
/// Each guided axis is corrected until it looks aligned (within the tolerance) and then left
/// alone; it is picked up again only when it drifts beyond twice the tolerance (people do not
/// chase offsets they can barely see). With overlay guidance the person first centres the
/// rectangle, then aligns the overlay. The rotation about the optical axis, which the
/// rectangle does not show, is levelled by eye toward the person's own idea of level.
public struct RephotoUserModel {
    public enum Phase: String, Sendable {
        case rectangle, overlay, done
    }

    /// Why the shutter was pressed.
    public enum Outcome: String, Sendable, Codable {
        case aligned, timeout
    }

    // Parameters (SI), derived once.
    let gain: Double
    let maxRate: Double
    let reactionTime: Double
    let holdTime: Double
    let maxTime: Double
    let rectangleTolerance: Double
    let overlayTolerance: Double
    let usesOverlay: Bool
    let geometry: RephotoDisplayGeometry
    /// This person's idea of level: rotation about the optical axis they leave, rad.
    public let levelTarget: Double

    // State.
    private var pending: [(time: Double, view: RephotoView)]
    private var pendingStart = 0
    private var pendingCount = 0
    private var perceived: RephotoView?
    private var correcting = (x: true, y: true)
    public private(set) var phase = Phase.rectangle
    private var alignedSince: Double?
    public private(set) var outcome: Outcome?

    /// `sampleRate` (Hz) is how often `observe` will be called; it sizes the reaction-time
    /// delay line.
    public init(settings: RephotoUserSettings, guidance: RephotoGuidance, geometry: RephotoDisplayGeometry, levelTarget: Double, sampleRate: Double) {
        gain = settings.correctionRate
        maxRate = Angles.radians(settings.maxRate)
        reactionTime = settings.reactionTime
        holdTime = settings.hold
        maxTime = settings.maxTime
        rectangleTolerance = settings.rectangleTolerance
        overlayTolerance = settings.overlayTolerance
        usesOverlay = guidance == .rectangleAndOverlay
        self.geometry = geometry
        self.levelTarget = levelTarget
        let capacity = Int((settings.reactionTime * sampleRate * 2).rounded(.up)) + 8
        pending = Array(repeating: (0, RephotoView(rectangle: nil, overlayShift: nil, rotation: 0)), count: capacity)
    }

    /// Records what the screen shows at `time` (call with increasing times).
    @inline(__always)
    public mutating func observe(_ view: RephotoView, at time: Double) {
        if pendingCount == pending.count {  // more samples than the rate promised: forget the oldest
            perceived = pending[pendingStart].view
            pendingStart = (pendingStart + 1) % pending.count
            pendingCount -= 1
        }
        pending[(pendingStart + pendingCount) % pending.count] = (time, view)
        pendingCount += 1
    }

    /// The person's hand command at `time`: body rate (rad/s), and whether they press the
    /// shutter now.
    public mutating func decide(at time: Double) -> (rate: Vector3, shoot: Bool) {
        guard phase != .done else { return (.zero, false) }
        while pendingCount > 0 && pending[pendingStart].time <= time - reactionTime {
            perceived = pending[pendingStart].view
            pendingStart = (pendingStart + 1) % pending.count
            pendingCount -= 1
        }
        if time >= maxTime { return finish(.timeout) }
        guard let view = perceived else { return (.zero, false) }

        var rate = Vector3(0, 0, -gain * (view.rotation - levelTarget))
        var settled = false
        switch phase {
        case .rectangle:
            if let offset = view.rectangle {
                updateCorrecting(offset, tolerance: rectangleTolerance)
                // ROLL (x) is a rotation about device y, PITCH (y) about device x.
                if correcting.x { rate.y -= gain * offset.x / geometry.rectanglePointsPerRadian.x }
                if correcting.y { rate.x -= gain * offset.y / geometry.rectanglePointsPerRadian.y }
                settled = !correcting.x && !correcting.y
                if settled && usesOverlay {
                    phase = .overlay
                    correcting = (true, true)
                    settled = false
                }
            }
        case .overlay:
            if let shift = view.overlayShift {
                updateCorrecting(shift, tolerance: overlayTolerance)
                // A scene shifted right means the camera is turned left about the picture's up
                // axis; shifted down, tilted up about its right axis.
                if correcting.x { rate = rate - (gain * shift.x * geometry.overlayRadiansPerPercent.x) * geometry.pictureUp }
                if correcting.y { rate = rate - (gain * shift.y * geometry.overlayRadiansPerPercent.y) * geometry.pictureRight }
                settled = !correcting.x && !correcting.y
            }
        case .done:
            break
        }
        let speed = rate.norm
        if speed > maxRate { rate = (maxRate / speed) * rate }

        if settled {
            let since = alignedSince ?? time
            alignedSince = since
            if time - since >= holdTime { return finish(.aligned) }
        } else {
            alignedSince = nil
        }
        return (rate, false)
    }

    private mutating func updateCorrecting(_ offset: (x: Double, y: Double), tolerance: Double) {
        correcting.x = correcting.x ? abs(offset.x) > tolerance : abs(offset.x) > 2 * tolerance
        correcting.y = correcting.y ? abs(offset.y) > tolerance : abs(offset.y) > 2 * tolerance
    }

    private mutating func finish(_ reason: Outcome) -> (rate: Vector3, shoot: Bool) {
        phase = .done
        outcome = reason
        return (.zero, true)
    }
}
