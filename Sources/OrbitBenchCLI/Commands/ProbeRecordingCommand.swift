import ArgumentParser
import OrbitBench

/// Reads one recording and exits: 0 when it reads, 2 with the error otherwise. Run as a child
/// process by `IsolatedRecording`, so that a C library crashing on a damaged file takes down
/// only the child.
struct ProbeRecordingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe-recording", abstract: "Read one recording and exit (used internally).", shouldDisplay: false)

    @Argument var path: String

    func run() throws {
        _ = try RecordingLoader.read(path)
    }
}
