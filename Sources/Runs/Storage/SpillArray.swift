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
            try file!.write(elements, at: writtenBytes)
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
