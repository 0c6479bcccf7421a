import Foundation
import TestSupport
import Testing

/// cairo and HDF5 are loaded on first use (Sources/CCairo, Sources/CHDF5), so a command that
/// draws nothing and reads no HDF5 file does not pay the dynamic loader for them and their
/// dependencies. glibc's loader reports every object it initialises under `LD_DEBUG=files`.
@Suite struct LibraryLoadingTests {
    /// The shared objects whose initialisers ran while `arguments` executed.
    func initialisedLibraries(_ arguments: [String]) throws -> (status: Int32, libraries: [String]) {
        let result = try Tool.run(arguments, environment: ["LD_DEBUG": "files"])
        let libraries = result.standardError.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "calling init: ") else { return nil }
            return String(line[range.upperBound...].split(separator: "/").last ?? "")
        }
        return (result.status, libraries)
    }

    @Test func versionLoadsNeitherCairoNorHDF5() throws {
        let (status, libraries) = try initialisedLibraries(["--version"])
        #expect(status == 0)
        // The loader's report is there at all (a glibc that ignored LD_DEBUG would pass the rest).
        #expect(libraries.contains { $0.hasPrefix("libswiftCore") }, "\(libraries)")
        #expect(!libraries.contains { $0.hasPrefix("libcairo") || $0.hasPrefix("libhdf5") }, "\(libraries)")
    }

    @Test func readingABROADTrialLoadsHDF5Only() throws {
        let trial = Repository.broadTrials + "/24_disturbed_tapping_A.hdf5"
        let (status, libraries) = try initialisedLibraries(["probe-recording", trial])
        #expect(status == 0)
        #expect(libraries.contains { $0.hasPrefix("libhdf5") }, "\(libraries)")
        #expect(!libraries.contains { $0.hasPrefix("libcairo") }, "\(libraries)")
    }

    @Test func plottingLoadsCairoAndNotHDF5() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let (status, libraries) = try initialisedLibraries(["run", "orbit-72", "--seeds", "1", "--out", out.path])
        #expect(status == 0)
        #expect(libraries.contains { $0.hasPrefix("libcairo") }, "\(libraries)")
        #expect(!libraries.contains { $0.hasPrefix("libhdf5") }, "\(libraries)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("orbit-72/plots/timeline.png").path))
    }
}
