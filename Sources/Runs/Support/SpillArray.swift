#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
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

    public static var defaultDirectory: String {
        let variable = ProcessInfo.processInfo.environment["TMPDIR"] ?? ""
        return variable.isEmpty ? "/tmp" : variable
    }
}

/// Failure to move records to, or read them back from, the spill folder.
public struct SpillError: Error, CustomStringConvertible, Sendable {
    public let directory: String
    public let reason: String
    public var description: String { "\(directory): cannot keep run records in a temporary file (\(reason))" }
}

/// An append-only array of plain values that moves to an unlinked temporary file once it
/// outgrows `SpillSettings.memoryLimit`, then writes in blocks of `writeBlockBytes`.
///
/// A value type: a copy that appends after the array moved to a file gets a file of its own
/// (copied on write), so copies never write into each other's elements.
///
/// `append` never throws: the first failure to create or write the file is kept (`failure`)
/// and thrown by `finish()`, which hands the elements over for reading.
struct SpillArray<Element: BitwiseCopyable & Sendable>: Sendable {
    private let settings: SpillSettings
    private var elements: [Element] = []  // all of them in memory; in a file, those not written yet
    private var file: SpillFile?  // nil while in memory
    private var writtenBytes = 0  // this array's bytes at the start of `file`
    /// The first failure to keep the elements; once set, appends are counted but not kept.
    private(set) var failure: SpillError?
    private(set) var count = 0

    static var writeBlockBytes: Int { 256 << 10 }
    private static var stride: Int { max(MemoryLayout<Element>.stride, 1) }
    private var memoryCapacity: Int { settings.memoryLimit / Self.stride }

    /// `expectedCount`: the number of elements expected. When they will not fit in memory,
    /// the file is created at once, so a folder that cannot take it fails before any work.
    init(settings: SpillSettings, expectedCount: Int = 0) {
        self.settings = settings
        if max(expectedCount, 0) > memoryCapacity {
            moveToFile()
        } else {
            elements.reserveCapacity(max(expectedCount, 0))
        }
    }

    mutating func append(_ element: Element) {
        count += 1
        guard failure == nil else { return }
        if file == nil {
            if elements.count < memoryCapacity {
                // Never grow past the limit: doubling could otherwise take twice the memory allowed.
                if elements.count == elements.capacity { elements.reserveCapacity(min(max(2 * elements.capacity, 16), memoryCapacity)) }
                elements.append(element)
                return
            }
            moveToFile()
            guard failure == nil else { return }
        }
        elements.append(element)
        if elements.count * Self.stride >= Self.writeBlockBytes { flush() }
    }

    /// The elements, for reading; throws the first failure to keep them.
    consuming func finish() throws(SpillError) -> SpilledElements<Element> {
        flush()
        if let failure { throw failure }
        guard let file else { return SpilledElements(memory: elements) }
        return SpilledElements(file: file, count: count)
    }

    private mutating func moveToFile() {
        do throws(SpillError) {
            file = try SpillFile(directory: settings.directory)
        } catch {
            fail(error)
            return
        }
        flush()
        elements = []
        elements.reserveCapacity(Self.writeBlockBytes / Self.stride + 1)
    }

    private mutating func flush() {
        guard failure == nil, file != nil, !elements.isEmpty else { return }
        do throws(SpillError) {
            if !isKnownUniquelyReferenced(&file) { file = try file!.copy(bytes: writtenBytes) }  // a copy of this array shares it
            let offset = writtenBytes
            let error = elements.withUnsafeBytes { bytes -> SpillError? in
                do throws(SpillError) {
                    try file!.write(bytes, at: offset)
                    return nil
                } catch {
                    return error
                }
            }
            if let error { throw error }
            writtenBytes += elements.count * Self.stride
            elements.removeAll(keepingCapacity: true)
        } catch {
            fail(error)
        }
    }

    private mutating func fail(_ error: SpillError) {
        failure = error
        elements = []
        file = nil
    }
}

/// The elements of a finished `SpillArray`, in memory or in its file; safe to read from many
/// threads at once (file reads are positional).
final class SpilledElements<Element: BitwiseCopyable & Sendable>: Sendable {
    /// The elements when they stayed in memory; empty for a file.
    let memory: [Element]
    private let file: SpillFile?
    let count: Int

    init(memory: [Element]) {
        self.memory = memory
        file = nil
        count = memory.count
    }

    init(file: SpillFile, count: Int) {
        memory = []
        self.file = file
        self.count = count
    }

    var isSpilled: Bool { file != nil }

    /// Replaces `buffer`'s contents with the elements in `range`.
    func read(_ range: Range<Int>, into buffer: inout [Element]) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "spilled range out of bounds")
        guard let file else {
            buffer.removeAll(keepingCapacity: true)
            buffer.append(contentsOf: memory[range])
            return
        }
        let offset = range.lowerBound * MemoryLayout<Element>.stride
        guard buffer.count == range.count else {
            buffer = [Element](unsafeUninitializedCapacity: range.count) { elements, initialized in
                file.read(into: UnsafeMutableRawBufferPointer(elements), at: offset)
                initialized = range.count
            }
            return
        }
        buffer.withUnsafeMutableBytes { file.read(into: $0, at: offset) }  // same size: reuse the storage
    }

    /// Calls `body` with the elements in `range`: in memory without a copy, from a file
    /// through `scratch` (kept between calls, so a reading loop allocates once).
    func withElements<Result>(in range: Range<Int>, scratch: inout [Element], _ body: (UnsafeBufferPointer<Element>) throws -> Result)
        rethrows -> Result
    {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "spilled range out of bounds")
        guard file != nil else { return try memory.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) } }
        read(range, into: &scratch)
        return try scratch.withUnsafeBufferPointer(body)
    }

    subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "spilled index out of bounds")
        guard let file else { return memory[position] }
        return withUnsafeTemporaryAllocation(of: Element.self, capacity: 1) { element in
            file.read(into: UnsafeMutableRawBufferPointer(element), at: position * MemoryLayout<Element>.stride)
            return element[0]
        }
    }
}

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
            let length = min(buffer.count, bytes - offset)
            let error = buffer.withUnsafeMutableBytes { chunk -> SpillError? in
                let part = UnsafeMutableRawBufferPointer(rebasing: chunk[0..<length])
                read(into: part, at: offset)
                do throws(SpillError) {
                    try copy.write(UnsafeRawBufferPointer(part), at: offset)
                    return nil
                } catch {
                    return error
                }
            }
            if let error { throw error }
            offset += length
        }
        return copy
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
