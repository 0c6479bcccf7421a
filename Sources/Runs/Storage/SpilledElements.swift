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
