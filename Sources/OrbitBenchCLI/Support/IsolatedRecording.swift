import Foundation
import OrbitBench

/// Reads recordings so that a file which crashes a C library (libhdf5 has known crashes and
/// multi-gigabyte allocations on damaged files that no validation on our side can prevent)
/// ends the command with a one-line error instead of a signal or an exhausted machine: HDF5
/// files are first read by a child process (this executable's hidden `probe-recording`
/// command, its address space capped at 2 GiB); only when the child reads the file is it read
/// here, and the child's error is reported as it is.
enum IsolatedRecording {
    /// Seconds a probe may take before it counts as hung.
    static let timeout = 120.0

    static func read(_ path: String, mapping: CSVMapping?) throws -> SensorRecording {
        let lower = path.lowercased()
        if mapping == nil && (lower.hasSuffix(".hdf5") || lower.hasSuffix(".h5")) { try probe(path) }
        return try RecordingLoader.read(path, mapping: mapping)
    }

    static func probe(_ path: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = ["probe-recording", path]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        do { try process.run() } catch {
            return  // cannot isolate (no /proc): read in-process as before
        }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw CommandFailure("\(path): reading it did not finish within \(Int(timeout)) s (damaged or hostile HDF5 file?)")
        }
        if process.terminationReason == .uncaughtSignal {
            throw CommandFailure(
                "\(path): the HDF5 library crashed reading this file (signal \(process.terminationStatus)); it is damaged or not a BROAD recording")
        }
        if process.terminationStatus != 0 {
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .split(separator: "\n").first.map(String.init)
            throw CommandFailure(message ?? "\(path): cannot be read (exit \(process.terminationStatus))")
        }
    }
}
