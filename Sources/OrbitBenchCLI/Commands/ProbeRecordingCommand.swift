import ArgumentParser
import OrbitBench

/// Reads one recording and exits: 0 when it reads, 2 with the error on stderr otherwise. Run as
/// a child process (`RecordingIsolation.commandLine`), so that a C library crashing on a damaged
/// file takes down only the child, with its address space capped so that one allocating
/// without bound fails instead of exhausting the machine.
struct ProbeRecordingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe-recording", abstract: "Read one recording and exit (used internally).", shouldDisplay: false)

    @Argument var path: String

    func run() throws {
        let status = RecordingProbe.serve(path)
        if status != 0 { throw ExitCode(status) }
    }
}
