import Foundation
import TestSupport
import Testing

/// Runs the built `orbitbench` executable (from the same build as the tests) and captures
/// its output.
struct ToolRun {
    let status: Int32
    let standardOutput: String
    let standardError: String
}

enum Tool {
    static let repository = Repository.root

    /// The executable of the same build as the tests: beside the test runner in the build
    /// products folder (`.build/debug` for `swift test`, `.build/release` for `make test`).
    static var executable: URL {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let folders = [runner.deletingLastPathComponent(), Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        for folder in folders {
            let candidate = folder.appendingPathComponent("orbitbench")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return repository.appendingPathComponent(".build/debug/orbitbench")
    }

    static func run(_ arguments: [String], in directory: URL = repository, executable: URL? = nil, environment: [String: String] = [:]) throws
        -> ToolRun
    {
        let process = Process()
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.executableURL = executable ?? Self.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ToolRun(
            status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self))
    }

    static func temporaryDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("orbitbench-cli-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
