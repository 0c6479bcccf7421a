import Foundation
import Testing

@testable import Plotting

/// `Canvas.strokePolyline` strokes with cairo after clipping each segment to the canvas: its
/// coverage must be what a box filter gives where that is known exactly (axis-parallel edges),
/// keep a line's area at any angle, and survive any input doubles can hold.
@Suite struct StrokePolylineTests {
    /// cairo's scan converter samples each pixel row at 15 sub-rows (and 256 sub-columns), so
    /// an edge running along a row is right to 1/15 of a pixel.
    static let rowTolerance = 1.0 / 15 + 1.0 / 255

    /// Black on white: how much of each pixel the line covers, 0…1, from the red channel.
    private func covered(_ canvas: Canvas) -> (width: Int, value: (Int, Int) -> Double) {
        let image = canvas.rgbaImage()
        return (image.width, { column, row in 1 - Double(image.pixels[(row * image.width + column) * 4]) / 255 })
    }

    private func total(_ canvas: Canvas) -> Double {
        let image = canvas.rgbaImage()
        return stride(from: 0, to: image.pixels.count, by: 4).reduce(0) { $0 + 1 - Double(image.pixels[$1]) / 255 }
    }

    /// A 2 px line along y = 10 from x = 5 to x = 25 covers rows 9 and 10 and columns 5…24
    /// exactly: its edges and butt ends lie on pixel boundaries.
    @Test func axisParallelLineOnPixelBoundaries() throws {
        let canvas = try Canvas(width: 30, height: 20)
        canvas.strokePolyline([(5, 10), (25, 10)], width: 2, color: .black)
        let (_, value) = covered(canvas)
        for row in 0..<20 {
            for column in 0..<30 {
                let inside = (9...10).contains(row) && (5...24).contains(column)
                #expect(value(column, row) == (inside ? 1 : 0), "pixel (\(column), \(row))")
            }
        }
    }

    /// A 1 px line through pixel centres fills one row; moved half a pixel it half-fills two,
    /// and a butt end at a pixel centre half-fills that pixel.
    @Test func halfPixelOffsetsHalveCoverage() throws {
        let centred = try Canvas(width: 20, height: 20), between = try Canvas(width: 20, height: 20)
        centred.strokePolyline([(2.5, 10.5), (12.5, 10.5)], width: 1, color: .black)
        between.strokePolyline([(2, 10), (12, 10)], width: 1, color: .black)
        let a = covered(centred).value, b = covered(between).value
        #expect(a(5, 10) == 1 && a(5, 9) == 0 && a(5, 11) == 0)
        #expect(abs(a(2, 10) - 0.5) <= 1 / 255 && abs(a(12, 10) - 0.5) <= 1 / 255)
        #expect(abs(b(5, 9) - 0.5) <= Self.rowTolerance && abs(b(5, 10) - 0.5) <= Self.rowTolerance)
    }

    /// At any angle a line of length L and width w covers L·w px² (its ends are butt).
    @Test(arguments: [0.13, 0.5, 0.785, 1.1, 2.9])
    func areaIsLengthTimesWidth(angle: Double) throws {
        let canvas = try Canvas(width: 120, height: 120)
        let length = 80.0, width = 3.0
        let (dx, dy) = (cos(angle) * length / 2, sin(angle) * length / 2)
        canvas.strokePolyline([(60.3 - dx, 59.8 - dy), (60.3 + dx, 59.8 + dy)], width: width, color: .black)
        #expect(abs(total(canvas) - length * width) <= 0.02 * length * width)
    }

    /// Dashes [4, 3] along a row from a pixel boundary: 4 columns on, 3 off, repeated, and the
    /// pattern goes on around a corner instead of restarting there.
    @Test func dashesFollowThePatternAcrossCorners() throws {
        let canvas = try Canvas(width: 40, height: 40)
        // 10.5 px right, then 28 px down along the middle of column 10: the dash that starts
        // at x = 7 has 0.5 px left after the corner.
        canvas.strokePolyline([(0, 5.5), (10.5, 5.5), (10.5, 33.5)], width: 1, color: .black, dash: [4, 3])
        let (_, value) = covered(canvas)
        for column in 0..<9 { #expect(value(column, 5) == ((column % 7) < 4 ? 1 : 0), "column \(column)") }
        // Down from y = 5.5: on to 6, off to 9, on to 13, off to 16, on to 20.
        for row in [10, 12, 17] { #expect(value(10, row) == 1, "row \(row)") }
        for row in [7, 14] { #expect(value(10, row) == 0, "row \(row)") }
    }

    /// Patterns that cairo would reject (and then draw nothing more on the canvas) draw solid.
    @Test(arguments: [[Double](), [0, 0], [-1, 3], [.nan, 2], [4, 0]])
    func unusablePatternsDrawSolid(dash: [Double]) throws {
        let canvas = try Canvas(width: 30, height: 10)
        canvas.strokePolyline([(0, 4.5), (30, 4.5)], width: 1, color: .black, dash: dash)
        let (_, value) = covered(canvas)
        #expect((0..<30).allSatisfy { value($0, 4) == 1 })
    }

    /// A translucent line does not darken where it crosses itself, as one cairo stroke does not.
    @Test func selfCrossingIsNotDoubled() throws {
        let canvas = try Canvas(width: 40, height: 40)
        let half = Color(red: 0, green: 0, blue: 0, alpha: 0.5)
        canvas.strokePolyline([(5, 5), (35, 35), (35, 5), (5, 35)], width: 3, color: half)
        let (_, value) = covered(canvas)
        #expect(abs(value(20, 20) - 0.5) <= 2 / 255, "at the crossing \(value(20, 20))")
        #expect(abs(value(10, 10) - 0.5) <= 2 / 255)
    }

    /// A non-finite point leaves a gap; the clip is honoured, by part at a fractional edge.
    @Test func gapsAndClip() throws {
        let canvas = try Canvas(width: 40, height: 10)
        canvas.save()
        canvas.clip(x: 2, y: 0, width: 30.5, height: 10)
        canvas.strokePolyline([(0, 4.5), (10, 4.5), (.nan, 4.5), (20, 4.5), (40, 4.5)], width: 1, color: .black)
        canvas.restore()
        let (_, value) = covered(canvas)
        #expect(value(0, 4) == 0 && value(1, 4) == 0)  // clipped
        #expect(value(2, 4) == 1 && value(9, 4) == 1)
        #expect((10..<20).allSatisfy { value($0, 4) == 0 })  // the gap
        #expect(value(20, 4) == 1 && value(31, 4) == 1)
        #expect(abs(value(32, 4) - 0.5) <= 1 / 255)  // half inside the clip
        #expect(value(33, 4) == 0)
        // After restore the whole canvas is drawable again.
        canvas.strokePolyline([(0, 7.5), (40, 7.5)], width: 1, color: .black)
        #expect(covered(canvas).value(0, 7) == 1)
    }

    /// Ends far off the canvas, huge or infinite, neither crash nor hang; what crosses the
    /// canvas is drawn, dashes in their place.
    @Test func farOffAndNonFiniteEnds() throws {
        let canvas = try Canvas(width: 30, height: 10)
        canvas.strokePolyline([(-1e300, 2.5), (1e300, 2.5)], width: 1, color: .black)
        canvas.strokePolyline([(-.infinity, 4.5), (10, 4.5)], width: 1, color: .black)
        canvas.strokePolyline([(-7e11, 7.5), (3e11, 7.5)], width: 1, color: .black, dash: [4, 3])
        canvas.strokePolyline([(5.5, .greatestFiniteMagnitude), (5.5, -.greatestFiniteMagnitude)], width: 1, color: .black)
        let (_, value) = covered(canvas)
        #expect((0..<30).allSatisfy { value($0, 2) == 1 })
        #expect((0..<30).allSatisfy { value($0, 4) == 0 || $0 == 5 })  // from −∞: not drawn
        // Dashed across the canvas: 4 px on, 3 off, wherever the pattern starts.
        let row7: [Double] = (0..<28).filter { $0 != 5 }.map { value($0, 7) }
        let ink: Double = row7.reduce(0, +)
        #expect(row7.contains(1) && row7.contains(0))
        #expect(abs(ink - 27.0 * 4 / 7) <= 3)
        #expect((0..<10).allSatisfy { value(5, $0) == 1 })
    }

    /// Every new canvas starts as its background alone, also when that is transparent.
    @Test func newCanvasStartsAsTheBackground() throws {
        for _ in 0..<3 {
            let canvas = try Canvas(width: 16, height: 16, background: Color(red: 0, green: 0, blue: 0, alpha: 0))
            let image = canvas.rgbaImage()
            #expect(image.pixels.allSatisfy { $0 == 0 })
            canvas.fillRectangle(x: 0, y: 0, width: 16, height: 16, color: .black)
            canvas.strokePolyline([(0, 8), (16, 8)], width: 4, color: .white)
        }
    }

    /// Inputs at the edge of what doubles hold neither crash nor hang: a segment level within
    /// a subnormal, a NaN colour (drawn as nothing, as cairo does), a width of 10¹⁰⁰ (covers the
    /// canvas), dashed or not.
    @Test func extremeInputs() throws {
        let canvas = try Canvas(width: 20, height: 10)
        canvas.strokePolyline([(0, 0), (10, Double.leastNormalMagnitude / 16)], width: 1, color: .black)  // subnormal
        canvas.strokePolyline([(0, 5), (20, 5)], width: 1, color: Color(red: .nan, green: 0, blue: 0, alpha: .nan))
        let (_, value) = covered(canvas)
        #expect(abs(value(5, 0) - 0.5) <= Self.rowTolerance)  // the level segment: half of row 0
        #expect(value(5, 5) == 0)
        canvas.strokePolyline([(0, 5), (20, 5)], width: 1e100, color: .black, dash: [1, 1])
        let dashed = covered(canvas).value
        #expect((1..<10).allSatisfy { row in (0..<20).allSatisfy { dashed($0, row) == ($0 % 2 == 0 ? 1 : 0) } })  // row 0: the level line
        canvas.strokePolyline([(0, 5), (20, 5)], width: 1e100, color: .black)
        let solid = covered(canvas).value
        #expect((0..<10).allSatisfy { row in (0..<20).allSatisfy { solid($0, row) == 1 } })
    }

    /// A dashed line's end stays butt when its last point repeats, and two "on" lengths next to
    /// each other (a zero-length gap) draw one dash without a seam.
    @Test func dashEndsAndZeroGaps() throws {
        let repeated = try Canvas(width: 20, height: 10)
        repeated.strokePolyline([(0, 5), (10, 5), (10, 5)], width: 2, color: .black, dash: [20, 5])
        let (_, ending) = covered(repeated)
        #expect(ending(9, 4) == 1 && ending(10, 4) == 0 && ending(10, 5) == 0)
        let seamless = try Canvas(width: 20, height: 10)
        seamless.strokePolyline([(0, 4.5), (20, 4.5)], width: 1, color: .black, dash: [2.5, 0, 3, 1])
        let (_, dashes) = covered(seamless)
        // On from 0 to 5.5 (2.5 then 3, one dash), off to 6.5, on from 6.5 to 12.
        #expect((0..<5).allSatisfy { dashes($0, 4) == 1 }, "\((0..<8).map { dashes($0, 4) })")
        #expect(abs(dashes(5, 4) - 0.5) <= 1 / 255 && abs(dashes(6, 4) - 0.5) <= 1 / 255)
    }
}
