import Dispatch
import Foundation
import Synchronization

/// Runs independent jobs on all cores (or `workerLimit` of them) and returns their results in
/// input order.
public enum Parallel {
    /// At most this many jobs run at once; default: the active processor count. `--jobs N`
    /// sets it for a whole command (a shared cluster node, a CI runner with fewer real cores).
    public static var workerLimit: Int {
        get { limit.withLock { $0 } }
        set { limit.withLock { $0 = max(1, newValue) } }
    }

    private static let limit = Mutex(ProcessInfo.processInfo.activeProcessorCount)

    /// `work(i)` for every i in 0..<count, concurrently; the first error (by index) is rethrown.
    /// `progress`, when given, is called after each job with the number of jobs finished so far
    /// (from worker threads, one call at a time).
    public static func map<Value: Sendable>(
        _ count: Int, progress: (@Sendable (Int) -> Void)? = nil, _ work: @Sendable (Int) throws -> Value
    ) throws -> [Value] {
        guard count > 0 else { return [] }
        let slots = ResultSlots<Value>(count: count)
        let finished = Mutex(0)
        forEach(count) { index in
            slots.store(Result { try work(index) }, at: index)
            if let progress {
                finished.withLock { count in
                    count += 1
                    progress(count)
                }
            }
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
        let next = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: min(workerLimit, workers, count)) { _ in
            while true {
                let index = next.withLock { next in
                    defer { next += 1 }
                    return next
                }
                guard index < count else { return }
                body(index)
            }
        }
    }
}

/// One result slot per job, each written once by its job and read after all jobs finished.
final class ResultSlots<Value: Sendable>: Sendable {
    private let slots: Mutex<[Result<Value, Error>?]>

    init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }

    func store(_ result: Result<Value, Error>, at index: Int) { slots.withLock { $0[index] = result } }

    func collect() throws -> [Value] { try slots.withLock { try $0.map { try $0!.get() } } }
}
