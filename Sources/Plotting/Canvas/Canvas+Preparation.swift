import CCairo
import Foundation

extension Canvas {
    /// Loads cairo and its fonts on a background thread, so the first figure does not wait
    /// for them: dynamic linking of the cairo tree and the fontconfig set-up take ≈ 10 ms of
    /// one core, which a command that draws only after its computation can spend on an idle
    /// core meanwhile. Then it maps the memory of the first canvases (`MemoryBlockPool.warm`)
    /// and has libdispatch start its worker threads. Loading is idempotent and thread-safe (cairo is loaded once; the font
    /// machinery has its own locks), so figures drawn before it finishes are unaffected. A
    /// failure to load is reported by the first `Canvas` as usual.
    ///
    /// A process that started it calls `waitForPreparation()` before it exits: exiting while
    /// the thread is inside `dlopen` or the font set-up would run the libraries' destructors
    /// under it.
    public static func prepareInBackground() {
        preparation.enter()
        let thread = Thread {
            defer { preparation.leave() }
            guard let canvas = try? Canvas(width: 1, height: 1) else { return }
            _ = canvas.measure("0", size: 12)
            _ = canvas.measure("0", size: 12, bold: true)
            // Then the pages of the first canvases each drawing core will make.
            let (width, height) = warmedCanvasSize
            let count = min(ProcessInfo.processInfo.activeProcessorCount, 4)
            MemoryBlockPool.pixels.warm(
                byteCount: Int(canvas.cairo.format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width))) * height, count: count)
            MemoryBlockPool.coverage.warm(byteCount: width * height, count: count)
            // Wakes libdispatch's worker threads, which then wait parked for work: the report's
            // first parallel figure found none and waited 0.4–3 ms for one to be created.
            DispatchQueue.concurrentPerform(iterations: count) { _ in }
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Returns once every `prepareInBackground()` of this process has finished (at once when
    /// none was started).
    public static func waitForPreparation() {
        preparation.wait()
    }

    private static let preparation = DispatchGroup()

    /// The canvas whose memory `prepareInBackground` maps ahead, one per core up to four: the
    /// largest figure of `orbitbench run` (the timeline), which holds any smaller one.
    static let warmedCanvasSize = (width: 1300, height: 1200)
}
