import Foundation

/// Work running on its own thread while the caller does something else, and its result
/// collected later: a report draws its figures while its tables are written.
///
///     let figures = Background { try CapturePlots.all(scenario: scenario, results, provenance: texts) }
///     try writeTables()
///     for (name, bytes) in try figures.value() { … }
///
public final class Background<Value: Sendable>: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    // Written once by the worker before `finished` is signalled, read after waiting for it.
    private var result: Result<Value, Error>?

    /// Starts `work` on a thread of its own (4 MiB of stack, as the main thread's), or, with
    /// `ownThread` false, runs it at once on the caller's. The default follows `--jobs`: a
    /// command held to one job (`Parallel.workerLimit` 1) never runs two things at once.
    public init(ownThread: Bool = Parallel.workerLimit > 1, _ work: @escaping @Sendable () throws -> Value) {
        guard ownThread else {
            result = Result { try work() }
            finished.signal()
            return
        }
        let thread = Thread { [self] in
            result = Result { try work() }
            finished.signal()
        }
        thread.stackSize = 4 << 20
        thread.start()
    }

    /// Waits for the work to finish and returns its value, or rethrows its error. Every call
    /// returns the same outcome.
    public func value() throws -> Value {
        finished.wait()
        defer { finished.signal() }  // later calls do not block
        return try result!.get()
    }
}
