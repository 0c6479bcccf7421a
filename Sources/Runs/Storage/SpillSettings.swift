import Foundation

/// Where a long run keeps what it records for every frame and update: in memory up to a
/// limit, then in a temporary file, so a run of any length needs the same memory.
public struct SpillSettings: Sendable, Equatable {
    /// Bytes each per-run store (frame records, their truth, the rotation-rate track) keeps
    /// in memory before it moves to a file. Default 4 MiB (≈ 8 000 frame records, 4½ minutes
    /// at 30 fps), so one-minute seeds never touch the disk; 0 spills from the first element.
    public var memoryLimit: Int
    /// Folder of the temporary files; default `$TMPDIR`, else `/tmp`. The files are unlinked
    /// as soon as they are created, so nothing is left behind even if the process dies.
    public var directory: String

    public init(memoryLimit: Int = 4 << 20, directory: String = SpillSettings.defaultDirectory) {
        self.memoryLimit = max(0, memoryLimit)
        self.directory = directory
    }

    public static let `default` = SpillSettings()

    /// `$TMPDIR`, else `/tmp` (Foundation's temporary directory).
    public static var defaultDirectory: String { FileManager.default.temporaryDirectory.path }
}
