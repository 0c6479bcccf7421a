import Foundation
import Testing

/// libcairo and libhdf5 (with their X11, font, curl and TLS dependencies) load on first use:
/// a command that draws nothing and reads no HDF5 file starts without them.
struct StartupLibraryTests {
    @Test func versionLoadsNeitherCairoNorHDF5() throws {
        // The dynamic loader lists every library it looks for when LD_DEBUG=libs.
        let run = try Tool.run(["--version"], environment: ["LD_DEBUG": "libs"])
        #expect(run.status == 0)
        #expect(run.standardError.contains("find library=libc.so.6"), "LD_DEBUG listed nothing: the check would pass vacuously")
        #expect(!run.standardError.contains("libcairo"))
        #expect(!run.standardError.contains("libhdf5"))
    }
}
