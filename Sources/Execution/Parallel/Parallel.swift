import Dispatch
import Foundation

/// Runs independent jobs on all cores (or `workerLimit` of them) and returns their results in
/// input order.
public enum Parallel {
    /// At most this many jobs run at once; default: the active processor count. `--jobs N`
    /// sets it for a whole command (a shared cluster node, a CI runner with fewer real cores).
    public static var workerLimit: Int {
        get { limit.value }
        set { limit.value = max(1, newValue) }
    }

    private static let limit = LockedInt(ProcessInfo.processInfo.activeProcessorCount)

    /// `work(i)` for every i in 0..<count, concurrently; the first error (by index) is rethrown.
    /// `progress`, when given, is called after each job with the number of jobs finished so far
    /// (from worker threads, one call at a time).
    public static func map<Value: Sendable>(
        _ count: Int, progress: (@Sendable (Int) -> Void)? = nil, _ work: @Sendable (Int) throws -> Value
    ) throws -> [Value] {
        guard count > 0 else { return [] }
        let slots = ResultSlots<Value>(count: count)
        let finished = FinishedCounter()
        forEach(count) { index in
            slots.store(Result { try work(index) }, at: index)
            if let progress { finished.increment(then: progress) }
        }
        return try slots.collect()
    }

    /// `work(i)` for every i in 0..<count, concurrently, for work that cannot fail.
    public static func map<Value: Sendable>(_ count: Int, _ work: @Sendable (Int) -> Value) -> [Value] {
        map(count, workers: .max, work)
    }

    /// `work(i)` for every i in 0..<count on at most `workers` threads (and `workerLimit`), for
    /// work that cannot fail.
    public static func map<Value: Sendable>(_ count: Int, workers: Int, _ work: @Sendable (Int) -> Value) -> [Value] {
        guard count > 0 else { return [] }
        let slots = ResultSlots<Value>(count: count)
        forEach(count, workers: workers) { index in slots.store(.success(work(index)), at: index) }
        // Every slot holds a success, so collecting cannot throw.
        return (try? slots.collect()) ?? []
    }

    /// `body(i)` for every i in 0..<count on at most `workers` threads (and `workerLimit`);
    /// each worker takes the next index when it is free, so the jobs start in index order.
    public static func forEach(_ count: Int, workers: Int = .max, _ body: @Sendable (Int) -> Void) {
        guard count > 0 else { return }
        let next = LockedInt(0)
        DispatchQueue.concurrentPerform(iterations: min(workerLimit, workers, count)) { _ in
            while true {
                let index = next.takeNext()
                guard index < count else { return }
                body(index)
            }
        }
    }
}

/// An integer behind a lock.
private final class LockedInt: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Int

    init(_ value: Int) { stored = value }

    var value: Int {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            stored = newValue
            lock.unlock()
        }
    }

    /// Returns the value and increments it.
    func takeNext() -> Int {
        lock.lock()
        defer { lock.unlock() }
        stored += 1
        return stored - 1
    }
}

/// One result slot per job. Each job writes only its own index and the slots are read after
/// all jobs finished (concurrentPerform returns then), so no two threads touch one slot.
final class ResultSlots<Value: Sendable>: @unchecked Sendable {
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
