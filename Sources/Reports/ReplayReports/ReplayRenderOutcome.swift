import ReportFormats

/// What `replay --render` put into images/: the session's own pictures, drawn ones, and the
/// selected frames left without a picture (no reference pose over their exposure).
public struct ReplayRenderOutcome: Sendable, Equatable {
    public var copied: Int
    public var drawn: Int
    public var missing: Int

    public var summary: String {
        "images: \(copied) from the session, \(drawn) drawn from its reference poses"
            + (missing > 0 ? ", \(missing) without a picture (no reference position and attitude over the exposure)" : "")
    }

    var htmlSection: HTMLReport.Section {
        HTMLReport.Section(heading: "Pictures", html: "<p>\(HTMLText.escaped(summary)).</p>")
    }
}
