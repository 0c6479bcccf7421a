import Plotting
import Testing

/// `Canvas.text` selects a font only when it changes and skips the width of left-aligned
/// text; what it draws must not depend on what was selected or measured before.
@Suite struct CanvasTextTests {
    /// A measure at another size inside save/restore leaves the font cairo restores, so the
    /// next text selects its own size again.
    @Test func fontSurvivesSaveAndRestore() throws {
        let tracked = try Canvas(width: 120, height: 60), fresh = try Canvas(width: 120, height: 60)
        tracked.text("a", x: 5, y: 40, size: 30)
        tracked.save()
        _ = tracked.measure("b", size: 12)
        tracked.restore()
        tracked.text("Hello", x: 40, y: 40, size: 12)
        fresh.text("a", x: 5, y: 40, size: 30)
        fresh.text("Hello", x: 40, y: 40, size: 12)
        #expect(tracked.rgbaImage().pixels == fresh.rgbaImage().pixels)
    }

    /// Right-aligned text ends where left-aligned text of the same string, placed by its
    /// measured width, ends; a rotated text draws the same ink as an unrotated one.
    @Test func alignmentAndRotation() throws {
        let right = try Canvas(width: 200, height: 40), left = try Canvas(width: 200, height: 40)
        let width = left.measure("Wxyz 12", size: 14).width
        #expect(width > 20)
        right.text("Wxyz 12", x: 150, y: 30, size: 14, align: .right)
        left.text("Wxyz 12", x: 150 - width, y: 30, size: 14)
        #expect(right.rgbaImage().pixels == left.rgbaImage().pixels)
        let upright = try Canvas(width: 80, height: 80), turned = try Canvas(width: 80, height: 80)
        upright.text("Ink", x: 20, y: 40, size: 16, color: .black)
        turned.text("Ink", x: 40, y: 60, size: 16, color: .black, angle: -.pi / 2)
        let ink = { (canvas: Canvas) in
            canvas.rgbaImage().pixels.enumerated().filter { $0.offset % 4 == 0 }.reduce(0.0) { $0 + 1 - Double($1.element) / 255 }
        }
        #expect(abs(ink(upright) - ink(turned)) <= 0.05 * ink(upright))
    }

    /// Text leaves the caller's colour set, as it did when it drew inside save/restore: a
    /// fill after it is in the colour set before it.
    @Test func textLeavesTheColour() throws {
        let canvas = try Canvas(width: 60, height: 30)
        canvas.setColor(Color(hex: 0x00ff00))
        canvas.text("x", x: 2, y: 20, size: 12, color: .black)
        canvas.rectangle(x: 40, y: 10, width: 10, height: 10)
        canvas.fill()
        let pixel = canvas.rgbaImage().pixels[(15 * 60 + 45) * 4..<(15 * 60 + 45) * 4 + 3]
        #expect(Array(pixel) == [0, 255, 0])
    }
}
