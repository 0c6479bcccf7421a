import OrbitBench
import Testing

/// `bench`'s line on drawing data series: it must draw what the figures draw (one point per
/// filled slot, one dot per frame that has an angle error) and time both ways.
@Suite struct SeriesDrawingCostTests {
    @Test func drawsTheRunsSeriesBothWays() throws {
        let scenario = try Shipped.scenario("orbit-72")
        let cost = try Bench.seriesDrawingCost(scenario, repetitions: 1)
        let result = try Bench.runCapture(scenario, seeds: [1])[0]
        #expect(cost.linePoints == result.slots.filter { $0.entry != nil }.count)
        #expect(cost.markers == result.frames.reduce(0) { $0 + ($1.angleError == nil ? 0 : 1) })
        #expect(cost.markers > 1000)
        for seconds in [cost.strokeSeconds, cost.cairoStrokeSeconds, cost.markerSeconds, cost.cairoMarkerSeconds] {
            #expect(seconds > 0 && seconds < 10)
        }
        #expect(cost.strokeRatio > 0 && cost.markerRatio > 0)
    }
}
