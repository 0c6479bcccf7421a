import Foundation
import Plotting
import Testing

/// `Canvas.fillCircles` stamps pre-drawn circles at whole pixels; the disc it leaves must still
/// sit where it was asked (within ⅛ px) with the area of a disc of that radius.
@Suite struct CircleStampTests {
    /// Coverage-weighted centre and total coverage (in pixels) of black drawn on white.
    private func coverage(_ image: RGBAImage) -> (x: Double, y: Double, area: Double) {
        var sum = 0.0, sumX = 0.0, sumY = 0.0
        for row in 0..<image.height {
            for column in 0..<image.width {
                let red = Double(image.pixels[(row * image.width + column) * 4])
                let covered = 1 - red / 255
                sum += covered
                // A pixel's centre is at (column + ½, row + ½) in cairo's coordinates.
                sumX += covered * (Double(column) + 0.5)
                sumY += covered * (Double(row) + 0.5)
            }
        }
        return (sumX / sum, sumY / sum, sum)
    }

    /// 10.4 and 10.45 round up to the next whole pixel's phase 0 (their fraction past the
    /// stamp corner, 0.9 and 0.95, is nearer 1 than ¾).
    @Test(arguments: [(10.0, 10.0), (10.125, 9.9), (10.37, 10.5), (10.5, 10.62), (10.74, 10.87), (10.999, 10.001), (10.4, 10.45)])
    func stampedDiscSitsWhereAsked(center: (Double, Double)) throws {
        let radius = 3.5
        let canvas = try Canvas(width: 21, height: 21)
        canvas.fillCircles([(x: center.0, y: center.1)], radius: radius, color: .black)
        let drawn = coverage(canvas.rgbaImage())
        // Quarter-pixel stamps move a centre by at most ⅛ px per axis; 8-bit coverage and
        // cairo's antialiasing add up to a few hundredths.
        #expect(abs(drawn.x - center.0) <= 0.125 + 0.03)
        #expect(abs(drawn.y - center.1) <= 0.125 + 0.03)
        #expect(abs(drawn.area - Double.pi * radius * radius) <= 0.03 * Double.pi * radius * radius)
    }

    /// The stamped disc and cairo's own fill differ only along the antialiased edge.
    @Test func stampMatchesDirectFill() throws {
        let stamped = try Canvas(width: 24, height: 24), filled = try Canvas(width: 24, height: 24)
        stamped.fillCircles([(x: 12.25, y: 11.75)], radius: 5, color: .black)
        filled.fillCircle(cx: 12.25, cy: 11.75, radius: 5, color: .black)
        let a = stamped.rgbaImage().pixels, b = filled.rgbaImage().pixels
        let largest = zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= 8, "largest channel difference \(largest)")
        // Fully inside: identical black; far outside: identical white.
        #expect(a[(12 * 24 + 12) * 4] == 0 && b[(12 * 24 + 12) * 4] == 0)
        #expect(a[0] == 255 && b[0] == 255)
    }

    /// Translucent markers are composited one after another, so where two overlap the picture
    /// is darker than where one lies (the density a scatter of single seeds shows).
    @Test func translucentOverlapsDarken() throws {
        let canvas = try Canvas(width: 40, height: 20)
        let grey = Color(red: 0, green: 0, blue: 0, alpha: 0.5)
        canvas.fillCircles([(x: 15, y: 10), (x: 19, y: 10)], radius: 4, color: grey)
        let image = canvas.rgbaImage()
        let red = { (column: Int, row: Int) in Int(image.pixels[(row * 40 + column) * 4]) }
        #expect(abs(red(12, 10) - 128) <= 2)  // one marker: half the white left
        #expect(abs(red(17, 10) - 64) <= 2)  // two: a quarter
    }

    /// Centres off the canvas (however far) and non-finite ones leave nothing; one whose disc
    /// pokes in from beyond the edge leaves its part.
    @Test func offCanvasAndNonFiniteCentres() throws {
        let canvas = try Canvas(width: 20, height: 20)
        canvas.fillCircles(
            [(x: 1e300, y: 1e300), (x: -1e12, y: 5), (x: .nan, y: 5), (x: 5, y: -.infinity), (x: 30, y: 10)], radius: 3, color: .black)
        #expect(canvas.rgbaImage().pixels.allSatisfy { $0 == 255 })
        canvas.fillCircles([(x: 21.5, y: 10)], radius: 3, color: .black)  // reaches x = 18.5
        let image = canvas.rgbaImage()
        #expect(image.pixels[(10 * 20 + 19) * 4] < 30)  // pixel 19…20: covered
        #expect(image.pixels[(10 * 20 + 17) * 4] == 255)  // pixel 17…18: untouched
    }

    /// Non-finite centres are skipped; a radius past the stamp limit is filled directly.
    @Test func skipsNonFiniteAndFillsLargeRadiiDirectly() throws {
        let canvas = try Canvas(width: 120, height: 120)
        canvas.fillCircles(
            [(x: .nan, y: 5), (x: 5, y: .infinity), (x: 60, y: 60)], radius: Canvas.stampedRadiusLimit + 10, color: .black)
        let drawn = coverage(canvas.rgbaImage())
        let radius = Canvas.stampedRadiusLimit + 10
        #expect(abs(drawn.x - 60) < 0.01 && abs(drawn.y - 60) < 0.01)
        #expect(abs(drawn.area - Double.pi * radius * radius) <= 0.01 * Double.pi * radius * radius)
    }

    /// Markers are blended into the pixels directly, so the clip is the canvas's to keep: a disc
    /// across the clip's edge is cut there, a pixel the edge halves gets half, and after
    /// `restore` the whole canvas takes markers again.
    @Test func markersKeepTheClip() throws {
        let canvas = try Canvas(width: 30, height: 20)
        canvas.save()
        canvas.clip(x: 10.5, y: 0, width: 20, height: 20)
        canvas.fillCircles([(x: 10, y: 10)], radius: 4, color: .black)
        canvas.restore()
        let clipped = canvas.rgbaImage()
        canvas.fillCircles([(x: 4, y: 10)], radius: 3, color: .black)
        let image = canvas.rgbaImage()
        let red = { (image: RGBAImage, column: Int, row: Int) in Int(image.pixels[(row * 30 + column) * 4]) }
        #expect((0..<10).allSatisfy { red(clipped, $0, 10) == 255 })  // left of the clip
        #expect(abs(red(clipped, 10, 10) - 128) <= 2)  // the clip's edge halves the pixel
        #expect(red(clipped, 12, 10) == 0)
        #expect(red(image, 4, 10) == 0)  // left of the old clip, drawn after restore
    }
}
