#if canImport(Glibc)
    import Glibc
#endif

/// What is at a path, without following a symbolic link (`lstat`): what a writer must check
/// before it replaces or reads something it did not create.
public enum FileKind: Sendable, Equatable {
    case none
    case directory
    case regularFile
    case symbolicLink
    /// A device, FIFO or socket.
    case special

    public init(atPath path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            self = .none
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: self = .directory
        case S_IFREG: self = .regularFile
        case S_IFLNK: self = .symbolicLink
        default: self = .special
        }
    }

    /// "a symbolic link", "a folder", … for messages.
    public var phrase: String {
        switch self {
        case .none: return "nothing"
        case .directory: return "a folder"
        case .regularFile: return "a regular file"
        case .symbolicLink: return "a symbolic link"
        case .special: return "a device, FIFO or socket"
        }
    }
}
