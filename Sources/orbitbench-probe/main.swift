import Foundation
import Recordings

// Reads one recording and exits 0, or 2 with the error on stderr: the child process that
// `RecordingIsolation.probe` starts, so that a C library crashing on a damaged file takes
// down only the child (address space capped).
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let path = arguments.first else {
    FileHandle.standardError.write(Data("usage: orbitbench-probe RECORDING (used by OrbitBench to read HDF5 files safely)\n".utf8))
    exit(2)
}
exit(RecordingProbe.serve(path))
