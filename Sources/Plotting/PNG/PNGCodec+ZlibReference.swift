import CPNGCodec

extension PNGCodec {
    /// The size of the zlib stream libpng wrote for `image` before OrbitBench encoded PNGs
    /// itself: the scanlines `encode` stores (RGB when opaque), filter type 0, zlib's deflate at
    /// `level` (1…9; libpng's default is 6, OrbitBench used 2). The reference `orbitbench bench`
    /// times `encode` against; 0 when zlib refused (a level it does not have).
    public static func zlibReferenceSize(_ image: RGBAImage, level: Int) -> Int {
        image.pixels.withUnsafeBufferPointer {
            obpng_zlib_reference_size(
                $0.baseAddress, UInt32(image.width), UInt32(image.height), image.width * 4, Int32(OBPNG_SOURCE_RGBA), Int32(level))
        }
    }
}
