import Foundation
import ReportFormats

/// What `run --render` produced: how many pictures, how large, and whether their look agrees
/// with the physical blur metric.
public struct RenderOutcome: Sendable, Equatable {
    /// The seed whose frames were drawn (the one recording.json exports).
    public var seed: UInt64
    public var frames: Int
    /// JPEG bytes in total.
    public var bytes: Int
    /// Spearman rank correlation of each picture's Laplacian variance with its
    /// `blur_obj_mean_px`: strongly negative when blurrier frames look blurrier.
    public var sharpnessBlurCorrelation: Double
    /// Wall-clock time of rendering and encoding, s.
    public var seconds: Double

    /// One line for the console.
    public var summary: String { line(timed: true) }

    /// The line without the time it took (summary.md: the same files give the same text).
    public var result: String { line(timed: false) }

    func line(timed: Bool) -> String {
        let rank = sharpnessBlurCorrelation.isFinite ? String(format: "%+.2f", sharpnessBlurCorrelation) : "–"
        return String(format: "rendered %d frames of seed %llu (%.1f MB JPEG)", frames, seed, Double(bytes) / 1_000_000)
            + (timed ? String(format: " in %.2f s", seconds) : "") + "; rank correlation sharpness–blur \(rank)"
    }

    var htmlSection: HTMLReport.Section {
        HTMLReport.Section(
            heading: "Rendered frames",
            html:
                "<p>\(HTMLText.escaped(summary)). Per frame: <a href=\"images.csv\">images.csv</a> (sharpness = variance of the Laplacian over the object).</p>"
        )
    }
}
