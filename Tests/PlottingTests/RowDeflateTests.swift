import CPNGCodec
import Foundation
import Plotting
import Testing

/// The PNG encoder's own deflate, checked against hand-computed values and decoded by libpng
/// and zlib (an independent inflater that also verifies the stream's Adler-32 and CRCs).
@Suite struct RowDeflateTests {
    /// Adler-32 of "Wikipedia" is 0x11E60398 (worked out in the checksum's definition), of
    /// nothing 1; longer inputs agree with the definition computed byte by byte, across the
    /// 16-byte vector steps and the 5552-byte reduction stretches, also for bytes of 255 where
    /// the sums grow fastest.
    @Test func adler32MatchesItsDefinition() {
        let wikipedia = Array("Wikipedia".utf8)
        #expect(obdeflate_adler32(1, wikipedia, wikipedia.count) == 0x11E6_0398)
        #expect(obdeflate_adler32(1, nil, 0) == 1)
        var state: UInt64 = 12_345
        let noise = (0..<40_000).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let saturated = [UInt8](repeating: 255, count: 40_000)
        for bytes in [noise, saturated] {
            for count in [1, 15, 16, 17, 31, 5_551, 5_552, 5_553, 11_104, 11_121, 40_000] {
                let prefix = Array(bytes.prefix(count))
                #expect(obdeflate_adler32(1, prefix, count) == definitionAdler32(prefix), "\(count) bytes")
            }
            // Continuing a checksum over a split input gives the checksum of the whole.
            let first = obdeflate_adler32(1, bytes, 7_001)
            let whole = bytes.withUnsafeBufferPointer { obdeflate_adler32(first, $0.baseAddress! + 7_001, 40_000 - 7_001) }
            #expect(whole == definitionAdler32(bytes))
        }
    }

    /// Frequencies 10, 1, 1, 2, 0: Huffman merges 1 + 1, then 2 + 2, then 4 + 10, so the
    /// lengths are 1, 3, 3, 2 and none for the unused symbol.
    @Test func huffmanLengthsOfASmallAlphabet() {
        #expect(codeLengths([10, 1, 1, 2, 0], limit: 15) == [1, 3, 3, 2, 0])
        #expect(codeLengths([0, 7, 0], limit: 15) == [0, 1, 0])  // one used symbol: one bit
        #expect(codeLengths([0, 0], limit: 15) == [0, 0])
    }

    /// Fibonacci frequencies make the deepest Huffman tree (20 symbols: depth 19). Limited to
    /// 15 and to 7 bits the code must stay complete (Kraft sum exactly 1), respect the limit,
    /// and never give a more frequent symbol a longer code.
    @Test func limitedLengthsStayCompleteAndOrdered() {
        var frequencies: [UInt32] = [1, 1]
        while frequencies.count < 20 { frequencies.append(frequencies[frequencies.count - 1] + frequencies[frequencies.count - 2]) }
        #expect(codeLengths(frequencies, limit: 15).max() == 15)
        #expect(codeLengths(frequencies, limit: 20).max() == 19)  // unconstrained: the chain
        for limit in [7, 15] {
            let lengths = codeLengths(frequencies, limit: limit)
            #expect(lengths.allSatisfy { $0 >= 1 && $0 <= limit })
            let kraft = lengths.reduce(0.0) { $0 + pow(2, -Double($1)) }
            #expect(kraft == 1, "limit \(limit)")
            for i in 1..<lengths.count { #expect(lengths[i] <= lengths[i - 1]) }  // frequencies rise
        }
    }

    /// RFC 1951 §3.2.2's example: lengths (3, 3, 3, 3, 3, 2, 4, 4) give the codes 010, 011,
    /// 100, 101, 110, 00, 1110, 1111, here stored bit-reversed for the LSB-first stream.
    @Test func canonicalCodesFollowTheRFCExample() {
        let lengths: [UInt8] = [3, 3, 3, 3, 3, 2, 4, 4]
        var codes = [UInt16](repeating: 0, count: lengths.count)
        deflate_canonical_codes(lengths, Int32(lengths.count), &codes)
        #expect(codes == [0b010, 0b110, 0b001, 0b101, 0b011, 0b00, 0b0111, 0b1111])
    }

    /// Images that take every path of the encoder decode to exactly their pixels: noise
    /// (literals, several blocks), repeated rows (runs from the row above), flat colour (runs
    /// to the left), one pixel, a row longer than deflate's 32 KiB window (no runs from above),
    /// rows of more literals than a block holds, and translucency.
    @Test func everyKindOfImageDecodesToItsPixels() throws {
        let cases: [(String, RGBAImage)] = [
            ("noise", image(width: 257, height: 190) { x, y in hash(x, y) }),
            ("repeated rows", image(width: 300, height: 200) { x, _ in UInt32(x % 7 == 0 ? 0xFF10_2030 : 0xFFFF_FFFF) }),
            ("flat", image(width: 640, height: 3) { _, _ in 0xFF33_6699 }),
            ("one pixel", image(width: 1, height: 1) { _, _ in 0xFF01_0203 }),
            ("wider than the window", image(width: 11_000, height: 4) { x, y in y == 2 ? hash(x, y) : 0xFF00_00FF }),
            ("a block ends within a row", image(width: 30_000, height: 2) { x, y in hash(x, y) }),
            ("translucent", image(width: 61, height: 47) { x, y in hash(x, y) & 0x7FFF_FFFF }),
            ("blocks of runs", image(width: 97, height: 1_000) { x, y in (x / 9 + y / 5) % 3 == 0 ? 0xFF00_0000 : hash(x / 2, y) }),
        ]
        for (name, original) in cases {
            let bytes = try PNGCodec.encode(original)
            let decoded = try PNGCodec.decode(bytes)
            #expect(decoded.image.width == original.width && decoded.image.height == original.height, "\(name)")
            #expect(decoded.image.pixels == original.pixels, "\(name)")
        }
    }

    /// A flat 1000 × 1000 figure is a dozen runs a row (a few bytes, not its 3000); noise, which
    /// nothing predicts, costs at most about its raw size plus the code tables.
    @Test func sizesAreBoundedForRunsAndForNoise() throws {
        let flat = try PNGCodec.encode(image(width: 1_000, height: 1_000) { _, _ in 0xFFFF_FFFF })
        #expect(flat.count < 8_000)
        let noise = try PNGCodec.encode(image(width: 300, height: 300) { x, y in hash(x, y) | 0xFF00_0000 })
        #expect(noise.count < 300 * 300 * 3 + 300 * 300 * 3 / 50)
    }

    /// `bench`'s reference reads the scanlines the encoder stores: zlib squeezes a flat image to
    /// a few hundred bytes, cannot shrink noise below its 3 bytes a pixel (alpha dropped when
    /// opaque, kept when translucent), and a level zlib does not have gives 0.
    @Test func zlibReferenceSeesTheScanlinesTheEncoderStores() {
        let flat = image(width: 200, height: 100) { _, _ in 0xFFFF_FFFF }
        #expect(PNGCodec.zlibReferenceSize(flat, level: 9) > 0 && PNGCodec.zlibReferenceSize(flat, level: 9) < 500)
        #expect(PNGCodec.zlibReferenceSize(flat, level: 42) == 0)
        let noise = PNGCodec.zlibReferenceSize(image(width: 200, height: 100) { x, y in hash(x, y) }, level: 2)
        #expect(noise > 200 * 100 * 3 * 99 / 100 && noise < 200 * 100 * 3 + 2_000)
        let translucent = PNGCodec.zlibReferenceSize(image(width: 200, height: 100) { x, y in hash(x, y) & 0x7FFF_FFFF }, level: 2)
        #expect(translucent > 200 * 100 * 3 + 2_000)  // the alpha bytes are there
    }
}

/// Adler-32 straight from its definition: two sums modulo 65521, byte by byte.
private func definitionAdler32(_ bytes: [UInt8]) -> UInt32 {
    var low: UInt32 = 1
    var high: UInt32 = 0
    for byte in bytes {
        low = (low + UInt32(byte)) % 65_521
        high = (high + low) % 65_521
    }
    return high << 16 | low
}

private func codeLengths(_ frequencies: [UInt32], limit: Int) -> [Int] {
    var lengths = [UInt8](repeating: 0, count: frequencies.count)
    deflate_code_lengths(frequencies, Int32(frequencies.count), Int32(limit), &lengths)
    return lengths.map(Int.init)
}

/// An image from a function giving each pixel as 0xAARRGGBB.
private func image(width: Int, height: Int, _ pixel: (Int, Int) -> UInt32) -> RGBAImage {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let value = pixel(x, y)
            let offset = (y * width + x) * 4
            pixels[offset] = UInt8(truncatingIfNeeded: value >> 16)
            pixels[offset + 1] = UInt8(truncatingIfNeeded: value >> 8)
            pixels[offset + 2] = UInt8(truncatingIfNeeded: value)
            pixels[offset + 3] = UInt8(truncatingIfNeeded: value >> 24)
        }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
}

/// Well-mixed bits of a pixel position (opaque unless masked).
private func hash(_ x: Int, _ y: Int) -> UInt32 {
    var value = UInt64(x) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(y) &* 0xC2B2_AE3D_27D4_EB4F
    value ^= value >> 29
    value = value &* 0xBF58_476D_1CE4_E5B9
    value ^= value >> 32
    return UInt32(truncatingIfNeeded: value) | 0xFF00_0000
}
