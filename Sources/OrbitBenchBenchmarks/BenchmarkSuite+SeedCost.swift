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
    static func printContractCost(_ scenario: Scenario, output: (BenchmarkRow) -> Void, repetitions: Int) throws {
        let cost = try Bench.contractCost(scenario, repetitions: repetitions)
        output(
            BenchmarkRow(
                what: String(
                    format: "plug-in checks on one seed of %@ (%@ update checked %.1f ns, bare %.1f ns; selector contract over %d decisions)",
                    scenario.name, scenario.fusion.filter.rawValue, cost.checkedUpdate * 1e9, cost.bareUpdate * 1e9, cost.decisions),
                figure: BenchmarkRow.ms(Double(cost.imuSamples) * (cost.checkedUpdate - cost.bareUpdate) + cost.selectorChecks),
                reference: BenchmarkRow.ms(cost.seed) + " the seed", ratio: String(format: "%.2f %%", cost.shareOfSeed * 100)))
    }

    /// Interleaved (1 core, all cores) pairs of the 40-seed run: ≈ 0.75 s each on two cores.
    static let scalingPairs = 5

    /// One seed's phases against its floor, and 40 seeds with their report files on one core
    /// and on all.
    static func printSeedCost(_ scenario: Scenario, output: (BenchmarkRow) -> Void, repetitions: Int) throws {
        let cost = try Bench.seedCost(scenario, repetitions: repetitions)
        let name = scenario.name
        let floor = String(
            format: "%@ floor (%d × (truth query %.1f ns + filter update %.1f ns) + %d gaussian draws × %.1f ns)",
            BenchmarkRow.ms(cost.floor), cost.imuSamples, cost.truthQuery * 1e9, cost.filterUpdate * 1e9, cost.gaussianDraws,
            cost.gaussianDraw * 1e9)
        output(BenchmarkRow(what: "one seed of \(name): simulate the world", figure: BenchmarkRow.ms(cost.simulate)))
        output(BenchmarkRow(what: "one seed of \(name): capture run on it", figure: BenchmarkRow.ms(cost.captureOnWorld)))
        output(BenchmarkRow(what: "one seed of \(name): of it, blur and frame truth", figure: BenchmarkRow.ms(cost.blurAndFrameTruth)))
        output(BenchmarkRow(what: "one seed of \(name): output (CSV and JSON bytes)", figure: BenchmarkRow.ms(cost.output)))
        output(
            BenchmarkRow(
                what: "one seed of \(name) in-process (\(cost.imuSamples) IMU samples, \(cost.frames) frames)", figure: BenchmarkRow.ms(cost.seed),
                reference: floor, ratio: BenchmarkRow.times(cost.seedToFloor)))
        output(
            BenchmarkRow(
                what: "the same seed with its output", figure: BenchmarkRow.ms(cost.seedWithOutput), reference: "the floor",
                ratio: BenchmarkRow.times(cost.seedWithOutputToFloor)))
        output(
            BenchmarkRow(
                what: "the same seed, the frames' blur and truth counted in the floor (DESIGN §5; goal 1.3×)", figure: BenchmarkRow.ms(cost.seed),
                reference: BenchmarkRow.ms(cost.floor + cost.blurAndFrameTruth) + " floor with blur",
                ratio: BenchmarkRow.times(cost.seedToFloorWithBlur)))
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
            BenchmarkRow(
                what: "40 seeds of \(name) with their report files (no plots), wall on \(cores) cores (\(Self.scalingPairs) interleaved pairs)",
                figure: BenchmarkRow.ms(allCores.median), reference: BenchmarkRow.ms(oneCore.median) + " on 1 core",
                ratio: BenchmarkRow.times(BenchmarkResult.medianRatio([oneCore], [allCores])) + " speed-up",
                command: "orbitbench run \(name) --seeds 1-40 --no-plots"))
    }
}
