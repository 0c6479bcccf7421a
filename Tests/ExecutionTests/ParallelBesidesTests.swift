import Foundation
import Testing
import Execution

/// `Parallel.map(_:besides:_:)`: a lead beside the jobs, on one of at most `workerLimit` threads.
@Suite struct ParallelBesidesTests {
    private struct Refused: Error, Equatable { let by: String }

    /// Counts the threads inside the lead or a job at once, and the most seen.
    private final class Occupancy: @unchecked Sendable {
        private let lock = NSLock()
        private var now = 0
        private(set) var most = 0
        private(set) var leadRuns = 0
        func enter(lead: Bool = false) {
            lock.lock()
            now += 1
            most = max(most, now)
            if lead { leadRuns += 1 }
            lock.unlock()
        }
        func leave() {
            lock.lock()
            now -= 1
            lock.unlock()
        }
    }

    @Test func everyJobInOrderAndTheLeadOnce() throws {
        let occupancy = Occupancy()
        let squares = try Parallel.map(
            40,
            besides: {
                occupancy.enter(lead: true)
                Thread.sleep(forTimeInterval: 0.01)
                occupancy.leave()
            }
        ) { index -> Int in
            occupancy.enter()
            defer { occupancy.leave() }
            Thread.sleep(forTimeInterval: 0.001)
            return index * index
        }
        #expect(squares == (0..<40).map { $0 * $0 })
        #expect(occupancy.leadRuns == 1)
        #expect(occupancy.most <= Parallel.workerLimit)
    }

    /// With two or more workers the lead runs beside the jobs: it waits for a signal that only
    /// a job gives (with one worker it would wait in vain, so the expectation follows the limit).
    @Test func theLeadRunsBesideTheJobs() throws {
        let signal = DispatchSemaphore(value: 0)
        let heard = ResultBox()
        _ = try Parallel.map(3, besides: { heard.set(signal.wait(timeout: .now() + 10) == .success) }) { index in
            if index == 0 { signal.signal() }
        }
        #expect(heard.value == (Parallel.workerLimit > 1))
    }

    @Test func theLeadsErrorComesFirstAndEveryJobStillRuns() {
        let ran = Occupancy()
        #expect(throws: Refused(by: "lead")) {
            _ = try Parallel.map(5, besides: { throw Refused(by: "lead") }) { index in
                ran.enter(lead: true)  // counts runs
                ran.leave()
                if index == 1 { throw Refused(by: "job") }
            }
        }
        #expect(ran.leadRuns == 5)
        #expect(throws: Refused(by: "job 1")) {
            _ = try Parallel.map(5, besides: {}) { index in if index >= 1 { throw Refused(by: "job \(index)") } }
        }
    }

    @Test func noJobsStillRunsTheLead() throws {
        let ran = ResultBox()
        let none = try Parallel.map(0, besides: { ran.set(true) }) { $0 }
        #expect(none.isEmpty)
        #expect(ran.value)
    }

    private final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var stored = false
        var value: Bool {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        func set(_ value: Bool) {
            lock.lock()
            stored = value
            lock.unlock()
        }
    }
}
