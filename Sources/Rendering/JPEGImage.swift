import CJPEGCodec

/// JPEG encoding through libjpeg (baseline, 4:2:0, standard Huffman tables): the same picture
/// gives the same bytes.
public enum JPEGImage {
    /// `quality` 1…100; 90 keeps the checker edges and the noise a sharpness measure reads.
    public static func encode(_ image: RGBImage, quality: Int = 90) throws(RenderError) -> [UInt8] {
        guard image.width > 0, image.height > 0, image.pixels.count == image.width * image.height * 3 else {
            throw RenderError("cannot encode a \(image.width)×\(image.height) picture of \(image.pixels.count) bytes")
        }
        var output: UnsafeMutablePointer<UInt8>?
        var count = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            objpeg_encode_rgb(pixels.baseAddress, UInt32(image.width), UInt32(image.height), Int32(quality), &output, &count, &message, message.count)
        }
        guard status == 0, let output else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw RenderError("JPEG encoding failed: \(reason.isEmpty ? "status \(status)" : reason)")
        }
        defer { objpeg_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: count))
    }
}
