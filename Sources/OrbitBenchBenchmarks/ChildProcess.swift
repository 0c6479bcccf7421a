#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import OrbitBench

/// A whole command measured as a child process: its wall-clock time from spawn to exit (start-up
/// included, as a user waits for it) and its peak memory, the only way that counts everything
/// (binary, libraries, heap, file pages it mapped), from the kernel's own account. Linux only
/// (`/proc/self/exe`, `ru_maxrss` in kilobytes). Files the child keeps in a tmpfs (`$TMPDIR`
/// on some systems) use memory this does not count.
enum ChildProcess {
    /// Runs this executable with `arguments` (standard output discarded, standard error kept
    /// in `errorFile`) and returns its wall-clock time in seconds and its peak resident set
    /// size in bytes; throws when it cannot start or does not exit with status 0, with the
    /// first line the child wrote to stderr.
    static func measure(_ arguments: [String], errorFile: String) throws -> (wall: Double, peakResidentBytes: Int) {
        #if os(Linux)
            let argv = (["orbitbench"] + arguments).map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            guard posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0) == 0,
                posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644) == 0
            else { throw BenchError("cannot prepare a child orbitbench's output") }
            var child: pid_t = 0
            let start = CPUClock.wall()
            let started = posix_spawn(&child, "/proc/self/exe", &actions, nil, argv, environ)
            guard started == 0 else { throw BenchError("cannot start a child orbitbench (\(String(cString: strerror(started))))") }
            var status: Int32 = 0
            var usage = rusage()
            while wait4(child, &status, 0, &usage) < 0 {
                guard errno == EINTR else { throw BenchError("lost the child orbitbench (\(String(cString: strerror(errno))))") }
            }
            // WIFEXITED and WEXITSTATUS, which Swift does not import: exited normally with status 0.
            guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
                let message = (try? String(contentsOfFile: errorFile, encoding: .utf8))?.split(separator: "\n").first.map(String.init)
                throw BenchError("orbitbench \(arguments.joined(separator: " ")) failed: \(message ?? "wait status \(status)")")
            }
            return (CPUClock.wall() - start, Int(usage.ru_maxrss) * 1024)
        #else
            throw BenchError("measured on Linux only")
        #endif
    }

    /// Calls `body` with a report folder and a stderr file for children of this process, both
    /// under the temporary directory and named after `label` and the process id, and removes
    /// them afterwards.
    static func withScratch<Result>(_ label: String, _ body: (_ folder: URL, _ errorFile: String) throws -> Result) rethrows -> Result {
        let temporary = FileManager.default.temporaryDirectory
        let folder = temporary.appendingPathComponent("orbitbench-\(label)-\(getpid())")
        let errorFile = temporary.appendingPathComponent("orbitbench-\(label)-\(getpid()).stderr")
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: errorFile)
        }
        return try body(folder, errorFile.path)
    }
}
