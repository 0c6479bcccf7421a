import CHDF5
import Testing

@testable import Recordings

/// HDF5Library loads libhdf5 with dlopen and types its constants by hand: they must be the
/// header's, and the library it loads must be the one the header describes.
struct HDF5LibraryTests {
    @Test func constantsAreTheHeaders() {
        #expect(HDF5Library.defaultProperties == chdf5_default())
        #expect(HDF5Library.all == chdf5_all())
        #expect(HDF5Library.defaultErrorStack == chdf5_error_default())
        #expect(HDF5Library.readOnly == chdf5_read_only())
        #expect(HDF5Library.integerClass == H5T_INTEGER.rawValue)
        #expect(HDF5Library.floatClass == H5T_FLOAT.rawValue)
        #expect(HDF5Library.enumClass == H5T_ENUM.rawValue)
        #expect(HDF5Library.contiguousLayout == H5D_CONTIGUOUS.rawValue)
        #expect(MemoryLayout<HDF5Library.ID>.size == MemoryLayout<hid_t>.size)
        #expect(MemoryLayout<HDF5Library.Status>.size == MemoryLayout<herr_t>.size)
    }

    @Test func loadedLibraryIsTheHeadersVersion() throws {
        let library = try HDF5Library.shared.get()
        #expect(library.nativeDouble == chdf5_native_double())
        var major: UInt32 = 0, minor: UInt32 = 0, release: UInt32 = 0
        _ = H5get_libversion(&major, &minor, &release)
        #expect(major == UInt32(H5_VERS_MAJOR) && minor == UInt32(H5_VERS_MINOR))
    }
}
