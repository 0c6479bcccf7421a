import CPNGCodec

/// An image's pixels as the PNG encoder stores them: RGB when every pixel is opaque, else
/// RGBA, `width × pixelBytes` bytes a row. For measuring the encoder against a reference.
public struct PNGScanlines: Sendable {
    public let width: Int
    public let height: Int
    /// 3 (RGB) or 4 (RGBA).
    public let pixelBytes: Int
    public let bytes: [UInt8]

    public init(_ image: RGBAImage) {
        width = image.width
        height = image.height
        let opaque = stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 }
        pixelBytes = opaque ? 3 : 4
        bytes = opaque ? image.pixels.enumerated().compactMap { $0.offset % 4 == 3 ? nil : $0.element } : image.pixels
    }

    /// The size of the zlib stream libpng wrote for these scanlines before OrbitBench encoded
    /// PNGs itself (filter type 0, zlib's deflate at `level`, 1…9; libpng's default is 6 and
    /// OrbitBench used 2): the reference `orbitbench bench` times `PNGCodec.encode` against.
    /// 0 when zlib failed.
    public func zlibReferenceSize(level: Int) -> Int {
        bytes.withUnsafeBufferPointer {
            obpng_zlib_reference_size($0.baseAddress, UInt32(width), UInt32(height), UInt32(pixelBytes), Int32(level))
        }
    }
}
