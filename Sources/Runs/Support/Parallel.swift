import Dispatch
import Foundation

/// Runs independent jobs on all cores and returns their results in input order.
public enum Parallel {
    /// `work(i)` for every i in 0..<count, concurrently; the first error (by index) is rethrown.
    /// `progress`, when given, is called after each job with the number of jobs finished so far
    /// (from worker threads, one call at a time).
    public static func map<Value: Sendable>(
        _ count: Int, progress: (@Sendable (Int) -> Void)? = nil, _ work: @Sendable (Int) throws -> Value
    ) throws -> [Value] {
        guard count > 0 else { return [] }
        let slots = ResultSlots<Value>(count: count)
        let finished = FinishedCounter()
        DispatchQueue.concurrentPerform(iterations: count) { index in
            slots.store(Result { try work(index) }, at: index)
            if let progress { finished.increment(then: progress) }
        }
        return try slots.collect()
    }
}

/// One result slot per job. Each job writes only its own index and the slots are read after
/// all jobs finished (concurrentPerform returns then), so no two threads touch one slot.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private let buffer: UnsafeMutableBufferPointer<Result<Value, Error>?>

    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }

    deinit {
        buffer.deinitialize()
        buffer.deallocate()
    }

    func store(_ result: Result<Value, Error>, at index: Int) { buffer[index] = result }

    func collect() throws -> [Value] { try buffer.map { try $0!.get() } }
}

/// Counts finished jobs and reports the count under a lock.
private final class FinishedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment(then report: (Int) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        report(count)
    }
}
