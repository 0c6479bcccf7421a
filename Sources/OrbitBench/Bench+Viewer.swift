import Foundation

extension Bench {
    /// The recording of `path`: a recording.json, or a run folder holding one. Checked as
    /// `Recording.decode` checks it; errors name the file.
    public static func recording(_ path: String) throws(OutputError) -> (file: URL, recording: Recording) {
        try SpinViewerFile.read(path)
    }

    /// `orbitbench view PATH --html`: writes the spin viewer of the recording in `file`
    /// (`viewer/index.html` beside it, replaced atomically) and returns the page's path. The
    /// page finds the images at `imageBase` (default: `../images/`, or `../` when they lie
    /// beside the recording); `slotCount` defaults to 360° / the recording's radius.
    @discardableResult
    public static func writeSpinViewer(_ recording: Recording, besides file: URL, slotCount: Int? = nil, imageBase: String? = nil) throws -> URL {
        try writeSpinViewerReporting(recording, besides: file, slotCount: slotCount, imageBase: imageBase).page
    }

    /// `writeSpinViewer`, also returning how many of the recording's images the page will not
    /// find (all of them for a run without `--render`: the page then shows placeholders).
    public static func writeSpinViewerReporting(
        _ recording: Recording, besides file: URL, slotCount: Int? = nil, imageBase: String? = nil
    ) throws -> (page: URL, missingImages: Int) {
        let base = imageBase ?? SpinViewerFile.imageBase(for: recording, besides: file)
        let page = try SpinViewerPage.html(recording, slotCount: slotCount, imageBase: base)
        let written = try SpinViewerFile.write(page, besides: file)
        return (written, SpinViewerFile.missingImages(of: recording, besides: file, imageBase: base))
    }
}
