import BundledFiles
import Capture
import Foundation
import ReportIO

/// Where the spin viewer's input and output live: a run folder's `recording.json` (or the file
/// itself) in, `viewer/index.html` beside it out.
public enum SpinViewerFile {
    /// The folder (beside the recording) and the file the page is written to.
    public static let folderName = "viewer"
    public static let fileName = "index.html"

    /// The recording.json of `path`: the file itself, or `recording.json` in a folder.
    public static func recordingFile(_ path: String) throws(OutputError) -> URL {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw OutputError(path: path, reason: "no such file or folder")
        }
        guard isDirectory.boolValue else { return URL(fileURLWithPath: path) }
        let file = URL(fileURLWithPath: path).appendingPathComponent("recording.json")
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw OutputError(path: path, reason: "no recording.json in this folder (orbitbench run writes one into each capture report)")
        }
        return file
    }

    /// Reads and validates the recording of `path` (a file or a folder holding recording.json).
    public static func read(_ path: String) throws(OutputError) -> (file: URL, recording: Recording) {
        let file = try recordingFile(path)
        let folder = file.deletingLastPathComponent()
        let data: Data
        if FileKind(atPath: folder.appendingPathComponent(ReportManifest.fileName).path) != .none {
            // In a report folder: read through its manifest, so an edited recording is refused.
            do { data = Data(try StoredReport(folder).bytes(file.lastPathComponent)) } catch {
                throw OutputError(path: error.file, reason: error.message)
            }
        } else {
            // An export from elsewhere (the app): checked field by field below.
            guard let contents = ProjectFiles.contents(atPath: file.path) else { throw OutputError(path: file.path, reason: "cannot read the file") }
            data = contents
        }
        do {
            return (file, try Recording.decode(data))
        } catch {
            throw OutputError(path: file.path, reason: error.description)
        }
    }

    /// The image URL prefix for a page in `viewer/` beside `recordingFile`: `../images/` when
    /// an `images/` folder is there or no image is found, `../` when the images lie beside the
    /// recording (the seed's export: one JSON file and its images).
    public static func imageBase(for recording: Recording, besides recordingFile: URL) -> String {
        let folder = recordingFile.deletingLastPathComponent()
        let manager = FileManager.default
        if manager.fileExists(atPath: folder.appendingPathComponent("images").path) { return SpinViewerPage.defaultImageBase }
        let besides = recording.elements.contains { manager.fileExists(atPath: folder.appendingPathComponent($0.image).path) }
        return besides ? "../" : SpinViewerPage.defaultImageBase
    }

    /// How many of the recording's images the page in `viewer/` will not find at `imageBase`
    /// (a relative URL prefix from that folder, as `imageBase(for:besides:)` returns).
    public static func missingImages(of recording: Recording, besides recordingFile: URL, imageBase: String) -> Int {
        let viewerFolder = recordingFile.deletingLastPathComponent().appendingPathComponent(folderName)
        return recording.elements.count {
            !FileManager.default.fileExists(atPath: viewerFolder.appendingPathComponent(imageBase + $0.image).standardizedFileURL.path)
        }
    }

    /// Writes `page` to `viewer/index.html` beside `recordingFile`, atomically (`AtomicFile`: a
    /// new temporary file in `viewer/`, then a rename over the old page). Refuses a `viewer` that is not a real
    /// folder or an `index.html` that is not a regular file (a symbolic link could lead outside
    /// the report). Returns the page's path.
    @discardableResult
    /// Whether `head` (a file's first bytes) is the start of a page `write` wrote.
    static func isViewerPage(_ head: Data) -> Bool {
        String(decoding: head, as: UTF8.self).contains("<meta name=\"generator\" content=\"orbitbench ")
    }

    public static func write(_ page: String, besides recordingFile: URL) throws(OutputError) -> URL {
        let folder = recordingFile.deletingLastPathComponent().appendingPathComponent(folderName)
        let destination = folder.appendingPathComponent(fileName)
        var created = false
        switch FileKind(atPath: folder.path) {
        case .none:
            do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false) } catch {
                throw OutputError(path: folder.path, reason: "cannot create the folder (\(ReportDirectory.reason(error)))")
            }
            created = true
        case .directory: break
        case .symbolicLink: throw OutputError(path: folder.path, reason: "is a symbolic link; refusing to write outside the report folder")
        case .regularFile, .special: throw OutputError(path: folder.path, reason: "exists and is not a folder")
        }
        switch FileKind(atPath: destination.path) {
        case .none, .regularFile: break
        case .symbolicLink: throw OutputError(path: destination.path, reason: "is a symbolic link; refusing to write outside the report folder")
        default: throw OutputError(path: destination.path, reason: "exists and is not a regular file")
        }
        // A page of someone else's at the path is not replaced: only a viewer orbitbench wrote.
        if FileKind(atPath: destination.path) == .regularFile,
            !(FileHandle(forReadingAtPath: destination.path).flatMap { try? $0.read(upToCount: 4096) }.map { Self.isViewerPage($0) } ?? false)
        {
            throw OutputError(path: destination.path, reason: "exists and is not a spin viewer orbitbench wrote; move it away first")
        }
        do { try AtomicFile.write(Array(page.utf8), to: destination) } catch {
            if created { try? FileManager.default.removeItem(at: folder) }  // nothing of the failed write stays
            throw error
        }
        // Inside a report, the page becomes one of its files.
        try ReportManifest.note(["\(folderName)/\(fileName)"], in: recordingFile.deletingLastPathComponent())
        return destination
    }
}
