import Foundation
import OrbitBench

extension RecordingIsolation {
    /// The command line reads HDF5 files through itself: this executable's hidden
    /// `probe-recording` command as the child, so a copied `orbitbench` needs nothing beside it.
    static var commandLine: RecordingIsolation {
        guard let executable = Bundle.main.executableURL else { return .probe }
        return .process(executable: executable, arguments: ["probe-recording"])
    }
}
