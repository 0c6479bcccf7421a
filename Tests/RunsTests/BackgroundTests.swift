import Foundation
import Runs
import Testing

@Suite struct BackgroundTests {
    private struct Refused: Error, Equatable {}

    /// The work runs while the caller goes on: it waits for a signal only the caller sends
    /// after starting it, which would deadlock if the work ran on the caller's thread.
    @Test func runsAlongsideTheCaller() throws {
        let go = DispatchSemaphore(value: 0)
        let work = Background(ownThread: true) { () -> Int in
            go.wait()
            return (1...100).reduce(0, +)
        }
        go.signal()
        #expect(try work.value() == 5050)
        #expect(try work.value() == 5050)  // a second call returns the same, without blocking
    }

    @Test func rethrowsTheWorksError() {
        let work = Background(ownThread: true) { () throws -> Int in throw Refused() }
        #expect(throws: Refused.self) { try work.value() }
        #expect(throws: Refused.self) { try work.value() }
    }

    /// Without a thread of its own the work is done before the initialiser returns, on the caller's thread.
    @Test func runsInlineWithoutAThread() throws {
        let caller = pthread_self()
        let work = Background(ownThread: false) { () -> Bool in pthread_equal(pthread_self(), caller) != 0 }
        #expect(try work.value())
        let threaded = Background(ownThread: true) { () -> Bool in pthread_equal(pthread_self(), caller) != 0 }
        #expect(try threaded.value() == false)
    }
}
