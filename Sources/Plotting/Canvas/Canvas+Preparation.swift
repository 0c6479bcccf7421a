import Foundation

extension Canvas {
    /// Loads cairo and its fonts on a background thread, so the first figure does not wait
    /// for them: dynamic linking of the cairo tree and the fontconfig set-up take ≈ 10 ms of
    /// one core, which a command that draws only after its computation can spend on an idle
    /// core meanwhile. Loading is idempotent and thread-safe (cairo is loaded once; the font
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
}
