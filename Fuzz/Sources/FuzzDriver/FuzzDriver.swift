import Foundation
import FuzzEntryPoints

/// Runs libFuzzer's driver over one `FuzzTarget`: each fuzz executable is one call of `run`.
/// Only linked into the fuzz executables, which are built with -sanitize=fuzzer (that provides
/// `LLVMFuzzerRunDriver`).
public enum FuzzDriver {
    nonisolated(unsafe) private static var target = FuzzTarget.scenario
    nonisolated(unsafe) private static var scratch = FileManager.default.temporaryDirectory

    /// Hands the process's arguments to libFuzzer and exits with its status.
    public static func run(_ target: FuzzTarget) -> Never {
        Self.target = target
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("orbitbench-fuzz-\(target.rawValue)-\(getpid())")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        var argumentCount = CommandLine.argc
        var argumentVector = CommandLine.unsafeArgv
        exit(fuzzerRunDriver(&argumentCount, &argumentVector, fuzzOneInput))
    }

    private static let fuzzOneInput: @convention(c) (UnsafeRawPointer?, Int) -> CInt = { bytes, count in
        FuzzDriver.target.run(bytes.map { Data(bytes: $0, count: count) } ?? Data(), scratch: FuzzDriver.scratch)
        return 0
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
private func fuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafeRawPointer?, Int) -> CInt
) -> CInt
