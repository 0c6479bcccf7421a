/// Motion blur of one exposure: lengths of the image paths points trace while the shutter is
/// open, px.
public struct ExposureBlur: Sendable, Equatable {
    /// Path of the object centre (the aim point). The simulated camera re-aims at it, so it
    /// shows what hand jitter and aiming lag add, not the orbit itself.
    public var center: Double
    /// Mean over the object's surface points visible at mid-exposure, px; `nil` when none is.
    public var objectMean: Double?
    /// Largest path among those points, px; `nil` when none is visible.
    public var objectMax: Double?
    /// Surface points that faced the camera and lay inside the picture at mid-exposure.
    public var visiblePoints: Int

    public init(center: Double, objectMean: Double?, objectMax: Double?, visiblePoints: Int) {
        self.center = center
        self.objectMean = objectMean
        self.objectMax = objectMax
        self.visiblePoints = visiblePoints
    }
}
