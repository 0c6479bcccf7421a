import Foundation
import OrbitBench
import TestSupport
import Testing

/// The built-in session, except that every fifth frame is discarded for a reason of its own:
/// the only text a frame record carries, which a spilled run stores as a number.
struct ReasonedSelector: FrameSelector {
    var session: OuterCircleSelector

    var slots: [SlotEntry?] { session.slots }
    var recordingStartTime: Double? { session.recordingStartTime }

    mutating func handleMotion(_ motion: DeviceMotion) -> MotionHandling { session.handleMotion(motion) }

    mutating func handleFrame(_ frame: FrameInput) -> FrameDecision {
        guard frame.index % 5 == 0 else { return session.handleFrame(frame) }
        return FrameDecision(outcome: .rejected(frame.index % 10 == 0 ? "too_dark" : "shaky"), lookupTime: frame.timestamp)
    }
}

@Suite struct SpilledRunTests {
    /// Keys sorted, so two encodings of equal values are equal bytes.
    static func json(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(value)
    }

    /// A run whose every record goes through a temporary file writes the frames.csv, slots and
    /// metrics of the same run kept in memory, byte for byte.
    @Test(arguments: ["tripod-ideal", "motion-flood"]) func spilledRunEqualsRunInMemory(_ name: String) throws {
        let scenario = try Shipped.scenario(name)
        let selector = ReasonedSelector(session: OuterCircleSelector(settings: scenario.captureSettings))
        let inMemory = try CaptureRunner.run(scenario, seed: 2, selector: selector)
        let spilled = try CaptureRunner.run(scenario, seed: 2, selector: selector, spill: SpillSettings(memoryLimit: 0))
        #expect(!inMemory.frames.isSpilled && spilled.frames.isSpilled)
        #expect(spilled.frames.count == inMemory.frames.count && spilled.frames.count > 2 * FrameRecords.readBlock)
        #expect(CaptureReport.framesCSV([spilled]).bytes == CaptureReport.framesCSV([inMemory]).bytes)
        #expect(spilled.metrics == inMemory.metrics)
        #expect(spilled.metrics.framesRejected > 0 && spilled.metrics.framesSelected > 0)
        #expect(try Self.json(spilled.slots) == Self.json(inMemory.slots))
        // The reasons come back as text, in frame order.
        let reasons = spilled.frames.compactMap { frame -> String? in
            if case .rejected(let reason) = frame.decision?.outcome { return reason } else { return nil }
        }
        #expect(Set(reasons) == ["too_dark", "shaky"] && reasons.count == spilled.metrics.framesRejected)
    }

    /// Slices, single reads and iteration across read blocks all see the same records.
    @Test func spilledRecordsReadTheSameEveryWay() throws {
        let scenario = try Shipped.scenario("tripod-ideal")
        let spilled = try CaptureRunner.run(scenario, seed: 1, spill: SpillSettings(memoryLimit: 0)).frames
        let copied = Array(spilled)
        let block = FrameRecords.readBlock
        let slice = spilled[(block - 3)..<(2 * block + 5)]
        #expect(slice.map(\.index) == copied[(block - 3)..<(2 * block + 5)].map(\.index))
        #expect(slice.startIndex == block - 3 && slice.count == block + 8)
        for position in [0, block - 1, block, spilled.count - 1] {
            #expect(spilled[position].index == copied[position].index)
            #expect(spilled[position].captureTime == copied[position].captureTime)
        }
        // Encoded as a plain array of records.
        let encoded = try Self.json(spilled)
        #expect(encoded == (try Self.json(copied)))
        #expect(try JSONDecoder().decode(FrameRecords.self, from: encoded).map(\.index) == copied.map(\.index))
    }

    /// A spill folder that cannot be written stops the run with one line naming it.
    @Test func unwritableSpillFolderIsNamed() throws {
        let scenario = try Shipped.scenario("tripod-ideal")
        let folder = "/nonexistent-\(UUID().uuidString)"
        #expect {
            _ = try CaptureRunner.run(scenario, seed: 1, spill: SpillSettings(memoryLimit: 1 << 10, directory: folder))
        } throws: { error in
            let text = "\(error)"
            return error is SpillError && text.hasPrefix(folder + ": cannot keep run records") && !text.contains("\n")
        }
    }
}
