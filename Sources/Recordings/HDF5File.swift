import CHDF5
import Foundation

/// A read-only HDF5 file. The serial HDF5 library is not thread-safe, so every call goes
/// through one lock.
///
/// Nothing a file declares is trusted: attributes must hold exactly one number, datasets must
/// have rank 1 or 2, at most `maximumValues` values, a numeric element type, and storage the
/// file can actually hold, all checked before anything is allocated or read.
final class HDF5File {
    let path: String
    private let id: hid_t
    /// The file's size in bytes.
    private let fileSize: Int

    /// At most this many values per dataset (1 GiB of doubles): a recording of 10⁸ samples × 3
    /// axes stays within it; anything larger is refused before allocation.
    static let maximumValues = 1 << 27
    /// A compressed dataset may expand at most this much over its stored bytes.
    static let maximumCompression = 1000
    private static let lock = NSLock()
    /// HDF5 prints its error stack to stderr unless told not to; errors are reported here in
    /// one line instead. Switched off once, before the first file is opened.
    private static let quiet: Void = { _ = H5Eset_auto2(hid_t(H5E_DEFAULT), nil, nil) }()

    init(path: String) throws(RecordingError) {
        self.path = path
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw RecordingError(file: path, message: FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file")
        }
        Self.lock.lock()
        defer { Self.lock.unlock() }
        Self.quiet
        let id = H5Fopen(path, chdf5_read_only(), chdf5_default())
        guard id >= 0 else { throw RecordingError(file: path, message: "not a readable HDF5 file (damaged or truncated?)") }
        self.id = id
        fileSize = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    deinit {
        Self.lock.lock()
        _ = H5Fclose(id)
        Self.lock.unlock()
    }

    /// A 1- or 2-dimensional dataset as doubles, row-major, with its shape (columns 1 for 1-D).
    func matrix(_ name: String) throws(RecordingError) -> (rows: Int, columns: Int, values: [Double]) {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        let (dataset, rows, columns) = try open(name)
        defer { _ = H5Dclose(dataset) }
        var values = [Double](repeating: .nan, count: rows * columns)
        let status = values.withUnsafeMutableBytes { buffer in
            H5Dread(dataset, chdf5_native_double(), chdf5_all(), chdf5_all(), chdf5_default(), buffer.baseAddress)
        }
        guard status >= 0 else { throw RecordingError(file: path, column: name, message: "cannot read the values as numbers (damaged file?)") }
        return (rows, columns, values)
    }

    /// A 1-dimensional dataset of one-byte values (booleans, enums of int8).
    func bytes(_ name: String) throws(RecordingError) -> [UInt8] {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        let (dataset, rows, columns) = try open(name)
        defer { _ = H5Dclose(dataset) }
        guard columns == 1 else { throw RecordingError(file: path, column: name, message: "expected one value per sample, found \(columns)") }
        let type = H5Dget_type(dataset)
        defer { _ = H5Tclose(type) }
        guard H5Tget_size(type) == 1 else { throw RecordingError(file: path, column: name, message: "expected one-byte flags") }
        var values = [UInt8](repeating: 0, count: rows)
        let status = values.withUnsafeMutableBytes { buffer in
            H5Dread(dataset, type, chdf5_all(), chdf5_all(), chdf5_default(), buffer.baseAddress)
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
        guard H5Aexists(id, name) > 0 else { return nil }
        let attribute = H5Aopen(id, name, chdf5_default())
        guard attribute >= 0 else { throw RecordingError(file: path, column: name, message: "cannot open the attribute") }
        defer { _ = H5Aclose(attribute) }
        let space = H5Aget_space(attribute)
        guard space >= 0 else { throw RecordingError(file: path, column: name, message: "cannot read the attribute's shape") }
        let count = H5Sget_simple_extent_npoints(space)
        _ = H5Sclose(space)
        guard count == 1 else { throw RecordingError(file: path, column: name, message: "expected one number, found \(count) values") }
        let type = H5Aget_type(attribute)
        guard type >= 0 else { throw RecordingError(file: path, column: name, message: "cannot read the attribute's type") }
        let numeric = isNumeric(type)
        _ = H5Tclose(type)
        guard numeric else { throw RecordingError(file: path, column: name, message: "attribute is not a number") }
        var value = Double.nan
        guard H5Aread(attribute, chdf5_native_double(), &value) >= 0 else {
            throw RecordingError(file: path, column: name, message: "attribute is not a number")
        }
        return value
    }

    /// Opens a numeric dataset of rank 1 or 2 whose declared size is plausible (call with the
    /// lock held): at most `maximumValues` values, and no more than the file's bytes can hold.
    private func open(_ name: String) throws(RecordingError) -> (dataset: hid_t, rows: Int, columns: Int) {
        guard H5Lexists(id, name, chdf5_default()) > 0 else { throw RecordingError(file: path, column: name, message: "dataset missing") }
        let dataset = H5Dopen2(id, name, chdf5_default())
        guard dataset >= 0 else { throw RecordingError(file: path, column: name, message: "cannot open the dataset (damaged file?)") }
        do {
            let (rows, columns) = try shape(of: dataset, name)
            return (dataset, rows, columns)
        } catch {
            _ = H5Dclose(dataset)
            throw error
        }
    }

    private func shape(of dataset: hid_t, _ name: String) throws(RecordingError) -> (rows: Int, columns: Int) {
        let space = H5Dget_space(dataset)
        guard space >= 0 else { throw RecordingError(file: path, column: name, message: "cannot read the dataset's shape (damaged file?)") }
        defer { _ = H5Sclose(space) }
        let rank = H5Sget_simple_extent_ndims(space)
        guard rank == 1 || rank == 2 else {
            throw RecordingError(file: path, column: name, message: "expected a 1- or 2-dimensional dataset, found \(rank) dimensions")
        }
        var dimensions = [hsize_t](repeating: 0, count: Int(rank))
        guard H5Sget_simple_extent_dims(space, &dimensions, nil) == rank else {
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
        let type = H5Dget_type(dataset)
        guard type >= 0 else { throw RecordingError(file: path, column: name, message: "cannot read the dataset's type") }
        let elementSize = UInt64(H5Tget_size(type))
        let numeric = isNumeric(type)
        _ = H5Tclose(type)
        guard numeric, elementSize > 0, elementSize <= 16 else {
            throw RecordingError(file: path, column: name, message: "expected numbers, found another element type")
        }
        // The bytes the declared shape needs must be stored in the file (uncompressed) or be
        // at most `maximumCompression` times what is stored (compressed chunks).
        let declared = values * elementSize
        let stored = UInt64(H5Dget_storage_size(dataset))
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

    private func isNumeric(_ type: hid_t) -> Bool {
        let typeClass = H5Tget_class(type)
        return typeClass == H5T_FLOAT || typeClass == H5T_INTEGER || typeClass == H5T_ENUM
    }

    /// Whether the dataset is stored in one contiguous block; false when it is chunked or
    /// compact, or its creation properties cannot be read.
    private func isContiguous(_ dataset: hid_t) -> Bool {
        let properties = H5Dget_create_plist(dataset)
        guard properties >= 0 else { return false }
        defer { _ = H5Pclose(properties) }
        return H5Pget_layout(properties) == H5D_CONTIGUOUS
    }
}
