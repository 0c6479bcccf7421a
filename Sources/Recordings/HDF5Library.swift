import CPlatform
import Foundation

/// libhdf5, loaded on first use with dlopen: linked into the executable, it and its dependency
/// tree (libcurl, TLS, Kerberos, LDAP: some 40 libraries) load at every start of every command,
/// about 5 ms, for the commands that read an HDF5 file. The functions `HDF5File` calls, with
/// HDF5 1.10's C types (hid_t is 64 bits); RecordingsTests checks the constants against the
/// library's header.
struct HDF5Library: @unchecked Sendable {
    typealias ID = Int64  // hid_t
    typealias Status = Int32  // herr_t, htri_t

    // Constants of HDF5's headers (enum values and macros that need no library global).
    static let defaultProperties: ID = 0  // H5P_DEFAULT
    static let all: ID = 0  // H5S_ALL
    static let defaultErrorStack: ID = 0  // H5E_DEFAULT
    static let readOnly: UInt32 = 0  // H5F_ACC_RDONLY
    static let integerClass: Int32 = 0, floatClass: Int32 = 1, enumClass: Int32 = 8  // H5T_class_t
    static let contiguousLayout: Int32 = 1  // H5D_CONTIGUOUS

    let setErrorHandler: @convention(c) (ID, UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Status
    let fileOpen: @convention(c) (UnsafePointer<CChar>, UInt32, ID) -> ID
    let fileClose: @convention(c) (ID) -> Status
    let linkExists: @convention(c) (ID, UnsafePointer<CChar>, ID) -> Status
    let datasetOpen: @convention(c) (ID, UnsafePointer<CChar>, ID) -> ID
    let datasetClose: @convention(c) (ID) -> Status
    let datasetRead: @convention(c) (ID, ID, ID, ID, ID, UnsafeMutableRawPointer?) -> Status
    let datasetType: @convention(c) (ID) -> ID
    let datasetSpace: @convention(c) (ID) -> ID
    let datasetStorageSize: @convention(c) (ID) -> UInt64
    let datasetCreationProperties: @convention(c) (ID) -> ID
    let typeSize: @convention(c) (ID) -> Int
    let typeClass: @convention(c) (ID) -> Int32
    let typeClose: @convention(c) (ID) -> Status
    let spaceRank: @convention(c) (ID) -> Int32
    let spacePoints: @convention(c) (ID) -> Int64
    let spaceDimensions: @convention(c) (ID, UnsafeMutablePointer<UInt64>?, UnsafeMutablePointer<UInt64>?) -> Int32
    let spaceClose: @convention(c) (ID) -> Status
    let layout: @convention(c) (ID) -> Int32
    let propertiesClose: @convention(c) (ID) -> Status
    let attributeExists: @convention(c) (ID, UnsafePointer<CChar>) -> Status
    let attributeOpen: @convention(c) (ID, UnsafePointer<CChar>, ID) -> ID
    let attributeClose: @convention(c) (ID) -> Status
    let attributeSpace: @convention(c) (ID) -> ID
    let attributeType: @convention(c) (ID) -> ID
    let attributeRead: @convention(c) (ID, ID, UnsafeMutableRawPointer?) -> Status
    /// H5T_NATIVE_DOUBLE, a library global once H5open ran.
    let nativeDouble: ID

    /// Debian's serial build (the development symlink, then the runtime names of HDF5 1.10,
    /// 1.12 and 1.14), then the name other distributions use.
    static let candidates = ["libhdf5_serial.so", "libhdf5_serial.so.103", "libhdf5_serial.so.200", "libhdf5_serial.so.310", "libhdf5.so"]

    /// The library, loaded once; the failure says what to install.
    static let shared: Result<HDF5Library, LoadFailure> = load()

    struct LoadFailure: Error {
        var message: String
    }

    /// Every symbol `load` binds, all checked before any is used: H5open, the global
    /// H5T_NATIVE_DOUBLE_g and each function `symbol(_:as:)` below takes (from this list).
    static let symbols = [
        "H5open", "H5T_NATIVE_DOUBLE_g", "H5Eset_auto2", "H5Fopen", "H5Fclose", "H5Lexists", "H5Dopen2", "H5Dclose", "H5Dread", "H5Dget_type",
        "H5Dget_space", "H5Dget_storage_size", "H5Dget_create_plist", "H5Tget_size", "H5Tget_class", "H5Tclose", "H5Sget_simple_extent_ndims",
        "H5Sget_simple_extent_npoints", "H5Sget_simple_extent_dims", "H5Sclose", "H5Pget_layout", "H5Pclose", "H5Aexists", "H5Aopen", "H5Aclose",
        "H5Aget_space", "H5Aget_type", "H5Aread",
    ]

    private static func load() -> Result<HDF5Library, LoadFailure> {
        // CPlatform's loader, as for libcairo: the first candidate that opens, every symbol bound.
        let names = candidates.map { UnsafePointer(strdup($0)) }, symbolNames = symbols.map { UnsafePointer(strdup($0)) }
        defer { (names + symbolNames).forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        var slots = [UnsafeMutableRawPointer?](repeating: nil, count: symbols.count)
        var failure = [CChar](repeating: 0, count: 512)
        guard
            platform_load_library(names, Int32(names.count), "libhdf5-dev", symbolNames, &slots, Int32(symbols.count), &failure, failure.count)
                != nil
        else { return .failure(LoadFailure(message: String(decoding: failure.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))) }
        let bound = Dictionary(uniqueKeysWithValues: zip(symbols, slots.map { $0! }))
        func symbol<T>(_ name: String, as type: T.Type) -> T { unsafeBitCast(bound[name]!, to: type) }
        let open = symbol("H5open", as: (@convention(c) () -> Status).self)
        guard open() >= 0 else { return .failure(LoadFailure(message: "the HDF5 library does not start (H5open failed)")) }
        let library = HDF5Library(
            setErrorHandler: symbol("H5Eset_auto2", as: (@convention(c) (ID, UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Status).self),
            fileOpen: symbol("H5Fopen", as: (@convention(c) (UnsafePointer<CChar>, UInt32, ID) -> ID).self),
            fileClose: symbol("H5Fclose", as: (@convention(c) (ID) -> Status).self),
            linkExists: symbol("H5Lexists", as: (@convention(c) (ID, UnsafePointer<CChar>, ID) -> Status).self),
            datasetOpen: symbol("H5Dopen2", as: (@convention(c) (ID, UnsafePointer<CChar>, ID) -> ID).self),
            datasetClose: symbol("H5Dclose", as: (@convention(c) (ID) -> Status).self),
            datasetRead: symbol("H5Dread", as: (@convention(c) (ID, ID, ID, ID, ID, UnsafeMutableRawPointer?) -> Status).self),
            datasetType: symbol("H5Dget_type", as: (@convention(c) (ID) -> ID).self),
            datasetSpace: symbol("H5Dget_space", as: (@convention(c) (ID) -> ID).self),
            datasetStorageSize: symbol("H5Dget_storage_size", as: (@convention(c) (ID) -> UInt64).self),
            datasetCreationProperties: symbol("H5Dget_create_plist", as: (@convention(c) (ID) -> ID).self),
            typeSize: symbol("H5Tget_size", as: (@convention(c) (ID) -> Int).self),
            typeClass: symbol("H5Tget_class", as: (@convention(c) (ID) -> Int32).self),
            typeClose: symbol("H5Tclose", as: (@convention(c) (ID) -> Status).self),
            spaceRank: symbol("H5Sget_simple_extent_ndims", as: (@convention(c) (ID) -> Int32).self),
            spacePoints: symbol("H5Sget_simple_extent_npoints", as: (@convention(c) (ID) -> Int64).self),
            spaceDimensions: symbol(
                "H5Sget_simple_extent_dims", as: (@convention(c) (ID, UnsafeMutablePointer<UInt64>?, UnsafeMutablePointer<UInt64>?) -> Int32).self),
            spaceClose: symbol("H5Sclose", as: (@convention(c) (ID) -> Status).self),
            layout: symbol("H5Pget_layout", as: (@convention(c) (ID) -> Int32).self),
            propertiesClose: symbol("H5Pclose", as: (@convention(c) (ID) -> Status).self),
            attributeExists: symbol("H5Aexists", as: (@convention(c) (ID, UnsafePointer<CChar>) -> Status).self),
            attributeOpen: symbol("H5Aopen", as: (@convention(c) (ID, UnsafePointer<CChar>, ID) -> ID).self),
            attributeClose: symbol("H5Aclose", as: (@convention(c) (ID) -> Status).self),
            attributeSpace: symbol("H5Aget_space", as: (@convention(c) (ID) -> ID).self),
            attributeType: symbol("H5Aget_type", as: (@convention(c) (ID) -> ID).self),
            attributeRead: symbol("H5Aread", as: (@convention(c) (ID, ID, UnsafeMutableRawPointer?) -> Status).self),
            nativeDouble: bound["H5T_NATIVE_DOUBLE_g"]!.load(as: ID.self))
        return .success(library)
    }
}
