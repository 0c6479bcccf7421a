import CHDF5
import Foundation

/// A read-only HDF5 file. The serial HDF5 library is not thread-safe, so every call goes
/// through one lock.
final class HDF5File {
    let path: String
    private let id: hid_t
    private static let lock = NSLock()
    private static let silenced: Void = { chdf5_silence_errors() }()

    init(path: String) throws(RecordingError) {
        self.path = path
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw RecordingError(file: path, message: FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file")
        }
        Self.lock.lock()
        defer { Self.lock.unlock() }
        _ = Self.silenced
        let id = H5Fopen(path, chdf5_read_only(), chdf5_default())
        guard id >= 0 else { throw RecordingError(file: path, message: "not a readable HDF5 file (damaged or truncated?)") }
        self.id = id
    }

    deinit {
        Self.lock.lock()
        H5Fclose(id)
        Self.lock.unlock()
    }

    /// A 1- or 2-dimensional dataset as doubles, row-major, with its shape (columns 1 for 1-D).
    func matrix(_ name: String) throws(RecordingError) -> (rows: Int, columns: Int, values: [Double]) {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        let (dataset, rows, columns) = try open(name)
        defer { H5Dclose(dataset) }
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
        defer { H5Dclose(dataset) }
        guard columns == 1 else { throw RecordingError(file: path, column: name, message: "expected one value per sample, found \(columns)") }
        let type = H5Dget_type(dataset)
        defer { H5Tclose(type) }
        guard H5Tget_size(type) == 1 else { throw RecordingError(file: path, column: name, message: "expected one-byte flags") }
        var values = [UInt8](repeating: 0, count: rows)
        let status = values.withUnsafeMutableBytes { buffer in
            H5Dread(dataset, type, chdf5_all(), chdf5_all(), chdf5_default(), buffer.baseAddress)
        }
        guard status >= 0 else { throw RecordingError(file: path, column: name, message: "cannot read the flags (damaged file?)") }
        return values
    }

    /// A scalar numeric attribute of the root group, or `nil` if there is none.
    func attribute(_ name: String) throws(RecordingError) -> Double? {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        guard H5Aexists(id, name) > 0 else { return nil }
        let attribute = H5Aopen(id, name, chdf5_default())
        guard attribute >= 0 else { throw RecordingError(file: path, column: name, message: "cannot open the attribute") }
        defer { H5Aclose(attribute) }
        var value = Double.nan
        guard H5Aread(attribute, chdf5_native_double(), &value) >= 0 else {
            throw RecordingError(file: path, column: name, message: "attribute is not a number")
        }
        return value
    }

    /// Opens a dataset of rank 1 or 2 (call with the lock held).
    private func open(_ name: String) throws(RecordingError) -> (dataset: hid_t, rows: Int, columns: Int) {
        guard H5Lexists(id, name, chdf5_default()) > 0 else { throw RecordingError(file: path, column: name, message: "dataset missing") }
        let dataset = H5Dopen2(id, name, chdf5_default())
        guard dataset >= 0 else { throw RecordingError(file: path, column: name, message: "cannot open the dataset (damaged file?)") }
        let space = H5Dget_space(dataset)
        defer { H5Sclose(space) }
        let rank = H5Sget_simple_extent_ndims(space)
        guard rank == 1 || rank == 2 else {
            H5Dclose(dataset)
            throw RecordingError(file: path, column: name, message: "expected a 1- or 2-dimensional dataset, found \(rank) dimensions")
        }
        var dimensions = [hsize_t](repeating: 0, count: Int(rank))
        H5Sget_simple_extent_dims(space, &dimensions, nil)
        return (dataset, Int(dimensions[0]), rank == 2 ? Int(dimensions[1]) : 1)
    }
}
