import CCairo
import CPNGCodec
import Foundation
import Plotting
import Testing

@Suite struct PNGRoundTripTests {
    /// cairo draws, libpng encodes with a tEXt chunk, libpng reads it back.
    @Test func cairoDrawingSurvivesPNGRoundTrip() throws {
        let canvas = try Canvas(width: 64, height: 48, background: .white)
        canvas.fillRectangle(x: 10, y: 5, width: 20, height: 10, color: Color(hex: 0x1f77b4))
        canvas.setColor(.black)
        canvas.setLineWidth(2)
        canvas.line(0, 40, 64, 40)
        let bytes = try canvas.pngBytes(texts: [PNGText("Software", "orbitbench test"), PNGText("Source", "scenario orbit-72")])
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

        let decoded = try PNGCodec.decode(bytes)
        #expect(decoded.image.width == 64 && decoded.image.height == 48)
        #expect(decoded.colorType == PNGCodec.colorTypeRGB)  // opaque drawing ⇒ RGB
        #expect(decoded.bitDepth == 8)
        #expect(decoded.text("Software") == "orbitbench test")
        #expect(decoded.text("Source") == "scenario orbit-72")
        // Inside the filled rectangle: #1f77b4.
        let inside = decoded.image.pixel(x: 20, y: 10)
        #expect(inside.r == 0x1f && inside.g == 0x77 && inside.b == 0xb4 && inside.a == 255)
        // Background stays white, the 2 px line at y = 40 covers rows 39 and 40.
        let background = decoded.image.pixel(x: 50, y: 20)
        #expect(background.r == 255 && background.g == 255 && background.b == 255)
        let onLine = decoded.image.pixel(x: 32, y: 40)
        #expect(onLine.r == 0 && onLine.g == 0 && onLine.b == 0)
    }

    /// An opaque canvas is written as RGB without checking its alpha; translucent drawing on
    /// it (fills, strokes, markers) still leaves every pixel opaque, so the file holds exactly
    /// the canvas's pixels.
    @Test func translucentDrawingOnOpaqueCanvasRoundTripsAsRGB() throws {
        let canvas = try Canvas(width: 40, height: 30, background: Color(hex: 0xf0e0d0))
        let halfBlue = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
        canvas.fillRectangle(x: 3, y: 3, width: 20, height: 12, color: halfBlue)
        canvas.strokePolyline([(0, 0), (40, 30), (40, 0)], width: 3, color: Color(red: 1, green: 0, blue: 0, alpha: 0.3))
        canvas.fillCircles([(x: 10.3, y: 20.7), (x: 12, y: 21)], radius: 4, color: halfBlue)
        let decoded = try PNGCodec.decode(try canvas.pngBytes())
        #expect(decoded.colorType == PNGCodec.colorTypeRGB)
        #expect(decoded.image.pixels == canvas.rgbaImage().pixels)
    }

    @Test func translucentImageIsStoredAsRGBAWithStraightAlpha() throws {
        let canvas = try Canvas(width: 8, height: 8, background: Color(red: 0, green: 0, blue: 0, alpha: 0))
        canvas.fillRectangle(x: 0, y: 0, width: 4, height: 8, color: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        let decoded = try PNGCodec.decode(try canvas.pngBytes())
        #expect(decoded.colorType == PNGCodec.colorTypeRGBA)
        let half = decoded.image.pixel(x: 1, y: 1)
        // cairo stores premultiplied (128, 0, 0, 128); the PNG must hold straight red.
        #expect(half.r == 255 && half.g == 0 && half.a >= 127 && half.a <= 128)
        #expect(decoded.image.pixel(x: 6, y: 1).a == 0)
    }

    /// Un-premultiplying, by hand: c' = ⌊(c·255 + ⌊a/2⌋) / a⌋ capped at 255, untouched for a = 0
    /// and a = 255; without alpha the row is packed as RGB.
    @Test func premultipliedRowsStraightenByTheFormula() {
        let words: [UInt32] = [
            0xC864_3200,  // a 200: r 100 → (25 500 + 100) / 200 = 128, g 50 → 12 850 / 200 = 64
            0xFF0C_2238,  // opaque: as stored
            0x0000_0000,  // transparent
            0x0101_0000,  // a 1, r 1 → 255
            0x64FA_0000,  // a 100 with r 250 > a (not valid premultiplied): capped at 255
        ]
        var straight = [UInt8](repeating: 0, count: 4 * words.count)
        words.withUnsafeBytes { line in
            obpng_straighten_argb32_row(line.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt32(words.count), 1, &straight)
        }
        #expect(straight == [128, 64, 0, 200, 0x0C, 0x22, 0x38, 255, 0, 0, 0, 0, 255, 0, 0, 1, 255, 0, 0, 100])
        var packed = [UInt8](repeating: 0, count: 3)
        [words[1]].withUnsafeBytes { line in
            obpng_straighten_argb32_row(line.baseAddress!.assumingMemoryBound(to: UInt8.self), 1, 0, &packed)
        }
        #expect(packed == [0x0C, 0x22, 0x38])
    }

    /// The encoder reads cairo's surface row by row into a reused buffer; `rgbaImage()` reads
    /// it whole. Both must give the same straight pixels and the same file, for every alpha
    /// from 0 to 255 (translucent stripes and anti-aliased edges).
    @Test func surfaceRowsEncodeAsTheirStraightRGBA() throws {
        let canvas = try Canvas(width: 37, height: 29, background: Color(red: 0, green: 0, blue: 0, alpha: 0))
        for stripe in 0..<37 {
            let level = Double(stripe) / 36
            canvas.fillRectangle(
                x: Double(stripe), y: 0, width: 1, height: 20, color: Color(red: 0.9, green: 0.4 * level, blue: 1 - level, alpha: level))
        }
        canvas.fillCircle(cx: 18.3, cy: 23.6, radius: 4.7, color: Color(red: 0.2, green: 0.7, blue: 0.3, alpha: 0.8))
        let straight = canvas.rgbaImage()
        let alphas = Set(stride(from: 3, to: straight.pixels.count, by: 4).map { straight.pixels[$0] })
        #expect(alphas.contains(0) && alphas.contains(255) && alphas.count > 30)  // the case this test is about

        let bytes = try canvas.pngBytes()
        let decoded = try PNGCodec.decode(bytes)
        #expect(decoded.colorType == PNGCodec.colorTypeRGBA)
        #expect(differingBytes(decoded.image, straight) == 0)
        #expect(bytes == (try PNGCodec.encode(straight)))
    }

    /// An opaque surface drawn with translucent colours is stored as RGB with exactly the
    /// colours `rgbaImage()` reads.
    @Test func opaqueSurfaceWithBlendedDrawingIsStoredAsItsRGB() throws {
        let canvas = try Canvas(width: 23, height: 11, background: Color(hex: 0x336699))
        canvas.fillCircle(cx: 11.5, cy: 5.5, radius: 4.2, color: Color(red: 1, green: 0.5, blue: 0, alpha: 0.6))
        let decoded = try PNGCodec.decode(try canvas.pngBytes())
        #expect(decoded.colorType == PNGCodec.colorTypeRGB)
        #expect(differingBytes(decoded.image, canvas.rgbaImage()) == 0)
        // Far from the circle: the background, #336699.
        #expect(decoded.image.pixel(x: 0, y: 0) == (0x33, 0x66, 0x99, 255))
    }

    @Test func nonASCIITextIsStoredAsInternationalText() throws {
        let image = RGBAImage(width: 1, height: 1, pixels: [1, 2, 3, 255])
        let bytes = try PNGCodec.encode(image, texts: [PNGText("Comment", "±5° slot width, 4 µT")])
        let decoded = try PNGCodec.decode(bytes)
        #expect(decoded.text("Comment") == "±5° slot width, 4 µT")
        #expect(decoded.image.pixel(x: 0, y: 0) == (1, 2, 3, 255))
    }

    @Test func invalidKeywordsAreRejected() {
        let image = RGBAImage(width: 1, height: 1, pixels: [0, 0, 0, 255])
        #expect(throws: PlotError.self) { try PNGCodec.encode(image, texts: [PNGText("", "x")]) }
        #expect(throws: PlotError.self) { try PNGCodec.encode(image, texts: [PNGText(String(repeating: "k", count: 80), "x")]) }
        #expect(throws: PlotError.self) { try PNGCodec.encode(image, texts: [PNGText(" leading", "x")]) }
    }

    /// libpng errors arrive as Swift errors with libpng's message, not as a crash.
    @Test func corruptOrTruncatedDataThrows() throws {
        let canvas = try Canvas(width: 16, height: 16)
        let bytes = try canvas.pngBytes()
        #expect(throws: PlotError.self) { try PNGCodec.decode(Array(bytes.prefix(bytes.count / 2))) }
        #expect(throws: PlotError.self) { try PNGCodec.decode([1, 2, 3]) }
        var corrupt = bytes
        corrupt[20] ^= 0xff  // inside IHDR: CRC mismatch
        #expect(throws: PlotError.self) { try PNGCodec.decode(corrupt) }
    }

    @Test func textIsDrawnWithAFont() throws {
        let canvas = try Canvas(width: 120, height: 40)
        let size = canvas.measure("coverage", size: 14)
        #expect(size.width > 30 && size.width < 110)
        canvas.text("coverage", x: 60, y: 20, size: 14, align: .center, baseline: .middle)
        let image = canvas.rgbaImage()
        var dark = 0
        for y in 0..<40 { for x in 0..<120 where image.pixel(x: x, y: y).r < 128 { dark += 1 } }
        #expect(dark > 50)  // glyphs were rendered
    }

    @Test func canvasRejectsImpossibleSizes() {
        #expect(throws: PlotError.self) { try Canvas(width: 0, height: 10) }
        #expect(throws: PlotError.self) { try Canvas(width: 100_000, height: 10) }
    }
}

/// How many bytes of two equally sized images differ (a count, so a failure stays readable).
private func differingBytes(_ first: RGBAImage, _ second: RGBAImage) -> Int {
    guard first.width == second.width, first.height == second.height else { return max(first.pixels.count, second.pixels.count) }
    return zip(first.pixels, second.pixels).count { $0 != $1 }
}
