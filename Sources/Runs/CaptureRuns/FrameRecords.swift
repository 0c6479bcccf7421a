/// A run's frame records in arrival order. A short run keeps them in memory; a long one
/// (beyond `SpillSettings.memoryLimit`) in a temporary file, read back in blocks as you
/// iterate, so memory stays flat however long the run.
///
/// Iterate (`for`, `map`, `filter`, `compactMap`, `reduce`, `first(where:)`) for speed:
/// these read a file block at a time. A subscript, and what is built on it (`last(where:)`,
/// `reversed()`), reads one record per access from a spilled run. `Array(frames)` gives an
/// ordinary array when you want one in memory.
public struct FrameRecords: RandomAccessCollection, Sendable {
    fileprivate enum Storage: Sendable {
        case memory([FrameRecord])
        case file(SpilledElements<StoredFrame>, reasons: [String])
    }

    private let storage: Storage
    public let startIndex: Int
    public let endIndex: Int

    /// Records read per file access while iterating a spilled run.
    public static let readBlock = 256

    public init(_ records: some Sequence<FrameRecord>) {
        let array = Array(records)
        storage = .memory(array)
        startIndex = 0
        endIndex = array.count
    }

    /// Records read back from a file.
    init(spilled: SpilledElements<StoredFrame>, reasons: [String]) {
        storage = .file(spilled, reasons: reasons)
        startIndex = 0
        endIndex = spilled.count
    }

    private init(storage: Storage, bounds: Range<Int>) {
        self.storage = storage
        startIndex = bounds.lowerBound
        endIndex = bounds.upperBound
    }

    /// Whether the records live in a temporary file.
    public var isSpilled: Bool {
        if case .file = storage { return true }
        return false
    }

    public subscript(position: Int) -> FrameRecord {
        precondition(position >= startIndex && position < endIndex, "frame record position out of range")
        switch storage {
        case .memory(let records): return records[position]
        case .file(let elements, let reasons): return elements[position].record(reasons: reasons)
        }
    }

    public subscript(bounds: Range<Int>) -> FrameRecords {
        precondition(bounds.lowerBound >= startIndex && bounds.upperBound <= endIndex, "frame record range out of range")
        return FrameRecords(storage: storage, bounds: bounds)
    }

    public func makeIterator() -> Iterator { Iterator(storage: storage, bounds: startIndex..<endIndex) }

    /// `Collection.map` reads by subscript; this one iterates, a block at a time.
    public func map<T, E: Error>(_ transform: (FrameRecord) throws(E) -> T) throws(E) -> [T] {
        var result: [T] = []
        result.reserveCapacity(count)
        for record in self { result.append(try transform(record)) }
        return result
    }

    /// Reads a spilled run a block at a time.
    public struct Iterator: IteratorProtocol {
        private let storage: Storage
        private var position: Int
        private let end: Int
        private var block: [StoredFrame] = []
        private var blockStart = 0

        fileprivate init(storage: Storage, bounds: Range<Int>) {
            self.storage = storage
            position = bounds.lowerBound
            end = bounds.upperBound
        }

        public mutating func next() -> FrameRecord? {
            guard position < end else { return nil }
            defer { position += 1 }
            switch storage {
            case .memory(let records):
                return records[position]
            case .file(let elements, let reasons):
                if position - blockStart >= block.count || position < blockStart {
                    blockStart = position
                    elements.read(position..<Swift.min(position + FrameRecords.readBlock, end), into: &block)
                }
                return block[position - blockStart].record(reasons: reasons)
            }
        }
    }
}

extension FrameRecords: ExpressibleByArrayLiteral {
    public init(arrayLiteral records: FrameRecord...) { self.init(records) }
}

/// Encoded as an array of records, so a shard's JSON reads the same whether or not its run spilled.
extension FrameRecords: Codable {
    public init(from decoder: any Decoder) throws { self.init(try [FrameRecord](from: decoder)) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for record in self { try container.encode(record) }
    }
}
