import OrbitBench
extension BenchmarkResult {
    /// One timed piece of work for `measureInterleaved`.
    public struct Piece {
        public let name: String
        /// Work items per run of `work`, for per-item figures.
        public let items: Int
        public let work: () throws -> Void

        public init(_ name: String, items: Int, _ work: @escaping () throws -> Void) {
            self.name = name
            self.items = items
            self.work = work
        }
    }

    /// Runs every piece once per round, `warmup` rounds unmeasured, then `repetitions` rounds
    /// measured; one result per piece, in order, with sample i from round i. `clock` reads
    /// seconds: this thread's CPU time by default, the wall clock for work spread over cores.
    ///
    /// Timed one after another, pieces meet a shared machine in different moods: a phase
    /// timed while the other core was busy against a floor timed while it was idle gave
    /// ratios from 2.5× to 4× for the same code. Interleaved, sample i of every piece comes
    /// from the same few milliseconds, so ratios of round i's samples compare like with like.
    public static func measureInterleaved(
        _ pieces: [Piece], repetitions: Int, warmup: Int = 2, clock: () -> Double = CPUClock.now
    ) throws -> [BenchmarkResult] {
        for _ in 0..<warmup { for piece in pieces { try piece.work() } }
        var samples = [[Double]](repeating: [], count: pieces.count)
        for _ in 0..<repetitions {
            for (index, piece) in pieces.enumerated() {
                let start = clock()
                try piece.work()
                samples[index].append(clock() - start)
            }
        }
        return zip(pieces, samples).map { BenchmarkResult(name: $0.name, samples: $1, itemsPerRepetition: $0.items) }
    }

    /// The median of `numerator`'s and `denominator`'s round-by-round sums' ratios: with
    /// results of `measureInterleaved`, a ratio whose two sides met the same machine. NaN when
    /// either side has no results or a result has no samples.
    public static func medianRatio(_ numerator: [BenchmarkResult], _ denominator: [BenchmarkResult]) -> Double {
        let rounds = (numerator + denominator).map(\.samples.count).min() ?? 0
        guard !numerator.isEmpty, !denominator.isEmpty, rounds > 0 else { return .nan }
        let ratios: [Double] = (0..<rounds).map { round -> Double in
            let top: Double = numerator.map { $0.samples[round] }.reduce(0, +)
            let bottom: Double = denominator.map { $0.samples[round] }.reduce(0, +)
            return top / bottom
        }
        return BenchmarkResult(name: "ratio", samples: ratios, itemsPerRepetition: 1).median
    }
}
