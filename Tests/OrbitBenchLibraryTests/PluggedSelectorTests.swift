import Foundation
import OrbitBench
import Testing

/// A selector from outside the package is measured by the same harness code as the built-in one.
@Suite struct PluggedSelectorTests {
    static let seeds: [UInt64] = [1, 2, 3]

    /// Keeping the first frame per slot instead of the best shows in the metrics: frames sit
    /// at the slot's leading edge (larger slot angle error than OuterCircle's centred choice),
    /// and the blur margin (all frames − selected) is far below a blur-aware selector's.
    @Test func aBadSelectorIsCaughtByTheMetrics() throws {
        // Casual walking: slots of 5°, about 25 frames each; the first lies toward the slot's
        // leading edge (up to 2.5° from the centre), OuterCircle's choice near the centre.
        let walk = try Shipped.scenario("orbit-72")
        let builtIn = try Bench.runCapture(walk, seeds: Self.seeds).map(\.metrics)
        let firstOnWalk = try Bench.runCapture(walk, seeds: Self.seeds) { firstFrameSelector(settings: $0) }.map(\.metrics)
        #expect(mean(firstOnWalk.map(\.slotAngleErrorMean)) > mean(builtIn.map(\.slotAngleErrorMean)) + 0.5)
        #expect(mean(firstOnWalk.map(\.slotAngleErrorMean)) > 1.8, "\(firstOnWalk.map(\.slotAngleErrorMean))")

        // Shaky hands: blur comes from the hand's rotation.
        let scenario = try Shipped.scenario("shaky-hands")
        let first = try Bench.runCapture(scenario, seeds: Self.seeds) { firstFrameSelector(settings: $0) }
        let steadiest = try Bench.runCapture(scenario, seeds: Self.seeds) { steadiestFrameSelector(settings: $0) }.map(\.metrics)
        let firstMetrics = first.map(\.metrics)
        let margin = { (metrics: [CaptureMetrics]) in mean(metrics.map { $0.blurAllMean - $0.blurSelectedMean }) }
        #expect(abs(margin(firstMetrics)) < 1, "first frames are as blurred as any")
        #expect(margin(steadiest) > margin(firstMetrics) + 2, "choosing by rotation halves shaky-hands blur")

        // What the harness recorded is what the selector did: the kept frame is each slot's first.
        for result in first {
            var firstPerSlot: [Int: Int] = [:]
            for frame in result.frames {
                if let slot = frame.decision?.placement?.slot, firstPerSlot[slot] == nil { firstPerSlot[slot] = frame.index }
            }
            for slot in result.slots { if let entry = slot.entry { #expect(entry.frameIndex == firstPerSlot[slot.slot]) } }
        }
    }

    /// A registered selector is usable by name in a scenario and gives exactly what the value API gives.
    @Test func registeredSelectorRunsByName() throws {
        try SelectorRegistry.register("test-first-frame") { firstFrameSelector(settings: $0) }
        defer { SelectorRegistry.unregister("test-first-frame") }
        let byName = try Bench.runCapture(try Shipped.scenario("orbit-72", ["selection.selector=test-first-frame"]), seeds: [2])
        let byValue = try Bench.runCapture(try Shipped.scenario("orbit-72"), seeds: [2]) { firstFrameSelector(settings: $0) }
        #expect(byName[0].metrics == byValue[0].metrics)
        #expect(byName[0].slots.map(\.entry) == byValue[0].slots.map(\.entry))
    }

    @Test func unknownSelectorOrFilterNameIsOneLineListingTheKnownOnes() throws {
        for (override, known) in [("selection.selector=no-such", "outer-circle"), ("fusion.filter=no-such", "bias-estimating")] {
            do {
                _ = try Shipped.scenario("orbit-72", [override])
                Issue.record("\(override) was accepted")
            } catch {
                let message = "\(error)"
                #expect(message.contains(known) && message.contains("no-such") && !message.contains("\n"), "\(message)")
            }
        }
    }

    /// A filter registered under a new name behaves exactly like the filter it wraps.
    @Test func registeredFilterRunsEverywhereByName() throws {
        try FilterRegistry.register("test-madgwick-copy") { MadgwickFilter(settings: $0[MadgwickFilter.self]) }
        defer { FilterRegistry.unregister("test-madgwick-copy") }
        let copy = try Bench.runCapture(try Shipped.scenario("orbit-72", ["fusion.filter=test-madgwick-copy"]), seeds: [1])[0].metrics
        let builtIn = try Bench.runCapture(try Shipped.scenario("orbit-72", ["fusion.filter=madgwick"]), seeds: [1])[0].metrics
        #expect(copy == builtIn)
        let other = try Bench.runCapture(try Shipped.scenario("orbit-72"), seeds: [1])[0].metrics
        #expect(copy.attitudeRMSE != other.attitudeRMSE, "the named filter really ran")
    }
}
