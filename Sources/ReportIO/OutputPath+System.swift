import Foundation

extension OutputPath {
    /// The system's own folders: a report folder inside one (through a symbolic link or not)
    /// is a mistake on the command line, not a place anyone keeps results. Not listed: /run
    /// (removable drives mount under /run/media) and /dev/shm (a scratch file system).
    public static let systemFolders = [
        "/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/proc", "/sbin", "/sys", "/usr", "/var/lib",
        "/var/cache", "/var/log", "/var/spool",
    ]

    /// Why `destination` cannot be a report folder, as a phrase ("is inside the system folder
    /// /etc"); nil when it can. Symbolic links are followed as far as the path exists. Refused:
    /// the root folder, a folder directly in it (`--out /` for a command that adds the
    /// scenario's name), and any folder inside `systemFolders`.
    public static func placementProblem(of destination: URL) -> String? {
        let resolved = resolvingExistingPart(of: destination.standardizedFileURL.path)
        if resolved == "/" { return "is the root folder" }
        if (resolved as NSString).deletingLastPathComponent == "/" { return "would be a folder directly in the root folder (\(resolved))" }
        if !resolved.hasPrefix("/dev/shm/"), let system = systemFolders.first(where: { resolved == $0 || resolved.hasPrefix($0 + "/") }) {
            return "is inside the system folder \(system) (\(resolved))"
        }
        return nil
    }

    /// `path` with its longest existing prefix resolved (symbolic links, `..`), the rest
    /// appended as written.
    static func resolvingExistingPart(of path: String) -> String {
        var existing = path, rest: [String] = []
        while existing != "/" && !FileManager.default.fileExists(atPath: existing) {
            rest.insert((existing as NSString).lastPathComponent, at: 0)
            existing = (existing as NSString).deletingLastPathComponent
        }
        let base = URL(fileURLWithPath: existing).resolvingSymlinksInPath().path
        return rest.reduce(base) { ($0 as NSString).appendingPathComponent($1) }
    }
}
