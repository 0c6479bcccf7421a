import Foundation

/// The files of the checkout's `scenarios/` folder (shipped scenarios, the regression suite,
/// the thesis tables) and `assets/` folder (the spin viewer's page, style and script), compiled
/// into the binary by the BundleFiles plugin, and the git revision it was built from. A path `bundled:scenarios/orbit-72.yaml` names one of them;
/// `ProjectFiles` reads such paths and ordinary ones alike, so a copied binary finds its
/// scenarios without the checkout.
public enum BundledFiles {
    /// The prefix of a path inside the binary.
    public static let scheme = "bundled:"

    /// The bundled `scenarios/` folder, as a search directory.
    public static let scenarios = scheme + "scenarios"

    /// The contents of `path` (with or without the `bundled:` prefix), or nil.
    public static func contents(_ path: String) -> Data? {
        let relative = path.hasPrefix(scheme) ? String(path.dropFirst(scheme.count)) : path
        return decoded[relative]
    }

    /// Names of the files directly in `directory` (`bundled:scenarios`).
    public static func names(in directory: String) -> [String] {
        let relative = (directory.hasPrefix(scheme) ? String(directory.dropFirst(scheme.count)) : directory) + "/"
        return decoded.keys.filter { $0.hasPrefix(relative) && !$0.dropFirst(relative.count).contains("/") }
            .map { String($0.dropFirst(relative.count)) }.sorted()
    }

    private static let decoded: [String: Data] = encodedFiles.compactMapValues { Data(base64Encoded: $0) }
}

/// Reads files by path, where a path with the `bundled:` prefix reads from the binary.
public enum ProjectFiles {
    public static func isBundled(_ path: String) -> Bool { path.hasPrefix(BundledFiles.scheme) }

    /// The bytes of a file (or a bundled one); nil when it cannot be read.
    public static func contents(atPath path: String) -> Data? {
        if isBundled(path) { return BundledFiles.contents(path) }
        // FoundationEssentials leaks the buffer it allocates for an empty file (found by
        // LeakSanitizer while fuzzing): answer empty files without reading them.
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber, size.intValue == 0,
            FileManager.default.isReadableFile(atPath: path)
        {
            return Data()
        }
        return FileManager.default.contents(atPath: path)
    }

    /// Why `path` gave no text, for an error: "no such file" or "cannot read the file".
    package static func unreadable(_ path: String) -> String { fileExists(atPath: path) ? "cannot read the file" : "no such file" }

    public static func fileExists(atPath path: String) -> Bool {
        isBundled(path) ? BundledFiles.contents(path) != nil : FileManager.default.fileExists(atPath: path)
    }

    /// File names in a folder (sorted), empty when it cannot be read.
    public static func contentsOfDirectory(atPath path: String) -> [String] {
        isBundled(path) ? BundledFiles.names(in: path) : ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }
}
