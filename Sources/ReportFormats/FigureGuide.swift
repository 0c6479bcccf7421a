import Foundation

/// What each figure OrbitBench draws shows and what to look for in it, and the order in
/// which a report page shows them: the figure that explains the verdict first.
///
/// Every figure file a command writes has an entry here (a test checks it); a figure without
/// one is shown last, captioned with its file name only.
public enum FigureGuide {
    public struct Entry: Sendable, Equatable {
        /// The figure's file name without its extension, or the start of it for a family
        /// (`sweep-` + metric).
        public var file: String
        public var isPrefix: Bool
        /// A few words naming the figure.
        public var heading: String
        /// One line: what the figure shows and what to look for.
        public var caption: String

        init(_ file: String, prefix: Bool = false, _ heading: String, _ caption: String) {
            self.file = file
            self.isPrefix = prefix
            self.heading = heading
            self.caption = caption
        }

        /// `name` without its extension is the entry's (or starts with it, for a family).
        func matches(_ name: String) -> Bool {
            let stem = (name as NSString).deletingPathExtension
            return isPrefix ? stem.hasPrefix(file) : stem == file
        }
    }

    /// In reading order.
    public static let entries: [Entry] = [
        // run (capture) and replay
        Entry(
            "coverage-polar", "Coverage around the object",
            "Each slot around the circle (0° at the top, clockwise, as in the spin viewer), coloured by the quality of the frame it kept; look for empty slots and the largest gap, marked in orange."
        ),
        Entry(
            "seeds", "Metrics per seed",
            "One bar per seed with the mean dashed; a seed far from the others is a case to open in the viewer."),
        Entry(
            "blur", "Motion blur",
            "How blur over the object is spread over all frames and over the selected ones; a long right tail of selected frames means blurred pictures in the spin."
        ),
        Entry(
            "blur-vs-rate", "Blur against rotation rate",
            "Each frame's blur against the measured rotation rate, with the blur the rate alone predicts as a line; points far above it blurred for reasons the rate misses."
        ),
        Entry(
            "slot-error", "Angle error per slot",
            "How far each kept frame's true angle is from its slot centre; beyond half a slot width a slot shows its neighbour's view."),
        Entry(
            "error-cdf", "Error distributions",
            "Cumulative share of kept frames below each error; a curve further left and steeper is better."),
        Entry(
            "timeline", "Timeline of one seed",
            "When frames arrived, were kept, replaced or dropped, with the estimated angle; look for long stretches with nothing kept."),
        Entry(
            "deviation", "Deviations per slot",
            "Pitch and roll of each kept frame, true (solid) and estimated (dashed); a gap between them is fusion error the app cannot see."),
        Entry(
            "queue", "Processing queue",
            "The app's frame queue over time; a growing backlog means frames are scored late, against stale motion."),
        Entry(
            "comparison", "Scenarios compared",
            "Mean ± sd of each metric per scenario; compare bar heights against the spread across seeds before reading a difference."),
        Entry(
            "trajectory", "The walk from above",
            "The simulated person's path around the object; the circle should close with an even radius."),
        // compare
        Entry(
            "paired-differences", "Paired differences B − A",
            "Each seed's difference with the mean and its interval; an interval that does not cross zero is a real difference."),
        Entry(
            "critical-difference", "Critical-difference diagram",
            "Each arm's mean rank per metric (1 = best); arms joined by a black bar do not differ significantly, so only arms without a shared bar are told apart."
        ),
        Entry(
            "arm-distributions", "Every arm's values",
            "Box and dots per arm over the blocks; overlapping boxes can still differ when the same blocks move together (see the differences)."),
        Entry(
            "arm-differences", "Differences against the reference arm",
            "Each block's difference from the reference arm with the median and its interval; an interval clear of zero is a consistent change."),
        // sweep
        // The swept metric leads; the trade-off follows.
        Entry(
            "sweep-", prefix: true, "The ranked metric over the varied keys",
            "A line per cell's mean (one varied key) or a heat map (two); look for a broad good region rather than a single best cell."),
        Entry(
            "sweep-pareto", "Trade-off between two metrics",
            "Every cell on two metrics at once; the cells on the front (no other cell better on both) are the ones worth choosing between."),
        // tune
        Entry(
            "tuning", "Tuning progress",
            "The objective of every evaluation and the best so far, and each tuned key as a multiple of its start; a flat tail means the search converged."
        ),
        // fusion
        Entry(
            "fusion-broad", "Filters on the recordings",
            "Mean total RMSE per filter in each group of trials; the lowest bar per group is the best filter there."),
        Entry(
            "fusion-error", "Attitude error over time",
            "Each filter's error against the reference, averaged over a sliding window; grey periods are left out of the RMSE. Look for drift and slow recovery after disturbances."
        ),
        Entry(
            "twin", "Real against its twin",
            "Per trial and filter, the real error beside the spread of the twin (the simulated sensors along the trial's own motion); a real value outside the twin's 10–90 % bar is an error the sensor model misses."
        ),
        Entry(
            "validation", "Predicted against real error",
            "Per trial and filter the seeds' 10–90 % bar and median, in sample (left) and out of sample (right), beside the real error (black); a black dot outside the right bar is a trial the calibrated scenario did not foresee."
        ),
        // rephoto and thesis
        Entry(
            "rephoto-errors", "Rephotography errors",
            "Where the simulated users' key points land, their mean distances beside the thesis's (Table 6.3), and the error against where each stood; the simulated and thesis bars should overlap."
        ),
        Entry(
            "keypoints", "Key points of the thesis",
            "The key points of the reference and the four rephotographs, each with a dashed circle at its published distance; a point off its circle (P3) is a published value that does not follow from Table 6.1."
        ),
        // calibrate
        Entry(
            "allan", "Allan deviation",
            "Measured Allan deviation per axis with the fitted noise model; the model should follow the curve at short and long times."),
    ]

    /// The entry describing the figure file `path` (`plots/blur.png`), if any.
    public static func entry(for path: String) -> Entry? { index(of: path).map { entries[$0] } }

    /// The entry `path` belongs to: one for its exact name before a family's (`sweep-pareto`
    /// before `sweep-`), whatever their order.
    static func index(of path: String) -> Int? {
        let name = (path as NSString).lastPathComponent
        return entries.firstIndex { !$0.isPrefix && $0.matches(name) } ?? entries.firstIndex { $0.matches(name) }
    }

    /// Whether `path` names a figure file a page can embed.
    public static func isFigure(_ path: String) -> Bool { mimeTypes[(path as NSString).pathExtension.lowercased()] != nil }

    /// Whether `path` names a figure file a page links to instead of embedding (PDF: browsers
    /// show it in a frame of their own, not in an img element).
    public static func isLinkedFigure(_ path: String) -> Bool { (path as NSString).pathExtension.lowercased() == "pdf" }

    static let mimeTypes = ["png": "image/png", "svg": "image/svg+xml"]

    public static func mimeType(of path: String) -> String { mimeTypes[(path as NSString).pathExtension.lowercased()] ?? "application/octet-stream" }

    /// `figures` in reading order (figures without an entry last, by name).
    public static func ordered(_ figures: [HTMLReport.Figure]) -> [HTMLReport.Figure] {
        func rank(_ figure: HTMLReport.Figure) -> Int { index(of: figure.file) ?? entries.count }
        return figures.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
    }
}
