import CPNGCodec
import Foundation

/// An 8-bit RGBA image in memory, rows top to bottom, not premultiplied.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// width × height × 4 bytes.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 4, "RGBA buffer size mismatch")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The (r, g, b, a) of the pixel at column `x`, row `y` (0 = top).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let offset = (y * width + x) * 4
        return (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3])
    }
}

/// A PNG text chunk: keyword (1–79 printable ASCII characters, no leading, trailing or double
/// spaces) and a UTF-8 value. Standard keywords include "Title", "Software", "Source", "Comment".
public struct PNGText: Sendable, Equatable {
    public var key: String
    public var value: String

    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }
}

@available(*, deprecated, renamed: "PlotError", message: "PNG encoding and decoding throw PlotError since 0.2")
public typealias PNGError = PlotError

/// A PNG file read back: the stored format and the pixels expanded to RGBA.
public struct DecodedPNG: Sendable {
    public let image: RGBAImage
    /// Bits per channel as stored in the file.
    public let bitDepth: Int
    /// PNG colour type as stored: 2 = RGB, 6 = RGBA, 0 = grey, 3 = palette, 4 = grey + alpha.
    public let colorType: Int
    public let texts: [PNGText]

    /// Value of the first text chunk with this keyword.
    public func text(_ key: String) -> String? { texts.first { $0.key == key }?.value }
}

public enum PNGCodec {
    /// PNG colour type codes, as in the PNG specification.
    public static let colorTypeRGB = 2
    public static let colorTypeRGBA = 6

    /// Encodes `image` to PNG bytes through libpng (settings in `png_encode.c`). Opaque images are
    /// stored as RGB (colour type 2), others as RGBA (6). Texts are written as tEXt (ASCII) or
    /// iTXt chunks.
    public static func encode(_ image: RGBAImage, texts: [PNGText] = []) throws(PlotError) -> [UInt8] {
        try image.pixels.withUnsafeBufferPointer { pixels throws(PlotError) in
            try encode(
                pixels.baseAddress!, width: image.width, height: image.height, stride: image.width * 4, format: Int32(OBPNG_SOURCE_RGBA),
                texts: texts)
        }
    }

    /// Encodes `height` rows of premultiplied native-endian ARGB32 (cairo's image format),
    /// `stride` bytes apart, the way `encode(_:texts:)` encodes their straight RGBA; the rows
    /// are converted one at a time, so no copy of the whole image is made.
    static func encode(
        premultipliedARGB pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, texts: [PNGText]
    ) throws(PlotError) -> [UInt8] {
        try encode(pixels, width: width, height: height, stride: stride, format: Int32(OBPNG_SOURCE_ARGB32_PREMULTIPLIED), texts: texts)
    }

    private static func encode(
        _ pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, format: Int32, texts: [PNGText]
    ) throws(PlotError) -> [UInt8] {
        for text in texts {
            try validateKeyword(text.key)
            if text.value.utf8.contains(0) { throw PlotError("PNG text '\(text.key)' contains a NUL byte") }
        }
        var message = [CChar](repeating: 0, count: 256)
        var output = obpng_bytes()
        let status: Int32 = withCStringArray(texts.map(\.key)) { keys in
            withCStringArray(texts.map(\.value)) { values in
                var entries = (0..<texts.count).map { obpng_text(key: keys[$0], value: values[$0]) }
                return entries.withUnsafeMutableBufferPointer { entryBuffer in
                    message.withUnsafeMutableBufferPointer { messageBuffer in
                        obpng_encode(
                            pixels, UInt32(width), UInt32(height), stride, format, entryBuffer.baseAddress, Int32(texts.count), &output,
                            messageBuffer.baseAddress, messageBuffer.count)
                    }
                }
            }
        }
        defer { obpng_bytes_free(&output) }
        guard status == OBPNG_OK else {
            throw PlotError("PNG encoding failed: \(cMessage(message))")
        }
        return Array(UnsafeBufferPointer(start: output.bytes, count: output.count))
    }

    /// Decodes PNG bytes through libpng. Corrupt or truncated data throws.
    public static func decode(_ bytes: [UInt8]) throws(PlotError) -> DecodedPNG {
        var message = [CChar](repeating: 0, count: 256)
        var image = obpng_image()
        let status = bytes.withUnsafeBufferPointer { data in
            message.withUnsafeMutableBufferPointer { messageBuffer in
                obpng_decode(data.baseAddress, data.count, &image, messageBuffer.baseAddress, messageBuffer.count)
            }
        }
        defer { obpng_image_free(&image) }
        guard status == OBPNG_OK else {
            throw PlotError("PNG decoding failed: \(cMessage(message))")
        }
        let width = Int(image.width), height = Int(image.height)
        let pixels = Array(UnsafeBufferPointer(start: image.rgba, count: width * height * 4))
        var texts: [PNGText] = []
        for index in 0..<Int(image.text_count) {
            guard let key = image.text_keys[index], let value = image.text_values[index] else { continue }
            texts.append(PNGText(String(cString: key), String(cString: value)))
        }
        return DecodedPNG(
            image: RGBAImage(width: width, height: height, pixels: pixels),
            bitDepth: Int(image.bit_depth), colorType: Int(image.color_type), texts: texts)
    }

    /// PNG keywords are 1–79 printable Latin-1 characters without leading, trailing or double
    /// spaces (PNG specification, 11.3.4.2). Only the ASCII subset is accepted here, because
    /// keywords are passed as bytes and UTF-8 differs from Latin-1 above 127.
    static func validateKeyword(_ key: String) throws(PlotError) {
        let scalars = Array(key.unicodeScalars)
        let printable = scalars.allSatisfy { $0.value >= 32 && $0.value <= 126 }
        guard (1...79).contains(scalars.count), printable, scalars.first != " ", scalars.last != " ",
            !key.contains("  ")
        else {
            throw PlotError("invalid PNG text keyword '\(key)' (1–79 printable ASCII characters)")
        }
    }
}

/// Calls `body` with NUL-terminated copies of `strings` that stay valid for the call.
private func withCStringArray<R>(_ strings: [String], _ body: ([UnsafePointer<CChar>]) -> R) -> R {
    let copies = strings.map { strdup($0)! }
    defer { copies.forEach { free($0) } }
    return body(copies.map { UnsafePointer($0) })
}

/// The NUL-terminated message the C codec wrote into `buffer`.
private func cMessage(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
