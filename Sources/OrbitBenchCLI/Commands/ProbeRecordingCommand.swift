import ArgumentParser
import CPlatform
import Foundation
import OrbitBench

/// Reads one recording and exits: 0 when it reads, 2 with the error on stderr otherwise. Run as
/// a child process by `IsolatedRecording`, so that a C library crashing on a damaged file takes
/// down only the child, with its address space capped so that one allocating without bound
/// fails instead of exhausting the machine.
struct ProbeRecordingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe-recording", abstract: "Read one recording and exit (used internally).", shouldDisplay: false)

    @Argument var path: String

    /// The child's address-space cap, bytes.
    static let addressSpace: UInt64 = 2 << 30

    func run() throws {
        _ = platform_limit_address_space(Self.addressSpace)
        do { _ = try RecordingLoader.read(path) } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode(2)
        }
    }
}
