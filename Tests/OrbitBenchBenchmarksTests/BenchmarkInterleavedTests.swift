import OrbitBenchBenchmarks
import Testing

@Suite struct BenchmarkInterleavedTests {
    /// Every round runs each piece once, in order, warm-up rounds included.
    @Test func piecesTakeTurns() throws {
        var log: [String] = []
        let results = try BenchmarkResult.measureInterleaved(
            [.init("a", items: 3) { log.append("a") }, .init("b", items: 5) { log.append("b") }], repetitions: 4, warmup: 1)
        #expect(log == Array(repeating: ["a", "b"], count: 5).flatMap { $0 })
        #expect(results.map(\.name) == ["a", "b"])
        #expect(results.map(\.samples.count) == [4, 4])
        #expect(results.map(\.itemsPerRepetition) == [3, 5])
        #expect(results.allSatisfy { $0.samples.allSatisfy { $0 >= 0 } })
    }

    /// Round by round: (2 + 1) / 1, (4 + 1) / 1, (6 + 1) / 2 → 3, 5, 3.5; the median is 3.5,
    /// where the ratio of the medians would be (4 + 1) / 1 = 5.
    @Test func medianOfRoundRatios() {
        let phaseOne = BenchmarkResult(name: "one", samples: [2, 4, 6], itemsPerRepetition: 1)
        let phaseTwo = BenchmarkResult(name: "two", samples: [1, 1, 1], itemsPerRepetition: 1)
        let floor = BenchmarkResult(name: "floor", samples: [1, 1, 2], itemsPerRepetition: 1)
        #expect(BenchmarkResult.medianRatio([phaseOne, phaseTwo], [floor]) == 3.5)
        #expect(BenchmarkResult.medianRatio([phaseOne], []).isNaN)
        #expect(BenchmarkResult.medianRatio([phaseOne], [BenchmarkResult(name: "none", samples: [], itemsPerRepetition: 1)]).isNaN)
    }
}
