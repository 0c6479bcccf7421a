import Foundation

/// A read-only HDF5 file, through `HDF5Library` (loaded on first use). The serial HDF5 library
/// is not thread-safe, so every call goes through one lock.
///
/// Nothing a file declares is trusted: attributes must hold exactly one number, datasets must
/// have rank 1 or 2, at most `maximumValues` values, a numeric element type, and storage the
/// file can actually hold, all checked before anything is allocated or read.
final class HDF5File {
    let path: String
    private let h5: HDF5Library
    private let id: HDF5Library.ID
    /// The file's size in bytes.
    private let fileSize: Int

    /// At most this many values per dataset (1 GiB of doubles): a recording of 10⁸ samples × 3
    /// axes stays within it; anything larger is refused before allocation.
    static let maximumValues = 1 << 27
    /// A compressed dataset may expand at most this much over its stored bytes.
    static let maximumCompression = 1000
    private static var lock: NSLock { HDF5Lock.lock }

    init(path: String) throws(RecordingError) {
        self.path = path
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw RecordingError(file: path, message: FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file")
        }
        switch HDF5Library.shared {
        case .success(let library): h5 = library
        case .failure(let failure): throw RecordingError(file: path, message: failure.message)
        }
        Self.lock.lock()
        defer { Self.lock.unlock() }
        // The thread-safe HDF5 build keeps one error stack per thread: silence this thread's.
        _ = h5.setErrorHandler(HDF5Library.defaultErrorStack, nil, nil)
        let id = h5.fileOpen(path, HDF5Library.readOnly, HDF5Library.defaultProperties)
        guard id >= 0 else { throw RecordingError(file: path, message: "not a readable HDF5 file (damaged or truncated?)") }
        self.id = id
        fileSize = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    deinit {
        Self.lock.lock()
        _ = h5.fileClose(id)
        Self.lock.unlock()
    }

    /// Whether the file has a dataset (or group) of this name.
    func contains(_ name: String) -> Bool {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        return h5.linkExists(id, name, HDF5Library.defaultProperties) > 0
    }

    /// A 1- or 2-dimensional dataset as doubles, row-major, with its shape (columns 1 for 1-D).
    func matrix(_ name: String) throws(RecordingError) -> (rows: Int, columns: Int, values: [Double]) {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        let (dataset, rows, columns) = try open(name)
        defer { _ = h5.datasetClose(dataset) }
        var values = [Double](repeating: .nan, count: rows * columns)
        let status = values.withUnsafeMutableBytes { buffer in
            h5.datasetRead(dataset, h5.nativeDouble, HDF5Library.all, HDF5Library.all, HDF5Library.defaultProperties, buffer.baseAddress)
        }
        guard status >= 0 else { throw RecordingError(file: path, column: name, message: "cannot read the values as numbers (damaged file?)") }
        return (rows, columns, values)
    }

    /// A 1-dimensional dataset of one-byte values (booleans, enums of int8).
    func bytes(_ name: String) throws(RecordingError) -> [UInt8] {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        let (dataset, rows, columns) = try open(name)
        defer { _ = h5.datasetClose(dataset) }
        guard columns == 1 else { throw RecordingError(file: path, column: name, message: "expected one value per sample, found \(columns)") }
        let type = h5.datasetType(dataset)
        defer { _ = h5.typeClose(type) }
        guard h5.typeSize(type) == 1 else { throw RecordingError(file: path, column: name, message: "expected one-byte flags") }
        var values = [UInt8](repeating: 0, count: rows)
        let status = values.withUnsafeMutableBytes { buffer in
            h5.datasetRead(dataset, type, HDF5Library.all, HDF5Library.all, HDF5Library.defaultProperties, buffer.baseAddress)
        }
        guard status >= 0 else { throw RecordingError(file: path, column: name, message: "cannot read the flags (damaged file?)") }
        return values
    }

    /// A scalar numeric attribute of the root group, or `nil` if there is none. Exactly one
    /// number: an attribute holding several values (which a one-value read would overflow) is
    /// an error.
    func attribute(_ name: String) throws(RecordingError) -> Double? {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        guard h5.attributeExists(id, name) > 0 else { return nil }
        let attribute = h5.attributeOpen(id, name, HDF5Library.defaultProperties)
        guard attribute >= 0 else { throw RecordingError(file: path, column: name, message: "cannot open the attribute") }
        defer { _ = h5.attributeClose(attribute) }
        let space = h5.attributeSpace(attribute)
        guard space >= 0 else { throw RecordingError(file: path, column: name, message: "cannot read the attribute's shape") }
        let count = h5.spacePoints(space)
        _ = h5.spaceClose(space)
        guard count == 1 else { throw RecordingError(file: path, column: name, message: "expected one number, found \(count) values") }
        let type = h5.attributeType(attribute)
        guard type >= 0 else { throw RecordingError(file: path, column: name, message: "cannot read the attribute's type") }
        let numeric = isNumeric(type)
        _ = h5.typeClose(type)
        guard numeric else { throw RecordingError(file: path, column: name, message: "attribute is not a number") }
        var value = Double.nan
        guard h5.attributeRead(attribute, h5.nativeDouble, &value) >= 0 else {
            throw RecordingError(file: path, column: name, message: "attribute is not a number")
        }
        return value
    }

    /// Opens a numeric dataset of rank 1 or 2 whose declared size is plausible (call with the
    /// lock held): at most `maximumValues` values, and no more than the file's bytes can hold.
    private func open(_ name: String) throws(RecordingError) -> (dataset: HDF5Library.ID, rows: Int, columns: Int) {
        guard h5.linkExists(id, name, HDF5Library.defaultProperties) > 0 else {
            throw RecordingError(file: path, column: name, message: "dataset missing")
        }
        let dataset = h5.datasetOpen(id, name, HDF5Library.defaultProperties)
        guard dataset >= 0 else { throw RecordingError(file: path, column: name, message: "cannot open the dataset (damaged file?)") }
        do {
            let (rows, columns) = try shape(of: dataset, name)
            return (dataset, rows, columns)
        } catch {
            _ = h5.datasetClose(dataset)
            throw error
        }
    }

    private func shape(of dataset: HDF5Library.ID, _ name: String) throws(RecordingError) -> (rows: Int, columns: Int) {
        let space = h5.datasetSpace(dataset)
        guard space >= 0 else { throw RecordingError(file: path, column: name, message: "cannot read the dataset's shape (damaged file?)") }
        defer { _ = h5.spaceClose(space) }
        let rank = h5.spaceRank(space)
        guard rank == 1 || rank == 2 else {
            throw RecordingError(file: path, column: name, message: "expected a 1- or 2-dimensional dataset, found \(rank) dimensions")
        }
        var dimensions = [UInt64](repeating: 0, count: Int(rank))
        guard h5.spaceDimensions(space, &dimensions, nil) == rank else {
            throw RecordingError(file: path, column: name, message: "cannot read the dataset's dimensions (damaged file?)")
        }
        let limit = UInt64(Self.maximumValues)
        let rows = UInt64(dimensions[0]), columns = rank == 2 ? UInt64(dimensions[1]) : 1
        let (values, overflow) = rows.multipliedReportingOverflow(by: columns)
        guard !overflow, values <= limit else {
            throw RecordingError(
                file: path, column: name,
                message: "declares \(rows)×\(columns) values, more than the \(Self.maximumValues) a dataset may hold here (damaged or hostile file?)")
        }
        let type = h5.datasetType(dataset)
        guard type >= 0 else { throw RecordingError(file: path, column: name, message: "cannot read the dataset's type") }
        let elementSize = UInt64(h5.typeSize(type))
        let numeric = isNumeric(type)
        _ = h5.typeClose(type)
        guard numeric, elementSize > 0, elementSize <= 16 else {
            throw RecordingError(file: path, column: name, message: "expected numbers, found another element type")
        }
        // The bytes the declared shape needs must be stored in the file (uncompressed) or be
        // at most `maximumCompression` times what is stored (compressed chunks).
        let declared = values * elementSize
        let stored = h5.datasetStorageSize(dataset)
        let contiguous = isContiguous(dataset)
        let plausible =
            stored <= UInt64(max(fileSize, 0))
            && (contiguous
                ? stored >= declared : stored.multipliedReportingOverflow(by: UInt64(Self.maximumCompression)).partialValue >= declared)
        guard declared == 0 || plausible else {
            throw RecordingError(
                file: path, column: name,
                message: "declares \(rows)×\(columns) values (\(declared) bytes) but the file stores \(stored) bytes for it (damaged or truncated?)")
        }
        return (Int(rows), Int(columns))
    }

    private func isNumeric(_ type: HDF5Library.ID) -> Bool {
        let typeClass = h5.typeClass(type)
        return typeClass == HDF5Library.floatClass || typeClass == HDF5Library.integerClass || typeClass == HDF5Library.enumClass
    }

    /// Whether the dataset is stored in one contiguous block; false when it is chunked or
    /// compact, or its creation properties cannot be read.
    private func isContiguous(_ dataset: HDF5Library.ID) -> Bool {
        let properties = h5.datasetCreationProperties(dataset)
        guard properties >= 0 else { return false }
        defer { _ = h5.propertiesClose(properties) }
        return h5.layout(properties) == HDF5Library.contiguousLayout
    }
}

/// The lock every HDF5 call in the process takes: the serial library is not thread-safe.
package enum HDF5Lock {
    static let lock = NSLock()

    /// Runs `body` holding the lock, for code that calls the library directly (the tests'
    /// fixture writers), which would otherwise race a reader on another thread.
    package static func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
