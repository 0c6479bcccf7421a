import Capture
import Foundation
import Runs
import Testing

@Suite struct FrameTallyTests {
    private func frame(_ index: Int, dropped: Bool = false, outcome: FrameOutcome? = nil, score: Double? = nil, blur: Double? = nil) -> FrameRecord {
        var record = FrameRecord(
            index: index, captureTime: Double(index), exposure: 0.01, timestamp: Double(index), deliveryTime: Double(index) + 0.05,
            dropped: dropped, backlog: 0, blur: blur)
        record.decision = outcome.map { FrameDecision(outcome: $0, lookupTime: Double(index), score: score) }
        return record
    }

    /// Counts and means by hand: four frames, one dropped, blur 1, 2 and 6 px on three of them.
    @Test func countsAndMeansMatchHandValues() {
        var tally = FrameTally()
        for record in [
            frame(0, outcome: .accepted, score: 0.2, blur: 1), frame(1, dropped: true), frame(2, outcome: .rejected("too_dark"), blur: 2),
            frame(3, outcome: .replaced, score: 0.1, blur: 6),
        ] {
            tally.add(record)
        }
        #expect(tally.frames == 4 && tally.dropped == 1 && tally.scored == 2)
        #expect(tally.accepted == 1 && tally.replaced == 1 && tally.rejected == 1 && tally.noMotion == 0)
        #expect(tally.blur.value == 3)
        #expect(tally.objectBlurMean.value.isNaN)
    }
}
