import Foundation
import Testing
import Execution

/// `Parallel.forEachInOrder`: values produced on several threads, consumed in index order by
/// one thread at a time, with at most `window` of them waiting.
@Suite struct ParallelInOrderTests {
    private struct Refused: Error, Equatable { let by: String }

    /// What the consumer and the producers saw, behind a lock.
    private final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var consumedIndices: [Int] = []
        private var producedIndices: [Int] = []
        private var consumersInside = 0
        private(set) var mostConsumersInside = 0
        /// Jobs whose production started before job `index − window` had been consumed.
        private(set) var producedTooEarly: [Int] = []

        var consumed: [Int] { locked { consumedIndices } }
        var produced: [Int] { locked { producedIndices.sorted() } }

        func startProducing(_ index: Int, window: Int) {
            locked {
                producedIndices.append(index)
                if index >= consumedIndices.count + window { producedTooEarly.append(index) }
            }
        }

        func consume(_ index: Int, _ work: () -> Void) {
            locked {
                consumersInside += 1
                mostConsumersInside = max(mostConsumersInside, consumersInside)
            }
            work()
            locked {
                consumersInside -= 1
                consumedIndices.append(index)
            }
        }

        private func locked<T>(_ body: () -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body()
        }
    }

    @Test(arguments: [1, 2, 4])
    func everyValueIsConsumedOnceInIndexOrder(workers: Int) throws {
        let log = Log()
        var values: [Int] = []
        try Parallel.forEachInOrder(
            500, workers: workers, window: 3,
            produce: { index in
                log.startProducing(index, window: 3)
                return index * index
            },
            consume: { index, value in log.consume(index) { values.append(value) } })
        #expect(values == (0..<500).map { $0 * $0 })
        #expect(log.consumed == Array(0..<500))
        #expect(log.produced == Array(0..<500))
        #expect(log.mostConsumersInside == 1)
    }

    /// A slow consumer: without the window the producers would run hundreds of jobs ahead.
    @Test func producersWaitForTheWindow() throws {
        let log = Log()
        try Parallel.forEachInOrder(
            60, workers: 2, window: 2,
            produce: { index in log.startProducing(index, window: 2) },
            consume: { index, _ in log.consume(index) { Thread.sleep(forTimeInterval: 0.001) } })
        #expect(log.producedTooEarly.isEmpty)
        #expect(log.consumed == Array(0..<60))
    }

    @Test func aConsumersErrorStopsTheRest() {
        let log = Log()
        #expect(throws: Refused(by: "consumer at 5")) {
            try Parallel.forEachInOrder(
                1000, workers: 2, window: 4,
                produce: { index in log.startProducing(index, window: 4) },
                consume: { index, _ in
                    if index == 5 { throw Refused(by: "consumer at 5") }
                    log.consume(index) {}
                })
        }
        #expect(log.consumed == Array(0..<5))
        // While job 5 was being consumed, jobs up to 8 could be produced (window 4); none after.
        #expect(log.produced.count <= 9)
    }

    @Test func theLeadRunsOnce() throws {
        let leadRuns = Log()
        var values: [Int] = []
        try Parallel.forEachInOrder(
            20, workers: 2, window: 2, besides: { leadRuns.consume(-1) {} }, produce: { $0 },
            consume: { _, value in values.append(value) })
        #expect(leadRuns.consumed == [-1])
        #expect(values == Array(0..<20))

    }

    /// The lead fails only after the consumer has (it waits for that): both errors happen,
    /// and the lead's is the one rethrown.
    @Test(.enabled(if: Parallel.workerLimit > 1, "the lead waits for a consumer on another worker"))
    func theLeadsErrorComesBeforeTheConsumers() {
        let consumerFailed = DispatchSemaphore(value: 0)
        let leadWaited = Log()
        #expect(throws: Refused(by: "lead")) {
            try Parallel.forEachInOrder(
                20, workers: 2, window: 2,
                besides: {
                    if consumerFailed.wait(timeout: .now() + 10) == .success { leadWaited.consume(0) {} }
                    throw Refused(by: "lead")
                },
                produce: { $0 },
                consume: { _, _ in
                    consumerFailed.signal()
                    throw Refused(by: "consumer")
                })
        }
        #expect(leadWaited.consumed == [0], "the consumer failed first")
    }

    @Test func noJobsStillRunsTheLead() throws {
        let leadRuns = Log()
        try Parallel.forEachInOrder(
            0, window: 1, besides: { leadRuns.consume(0) {} }, produce: { $0 }, consume: { _, _ in Issue.record("nothing to consume") })
        #expect(leadRuns.consumed == [0])
    }
}
