import Foundation

/// Output paths built from names that come from files: a scenario's `name`, a suite entry's
/// label, a recording's or a session folder's name, an image name in frames.csv. Such a name
/// becomes a path component only when `problem(withName:)` finds nothing wrong with it, and
/// every file a report writes is resolved inside its folder by `resolve(_:in:)`
/// (`ReportDirectory.write`, `AtomicFile.write(_:to:in:)`), so that no name — today's or a
/// future one — places a file outside the folder the user chose.
public enum OutputPath {
    /// The longest name, in UTF-8 bytes: well under the file systems' 255, so that a name still
    /// fits with what is added to it (`-seed-4294967295`, `.resolved.yaml`, the staging folder
    /// `.NAME.partial-PID`).
    public static let maximumNameBytes = 128

    /// Why `name` cannot be one component of an output path, as a phrase after the name ("starts
    /// with '.'"); nil when it can. Refused: the
    /// empty name; a name starting with "." ("." and ".." climb out of the folder, any other
    /// is hidden and could collide with the staging folders `.NAME.partial-PID`); '/' and '\'
    /// (separators on some system); NUL, line breaks and every other control character (a
    /// file name no one can type or see); more than `maximumNameBytes` bytes.
    public static func problem(withName name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if name.hasPrefix(".") { return "starts with '.'" }
        if let separator = name.unicodeScalars.first(where: { $0 == "/" || $0 == "\\" }) { return "contains '\(separator)'" }
        if let control = name.unicodeScalars.first(where: isControl) {
            return "contains the control character U+\(String(format: "%04X", control.value))"
        }
        if name.utf8.count > maximumNameBytes { return "is longer than \(maximumNameBytes) bytes (\(name.utf8.count))" }
        return nil
    }

    /// C0 and C1 control characters and DEL.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) }

    /// `name` quoted for a message: control characters as `\u{…}`, at most 40 characters
    /// (a longer name is cut, with its length).
    public static func quoted(_ name: String) -> String { TextExcerpt.quoted(name, limit: 40) }

    /// `name` inside `folder`, after checking it with `problem(withName:)`; `what` says what the
    /// name is for the error ("scenario name", "image name").
    public static func resolve(name: String, in folder: URL, what: String = "name") throws(OutputError) -> URL {
        if let problem = problem(withName: name) {
            throw OutputError(path: folder.path, reason: "the \(what) \(quoted(name)) cannot name a file or folder in it: it \(problem)")
        }
        return folder.appendingPathComponent(name)
    }

    /// Whether `relativePath` ('/'-separated) names something inside a folder: every component
    /// passes `problem(withName:)` (a path read from a file, before it is opened).
    public static func isPlainRelative(_ relativePath: String) -> Bool {
        relativePath.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { problem(withName: String($0)) == nil }
    }

    /// `relativePath` ('/'-separated) inside `folder`: every component must pass
    /// `problem(withName:)`, so the result can only lie in `folder` (no "..", no absolute path,
    /// no empty component). `reportedFolder` is the folder errors name (a report's destination
    /// while it is written into its staging folder).
    public static func resolve(_ relativePath: String, in folder: URL, reportedFolder: URL? = nil) throws(OutputError) -> URL {
        let shownFolder = (reportedFolder ?? folder).path
        for component in relativePath.split(separator: "/", omittingEmptySubsequences: false) {
            if let problem = problem(withName: String(component)) {
                throw OutputError(
                    path: shownFolder, reason: "refusing to write \(quoted(relativePath)) in it: \(quoted(String(component))) \(problem)")
            }
        }
        let resolved = folder.appendingPathComponent(relativePath).standardizedFileURL
        let base = folder.standardizedFileURL.path
        guard resolved.path.hasPrefix(base.hasSuffix("/") ? base : base + "/") else {
            throw OutputError(path: shownFolder, reason: "refusing to write \(quoted(relativePath)): it resolves outside this folder")
        }
        return resolved
    }
}
