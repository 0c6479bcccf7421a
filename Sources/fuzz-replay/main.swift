import CPlatform
import Foundation
import FuzzEntryPoints

// fuzz-replay DIR: feeds every file under DIR/<target>/ to that fuzz target's reader, as
// `make test` does with Fuzz/corpus (seeds) and Fuzz/regressions (inputs that once crashed).
// HDF5 inputs are read in a child process (this program with --child), as the tool does, so
// a crash inside libhdf5 is reported as handled isolation rather than taking the run down.
// Exits 1 when an input crashes or hangs outside that isolation, 2 on usage errors.

let arguments = CommandLine.arguments
if arguments.count == 4 && arguments[1] == "--child", let target = FuzzTarget(rawValue: arguments[2]) {
    // As the tool's own HDF5 probe: an input that makes a C library allocate without bound
    // fails inside 2 GiB.
    _ = platform_limit_address_space(2 << 30)
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-replay-\(getpid())")
    try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    guard let data = FileManager.default.contents(atPath: arguments[3]) else { exit(2) }
    target.run(data, scratch: scratch)
    exit(0)
}
guard arguments.count >= 2 else {
    FileHandle.standardError.write(
        Data("usage: fuzz-replay DIR…  (each DIR holds one folder per target: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")))\n".utf8)
    )
    exit(2)
}

var inputs = 0, failures: [String] = [], isolated = 0
for root in arguments.dropFirst() {
    for target in FuzzTarget.allCases {
        let folder = URL(fileURLWithPath: root).appendingPathComponent(target.rawValue)
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        for file in files {
            inputs += 1
            let path = folder.appendingPathComponent(file).path
            // Every input runs in a child: a crash is reported, not fatal to the replay.
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
            process.arguments = ["--child", target.rawValue, path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning && Date() < deadline { usleep(2000) }
            if process.isRunning {
                process.terminate()
                failures.append("\(target.rawValue)/\(file): did not finish within 60 s")
                continue
            }
            guard process.terminationReason == .uncaughtSignal || process.terminationStatus != 0 else { continue }
            if target == .hdf5 {
                isolated += 1  // the tool reads HDF5 in a child process too and reports this as an error
            } else {
                failures.append(
                    "\(target.rawValue)/\(file): \(process.terminationReason == .uncaughtSignal ? "signal" : "exit") \(process.terminationStatus)")
            }
        }
    }
}
print(
    "fuzz-replay: \(inputs) inputs, \(failures.count) crashes\(isolated > 0 ? ", \(isolated) HDF5 inputs crash libhdf5 and are caught by the child-process isolation" : "")"
)
for failure in failures { print("  \(failure)") }
exit(failures.isEmpty ? 0 : 1)
