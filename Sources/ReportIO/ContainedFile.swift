import Foundation

/// A file that could not be read, or is not what may be read, as one line.
public struct ReadError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let reason: String
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    public var description: String { "\(path): \(reason)" }
}

/// Reads a file named by a file (an image named in a session's frames.csv) from inside a
/// folder the user chose, and only from inside it: each part of the path is opened below the
/// folder without following a symbolic link (`openat` with `O_NOFOLLOW`), and the file must be
/// a regular file. A link (to /etc/shadow, say) would otherwise have its target copied into a
/// report. The folder itself may be a link: the user chose it.
public enum ContainedFile {
    /// The contents of `components` (plain names, see `OutputPath.problem(withName:)`) below
    /// `folder`; nil when it does not exist. A symbolic link anywhere on the way, something
    /// other than a regular file, or a file of more than `maximumBytes` is an error.
    public static func read(_ components: [String], in folder: URL, maximumBytes: Int) throws(ReadError) -> [UInt8]? {
        let shown = ([folder.path] + components).joined(separator: "/")
        for component in components {
            if let problem = OutputPath.problem(withName: component) {
                throw ReadError(path: shown, reason: "\(OutputPath.quoted(component)) \(problem); only plain names inside the folder are read")
            }
        }
        var descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ReadError(path: folder.path, reason: "cannot open the folder (\(String(cString: strerror(errno))))") }
        for (index, component) in components.enumerated() {
            let last = index == components.count - 1
            // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused below).
            let flags = O_RDONLY | O_NOFOLLOW | O_CLOEXEC | (last ? O_NONBLOCK : O_DIRECTORY)
            let next = openat(descriptor, component, flags)
            let failure = errno
            close(descriptor)
            guard next >= 0 else {
                if failure == ENOENT { return nil }
                let part = ([folder.path] + components[...index]).joined(separator: "/")
                switch FileKind(atPath: part) {
                case .symbolicLink: throw ReadError(path: part, reason: "is a symbolic link; only regular files inside \(folder.path) are read")
                case let kind where !last && kind != .directory: throw ReadError(path: part, reason: "is \(kind.phrase), not a folder")
                default: throw ReadError(path: part, reason: "cannot open (\(String(cString: strerror(failure))))")
                }
            }
            descriptor = next
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw ReadError(path: shown, reason: "cannot read (\(String(cString: strerror(errno))))") }
        guard info.st_mode & S_IFMT == S_IFREG else {
            let kind = info.st_mode & S_IFMT == S_IFDIR ? "a folder" : "a device, FIFO or socket"
            throw ReadError(path: shown, reason: "is \(kind); only regular files are read")
        }
        guard Int(info.st_size) <= maximumBytes else {
            throw ReadError(path: shown, reason: "\(info.st_size) bytes, more than the \(maximumBytes) allowed")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                if count == 0 { break }  // the file shrank while it was read
                throw ReadError(path: shown, reason: "cannot read (\(String(cString: strerror(errno))))")
            }
            offset += count
        }
        return Array(bytes[..<offset])
    }
}
