#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An unlinked temporary file, closed when the last array or reader lets go of it.
final class SpillFile: Sendable {
    private let descriptor: Int32
    private let directory: String

    init(directory: String) throws(SpillError) {
        var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast())
        template += Array("orbitbench-spill-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw SpillError(directory: directory, reason: Self.lastError()) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)  // not inherited by child processes
        unlink(template)  // gone from the folder at once; the data lives until the descriptor closes
        self.descriptor = descriptor
        self.directory = directory
    }

    deinit { close(descriptor) }

    /// Writes all of `bytes` at byte `offset`.
    func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(SpillError) {
        var done = 0
        while done < bytes.count {
            let written = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw SpillError(directory: directory, reason: written < 0 ? Self.lastError() : "disk full") }
            done += written
        }
    }

    /// A new file in the same folder holding this one's first `bytes` bytes.
    func copy(bytes: Int) throws(SpillError) -> SpillFile {
        let copy = try SpillFile(directory: directory)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset = 0
        while offset < bytes {
            if bytes - offset < buffer.count { buffer.removeLast(buffer.count - (bytes - offset)) }
            buffer.withUnsafeMutableBytes { read(into: $0, at: offset) }
            try copy.write(buffer, at: offset)
            offset += buffer.count
        }
        return copy
    }

    /// Writes the bytes of `elements` at byte `offset`.
    func write<Element: BitwiseCopyable>(_ elements: [Element], at offset: Int) throws(SpillError) {
        let error = elements.withUnsafeBytes { bytes -> SpillError? in
            do throws(SpillError) {
                try write(bytes, at: offset)
                return nil
            } catch {
                return error
            }
        }
        if let error { throw error }
    }

    /// Fills `buffer` from byte `offset`. The bytes were written by this process moments ago;
    /// failing to read them back is an I/O fault of the machine, not an input error.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) {
        var done = 0
        while done < buffer.count {
            let got = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if got < 0, errno == EINTR { continue }
            guard got > 0 else {
                let reason = got < 0 ? Self.lastError() : "the file ends \(buffer.count - done) bytes early"
                fatalError("\(directory): cannot read run records back from a temporary file (\(reason))")
            }
            done += got
        }
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
