/// A camera frame as the app receives it.
public struct FrameInput: Sendable, Equatable {
    public var index: Int
    /// Exposure start in the camera clock, s.
    public var timestamp: Double
    /// Exposure time, s.
    public var exposure: Double
    /// File name the image would be stored under.
    public var image: String

    public init(index: Int, timestamp: Double, exposure: Double, image: String) {
        self.index = index
        self.timestamp = timestamp
        self.exposure = exposure
        self.image = image
    }
}
