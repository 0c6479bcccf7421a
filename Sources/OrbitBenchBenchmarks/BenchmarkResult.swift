import Foundation
import OrbitBench

/// Repeated timings of one piece of work.
public struct BenchmarkResult: Sendable {
    public let name: String
    /// Seconds of each repetition: CPU time, or wall time where the caller chose that clock.
    public let samples: [Double]
    /// Work items per repetition (samples, updates), for per-item figures.
    public let itemsPerRepetition: Int

    public init(name: String, samples: [Double], itemsPerRepetition: Int) {
        self.name = name
        self.samples = samples
        self.itemsPerRepetition = itemsPerRepetition
    }

    public var median: Double {
        let sorted = samples.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    public var minimum: Double { samples.min() ?? 0 }

    /// Median nanoseconds per item.
    public var nanosecondsPerItem: Double { median / Double(max(1, itemsPerRepetition)) * 1e9 }

    /// Runs `work` `warmup` times unmeasured, then `repetitions` times measured.
    public static func measure(
        _ name: String, items: Int, repetitions: Int, warmup: Int = 2, _ work: () throws -> Void
    ) rethrows -> BenchmarkResult {
        for _ in 0..<warmup { try work() }
        var samples: [Double] = []
        samples.reserveCapacity(repetitions)
        for _ in 0..<repetitions {
            let start = CPUClock.now()
            try work()
            samples.append(CPUClock.now() - start)
        }
        return BenchmarkResult(name: name, samples: samples, itemsPerRepetition: items)
    }
}
