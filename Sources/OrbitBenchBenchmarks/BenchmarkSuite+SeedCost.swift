import Foundation
import OrbitBench

extension BenchmarkSuite {
    /// Wall-clock median of `run --render`'s rendering for one seed, and of the capture run it
    /// draws (the reference measured in the same process).
    static func rendering(_ scenario: Scenario, repetitions: Int) throws -> (
        wall: Double, captureRun: Double, posesPerFrame: Double, frames: Int, repetitions: Int
    ) {
        let result = try CaptureRunner.run(scenario, seed: 1)
        var renders: [Double] = [], runs: [Double] = []
        var poses = 0.0
        var frameCount = 0
        for _ in 0..<repetitions {
            let start = CPUClock.wall()
            let frames = try FrameImages.render(scenario: scenario, result: result)
            renders.append(CPUClock.wall() - start)
            frameCount = frames.count
            poses = Double(frames.map(\.poses).reduce(0, +)) / Double(frames.count)
            let runStart = CPUClock.wall()
            _ = try CaptureRunner.run(scenario, seed: 1)
            runs.append(CPUClock.wall() - runStart)
        }
        return (renders.sorted()[repetitions / 2], runs.sorted()[repetitions / 2], poses, frameCount, repetitions)
    }

    /// What checking the plug-ins' outputs costs one seed.
    static func printContractCost(_ scenario: Scenario, output: (String) -> Void, repetitions: Int) throws {
        let cost = try Bench.contractCost(scenario, repetitions: repetitions)
        output(
            String(
                format:
                    "plug-in checks on one seed of %@: %@ update %.1f ns checked against %.1f ns bare (× %d samples), selector contract over %d decisions %.3f ms; together %.2f %% of the seed (%.2f ms; medians of %d interleaved rounds)",
                scenario.name, scenario.fusion.filter.rawValue, cost.checkedUpdate * 1e9, cost.bareUpdate * 1e9, cost.imuSamples, cost.decisions,
                cost.selectorChecks * 1000, cost.shareOfSeed * 100, cost.seed * 1000, repetitions))
    }

    /// Interleaved (1 core, all cores) pairs of the 40-seed run: ≈ 0.75 s each on two cores.
    static let scalingPairs = 5

    /// One seed's phases against its floor, and 40 seeds with their report files on one core
    /// and on all.
    static func printSeedCost(_ scenario: Scenario, output: (String) -> Void, repetitions: Int) throws {
        let cost = try Bench.seedCost(scenario, repetitions: repetitions)
        func ms(_ seconds: Double) -> String { String(format: "%7.2f ms", seconds * 1000) }
        output("one seed of \(scenario.name) (\(cost.imuSamples) IMU samples, \(cost.frames) frames), CPU time of one thread:")
        output("  simulate the world              " + ms(cost.simulate))
        output("  capture run on it               " + ms(cost.captureOnWorld))
        output("    of it: blur and frame truth   " + ms(cost.blurAndFrameTruth))
        output("  output (CSV and JSON bytes)     " + ms(cost.output))
        output(
            String(
                format: "  floor: %d × (truth query %.1f ns + filter update %.1f ns) + %d gaussian draws × %.1f ns = ",
                cost.imuSamples, cost.truthQuery * 1e9, cost.filterUpdate * 1e9, cost.gaussianDraws, cost.gaussianDraw * 1e9)
                + ms(cost.floor).trimmingCharacters(in: .whitespaces))
        output(
            "  one seed in-process " + ms(cost.seed) + String(format: " = %.2f× the floor; ", cost.seedToFloor) + "with its output "
                + ms(cost.seedWithOutput) + String(format: " = %.2f× the floor", cost.seedWithOutputToFloor))
        output(
            String(
                format: "  counting the blur and frame truth in the floor (%@): %.2f×; with its output %.2f×",
                ms(cost.floor + cost.blurAndFrameTruth).trimmingCharacters(in: .whitespaces), cost.seedToFloorWithBlur,
                cost.seedWithOutputToFloorWithBlur))
        output("  (ratios: medians over rounds that time every piece once, so both sides of a ratio meet the same machine)")
        let cores = ProcessInfo.processInfo.activeProcessorCount
        _ = try Bench.seedsWall(scenario, seeds: 4, workers: cores)  // warm-up
        // Interleaved pairs, so that a slow spell of the machine meets both sides; wall seconds
        // (not the CPU seconds `BenchmarkResult` usually holds), whose medians it takes alike.
        var one: [Double] = [], all: [Double] = []
        for _ in 0..<Self.scalingPairs {
            one.append(try Bench.seedsWall(scenario, seeds: 40, workers: 1))
            all.append(try Bench.seedsWall(scenario, seeds: 40, workers: cores))
        }
        let oneCore = BenchmarkResult(name: "40 seeds on 1 core", samples: one, itemsPerRepetition: 40)
        let allCores = BenchmarkResult(name: "40 seeds on all cores", samples: all, itemsPerRepetition: 40)
        output(
            String(
                format:
                    "40 seeds with their report files (no plots): %.0f ms on 1 core, %.0f ms on %d cores (medians of %d interleaved pairs; speed-up %.2f×, the median of their ratios)",
                oneCore.median * 1000, allCores.median * 1000, cores, Self.scalingPairs, BenchmarkResult.medianRatio([oneCore], [allCores])))
    }
}
