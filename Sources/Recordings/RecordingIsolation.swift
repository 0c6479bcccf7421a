import CPlatform
import Foundation

/// How a recording file is read. libhdf5 has known crashes and multi-gigabyte allocations on
/// damaged files that no validation on our side can prevent, so an HDF5 file is first read by
/// a child process with its address space capped (`RecordingProbe.addressSpace`); only when
/// the child reads it is it read here, and the child's error is reported as it is. CSV and
/// mapped files are read by our own code and need no child.
public enum RecordingIsolation: Sendable, Equatable {
    /// A child `orbitbench-probe`: `$ORBITBENCH_PROBE`, else the one beside this executable
    /// (SwiftPM builds it with any product that uses OrbitBench), else one on `PATH`.
    case probe
    /// A child running `executable` with `arguments` followed by the file's path (the
    /// `orbitbench` executable: its hidden `probe-recording` command).
    case process(executable: URL, arguments: [String])
    /// In this process: for files you trust.
    case none
}

/// The child side of `RecordingIsolation`: read one recording with the address space capped.
public enum RecordingProbe {
    /// The child's address-space cap, bytes.
    public static let addressSpace: UInt64 = 2 << 30

    /// Seconds a probe may take before it counts as hung.
    public static let timeout = 120.0

    /// The executable `.probe` starts.
    public static let executableName = "orbitbench-probe"

    /// Reads `path` as the child does; returns the exit status (0 read, 2 not) after writing
    /// the error as one line to stderr.
    public static func serve(_ path: String) -> Int32 {
        _ = platform_limit_address_space(addressSpace)
        do {
            _ = try RecordingLoader.read(path)
            return 0
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            return 2
        }
    }

    /// Whether `path` is read by libhdf5 without a mapping.
    public static func needsIsolation(_ path: String, mapping: CSVMapping?) -> Bool {
        let lower = path.lowercased()
        return mapping == nil && (lower.hasSuffix(".hdf5") || lower.hasSuffix(".h5"))
    }

    /// The executable and arguments `isolation` starts for `path`; `nil` for `.none`.
    static func command(_ isolation: RecordingIsolation, path: String) throws(RecordingError) -> (URL, [String])? {
        switch isolation {
        case .none: return nil
        case .process(let executable, let arguments): return (executable, arguments + [path])
        case .probe: return (try probeExecutable(for: path), [path])
        }
    }

    static func probeExecutable(for path: String) throws(RecordingError) -> URL {
        let manager = FileManager.default
        if let configured = ProcessInfo.processInfo.environment["ORBITBENCH_PROBE"], !configured.isEmpty {
            guard manager.isExecutableFile(atPath: configured) else {
                throw RecordingError(file: path, message: "$ORBITBENCH_PROBE (\(configured)) is not an executable file")
            }
            return URL(fileURLWithPath: configured)
        }
        var candidates: [String] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent(executableName).path)
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        candidates += path.split(separator: ":").map { "\($0)/\(executableName)" }
        guard let found = candidates.first(where: manager.isExecutableFile(atPath:)) else {
            throw RecordingError(
                file: path,
                message:
                    "cannot read this HDF5 file safely: no \(executableName) beside this program or on PATH (set ORBITBENCH_PROBE, or read with isolation .none for a file you trust)"
            )
        }
        return URL(fileURLWithPath: found)
    }

    /// Runs the child for `path`; throws its error line (`ProbeFailure`), or why it did not
    /// start or finish (`RecordingError`).
    public static func probe(_ path: String, isolation: RecordingIsolation) throws {
        guard let (executable, arguments) = try command(isolation, path: path) else { return }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        do { try process.run() } catch {
            throw RecordingError(file: path, message: "cannot start \(executable.path) to read it safely (\(error.localizedDescription))")
        }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw RecordingError(file: path, message: "reading it did not finish within \(Int(timeout)) s (damaged or hostile HDF5 file?)")
        }
        if process.terminationReason == .uncaughtSignal {
            throw RecordingError(
                file: path,
                message: "the HDF5 library crashed reading this file (signal \(process.terminationStatus)); it is damaged or not a BROAD recording")
        }
        guard process.terminationStatus == 0 else {
            let line = String(decoding: errors.fileHandleForReading.readDataToEndOfFile().prefix(4096), as: UTF8.self)
                .split(separator: "\n").first.map(String.init)
            // The child's line names the file and the place already.
            guard let line else { throw RecordingError(file: path, message: "cannot be read (exit \(process.terminationStatus))") }
            throw ProbeFailure(description: line)
        }
    }
}

/// The error line of a probe that could not read its file, as the child wrote it.
public struct ProbeFailure: Error, CustomStringConvertible, Sendable {
    public let description: String
}
