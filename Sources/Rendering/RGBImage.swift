/// An 8-bit RGB picture, rows top to bottom, 3 bytes per pixel.
public struct RGBImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// width × height × 3 bytes.
    public var pixels: [UInt8]

    /// A black picture.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        pixels = [UInt8](repeating: 0, count: self.width * self.height * 3)
    }

    /// The (r, g, b) of pixel (`x`, `y`).
    public func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let offset = (y * width + x) * 3
        return (pixels[offset], pixels[offset + 1], pixels[offset + 2])
    }
}

/// A problem rendering or encoding a frame.
public struct RenderError: Error, CustomStringConvertible, Sendable, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
