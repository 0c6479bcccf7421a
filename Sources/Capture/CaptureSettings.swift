/// When in the exposure the motion is looked up.
public enum LookupTime: String, CaseIterable, Sendable {
    /// At the frame's timestamp (exposure start), as the seed describes it.
    case exposureStart = "exposure_start"
    /// Half the exposure later: the attitude the picture actually averages.
    case exposureMiddle = "exposure_middle"
}

/// The capture app's parameters.
public struct CaptureSettings: Sendable, Equatable {
    /// Which selection code runs (`outer-circle`: `OuterCircleSelector`; others: `SelectorRegistry`).
    public var selector = SelectorName.outerCircle
    /// Number of slots around the circle (72 ⇒ one per 5°).
    public var slotCount = 72
    public var angleSource = AngleSource.opticalAxis
    public var orientation = CaptureOrientation.landscapeRight
    public var weights = SelectionWeights()
    /// Frames whose quality distance exceeds this are discarded (see `FrameScore`).
    public var threshold = 6.0
    public var lookupTime = LookupTime.exposureMiddle
    /// Coalesce motion floods (see `FloodGuard`).
    public var floodGuard = true
    /// Highest rate of fully processed motion updates with the flood guard on, Hz.
    public var floodGuardMaximumRate = 60.0
    /// DeviceMotion samples kept for frame lookup (at 100 Hz, 256 cover 2.5 s).
    public var motionBufferCapacity = 256
    /// Parameters of a plugged-in selector by name (`selection.parameters.<name>`), for it to
    /// read in its factory; `OuterCircleSelector` has none.
    public var parameters: [String: Double] = [:]

    public init() {}

    /// Angular width of one slot, degrees.
    public var slotWidth: Double { 360 / Double(slotCount) }
}
