import Dispatch
import Foundation

extension Parallel {
    /// `produce(i)` for every i in 0..<count on up to `workers` threads (and `workerLimit`), and
    /// `consume(i, value)` for each in index order, one call at a time, by whichever worker
    /// finds the next value ready. A file written in order (frames.csv of many seeds) is so
    /// formatted on all cores without waiting between batches: while one worker appends a part,
    /// the others format the next ones.
    ///
    /// At most `window` (≥ 1) produced values wait for `consume` at any time, so memory stays
    /// bounded however large `count` is. With `lead`, the first worker runs it before taking
    /// jobs (a report's small tables beside its large one). After `consume` or `lead` throws,
    /// no further value is consumed and no new one produced (unlike `map(_:besides:_:)`, whose
    /// jobs all run: a file half-appended is abandoned anyway); the lead's error is rethrown
    /// before the consumer's. With one worker, the jobs run produce, consume, produce…
    public static func forEachInOrder<Value: Sendable>(
        _ count: Int, workers: Int = .max, window: Int, besides lead: (() throws -> Void)? = nil,
        produce: @Sendable (Int) -> Value, consume: (Int, Value) throws -> Void
    ) throws {
        precondition(window > 0, "window must hold at least one value")
        guard count > 0 || lead != nil else { return }
        let pipeline = InOrderPipeline<Value>(count: count, window: window)
        withoutActuallyEscaping(consume) { consume in
            withoutActuallyEscaping(lead ?? {}) { lead in
                let calls = InOrderCalls(consume: consume, lead: lead)
                DispatchQueue.concurrentPerform(iterations: max(1, min(workerLimit, workers, count))) { _ in
                    pipeline.work(produce: produce, calls: calls)
                }
            }
        }
        try pipeline.rethrowFailure()
    }
}

/// The closures a pipeline's workers share. `consume` runs on one worker at a time and `lead`
/// once (the pipeline's lock orders them), so neither needs to be `Sendable`.
private final class InOrderCalls<Value>: @unchecked Sendable {
    let consume: (Int, Value) throws -> Void
    let lead: () throws -> Void
    init(consume: @escaping (Int, Value) throws -> Void, lead: @escaping () throws -> Void) {
        self.consume = consume
        self.lead = lead
    }
}

/// The state of `forEachInOrder` behind one condition lock: which job is produced next, which
/// is consumed next, and the produced values waiting in a ring of `window` slots (job i in
/// slot i % window, reused only once job i − window has been consumed).
private final class InOrderPipeline<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private let window: Int
    private var waiting: [Value?]
    private var nextToProduce = 0
    private var nextToConsume = 0
    private var consuming = false
    private var leadTaken = false
    private var leadFailure: Error?
    private var consumeFailure: Error?

    init(count: Int, window: Int) {
        self.count = count
        self.window = window
        waiting = Array(repeating: nil, count: window)
    }

    func rethrowFailure() throws {
        if let leadFailure { throw leadFailure }
        if let consumeFailure { throw consumeFailure }
    }

    /// One worker's loop: consume the next value when it is ready and nobody else is,
    /// otherwise produce the next job the window has room for, otherwise wait.
    func work(produce: (Int) -> Value, calls: InOrderCalls<Value>) {
        condition.lock()
        if !leadTaken {
            leadTaken = true
            condition.unlock()
            let failure = Result { try calls.lead() }.failure
            condition.lock()
            leadFailure = failure
            condition.broadcast()
        }
        while leadFailure == nil && consumeFailure == nil && nextToConsume < count {
            let slot = nextToConsume % window
            if !consuming, let value = waiting[slot] {
                let index = nextToConsume
                waiting[slot] = nil
                consuming = true
                condition.unlock()
                let failure = Result { try calls.consume(index, value) }.failure
                condition.lock()
                consuming = false
                nextToConsume += 1
                consumeFailure = failure
                condition.broadcast()
            } else if nextToProduce < count && nextToProduce < nextToConsume + window {
                let index = nextToProduce
                nextToProduce += 1
                condition.unlock()
                let value = produce(index)
                condition.lock()
                waiting[index % window] = value
                condition.broadcast()
            } else {
                condition.wait()
            }
        }
        condition.unlock()
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
