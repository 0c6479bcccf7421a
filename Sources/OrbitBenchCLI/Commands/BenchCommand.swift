import ArgumentParser
import Foundation
import OrbitBench

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the CPU cost of the hot paths (build with -c release first).",
        discussion: """
            Reports the median CPU time of each piece of work over --repetitions runs, after \
            warm-up; one seed's phases against its compute floor (and against the floor with \
            the frames' blur counted in it); 40 seeds on one core and on \
            all (medians of 5 interleaved pairs); the peak RSS of `run orbit-72 --seeds 1 \
            --no-plots` as a 1-, 10- and 60-minute orbit (three child processes, ≈ 2 s); and \
            the wall clock of `run orbit-72 --seeds 1` with its plots against `--no-plots` \
            (child processes, --repetitions / 2 interleaved pairs, at least 5), the PNG \
            encoding of that run's figures against zlib's deflate on the same pixels, and its \
            data series drawn by OrbitBench's rasterisers against cairo's stroke and fill of \
            the same paths. Debug builds are several times slower; quote release figures only.

            Example: swift build -c release && .build/release/orbitbench bench --repetitions 50
            """)

    @Option(help: "Measured repetitions per benchmark.")
    var repetitions: Int = 30

    func validate() throws {
        guard (1...100_000).contains(repetitions) else { throw ValidationError("--repetitions must be in 1...100000") }
    }

    func run() throws {
        #if DEBUG
            print("warning: this is a debug build; figures are not representative (use .build/release/orbitbench)")
        #endif
        // First, while this process is small: a child's peak counts its parent's until it execs.
        let peakMemory = Self.peakMemory()
        let plotCost = Self.plotCost(repetitions: max(5, repetitions / 2))
        let scenario = try ScenarioLoader.builtInDefault()
        var results: [BenchmarkResult] = []
        var seed: UInt64 = 0
        let sampleCount = try SimulatedRun(world: scenario.world, seed: 1).imu.count
        results.append(
            try BenchmarkResult.measure("simulate orbit-72 (60 s)", items: sampleCount, repetitions: repetitions) {
                seed += 1
                _ = try SimulatedRun(world: scenario.world, seed: seed)
            })
        let trajectory = try Trajectory(world: scenario.world, seed: 1)
        results.append(
            BenchmarkResult.measure("trajectory truth query", items: sampleCount, repetitions: repetitions) {
                var checksum = 0.0
                for index in 0..<sampleCount { checksum += trajectory.state(at: Double(index) / 200).attitude.w }
                precondition(checksum.isFinite)
            })
        let environment = try MagneticEnvironment(settings: scenario.world.environment, seed: 3)
        results.append(
            try BenchmarkResult.measure("  IMU sampling incl. truth", items: sampleCount, repetitions: repetitions) {
                _ = try ImuSimulator.sample(trajectory, settings: scenario.world.imu, environment: environment, seed: 3)
            })
        var gyroscope = try InertialSensorModel(
            settings: scenario.world.imu.gyroscope, unitScale: Angles.radiansPerDegree, nominalRate: 200, seed: 1, name: "bench")
        results.append(
            BenchmarkResult.measure("  gyroscope model", items: sampleCount, repetitions: repetitions) {
                var checksum = Vector3.zero
                for index in 0..<sampleCount { checksum += gyroscope.measure(Vector3(0.1, Double(index) * 1e-5, 0), dt: 0.005) }
                precondition(checksum.isFinite)
            })
        let stream = try RandomStream(seed: 1, source: "bench")
        results.append(
            BenchmarkResult.measure("  GSL ziggurat gaussian", items: sampleCount * 9, repetitions: repetitions) {
                var checksum = 0.0
                for _ in 0..<(sampleCount * 9) { checksum += stream.gaussian(sigma: 1) }
                precondition(checksum.isFinite)
            })
        let run = try SimulatedRun(world: scenario.world, seed: 1)
        let imuTimes = run.imu.map(\.time)
        results.append(
            try BenchmarkResult.measure("  motion schedule", items: run.motion.count, repetitions: repetitions) {
                _ = try MotionSchedule.generate(scenario.world.motion, duration: trajectory.duration, imuTimes: imuTimes, seed: 3)
            })
        results.append(
            try BenchmarkResult.measure("  camera frames", items: run.frames.count, repetitions: repetitions) {
                _ = try CameraSimulator.frames(scenario.world.camera, duration: trajectory.duration, seed: 3)
            })
        results.append(
            try BenchmarkResult.measure("  trajectory setup", items: 1, repetitions: repetitions) {
                _ = try Trajectory(world: scenario.world, seed: 3)
            })
        // Filters: one update per IMU sample of the default run (magnetometer pre-calibrated).
        let readings = Bench.calibratedReadings(run)
        let fusionInput = FusionInput(run: run, calibrate: true)
        for kind in FilterName.allCases {
            results.append(
                scenario.fusion.settings.withFilter(
                    kind, Bench.FilterUpdateTiming(readings: readings, repetitions: repetitions, name: "filter \(kind.rawValue) (9D update)")))
            // The same updates in the loop `fusion` and `replay` run.
            results.append(
                scenario.fusion.settings.withFilter(
                    kind, Bench.RecordingPathTiming(input: fusionInput, kind: kind, repetitions: repetitions, name: "  in fusion's loop")))
        }
        var runSeed: UInt64 = 100
        // A rephoto study: one reference photograph and 100 users retaking it (per seed).
        let rephoto = try ScenarioLoader.resolve("rephoto-fountain", searchDirectories: ScenarioOptions.searchDirectories(extra: nil))
        let users = rephoto.rephoto.users
        results.append(
            try BenchmarkResult.measure("rephoto study, \(users) users", items: users, repetitions: max(5, repetitions / 3)) {
                runSeed += 1
                _ = try RephotoStudy.run(rephoto, seed: runSeed)
            })
        print("benchmark".padding(toLength: 34, withPad: " ", startingAt: 0) + "median ms    min ms   ns/item")
        for result in results {
            print(
                result.name.padding(toLength: 34, withPad: " ", startingAt: 0)
                    + String(format: "%9.3f %9.3f ", result.median * 1000, result.minimum * 1000)
                    + (result.itemsPerRepetition > 1 ? String(format: "%9.1f", result.nanosecondsPerItem) : "        -"))
        }
        let rendering = try Self.rendering(scenario, repetitions: max(3, repetitions / 10))
        print(
            String(
                format:
                    "render the %d selected frames of orbit-72 seed 1 at 1280×720 (draw, %.1f sub-exposure poses per frame, noise, JPEG, sharpness): %.0f ms wall on %d cores (median of %d; %.1f ms per frame) = %.2f× one capture run of orbit-72 (%.0f ms)",
                rendering.frames, rendering.posesPerFrame, rendering.wall * 1000, Parallel.workerLimit, rendering.repetitions,
                rendering.wall * 1000 / Double(max(1, rendering.frames)),
                rendering.wall / rendering.captureRun, rendering.captureRun * 1000))
        try Self.printSeedCost(scenario, repetitions: max(5, repetitions / 3))
        try Self.printContractCost(scenario, repetitions: max(5, repetitions / 3))
        print(peakMemory)
        print(plotCost)
        print(try Self.pngEncoding(scenario, repetitions: max(5, repetitions / 3)))
        print(try Self.seriesDrawing(scenario, repetitions: max(5, repetitions / 3)))
    }
}

extension BenchCommand {
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
    static func printContractCost(_ scenario: Scenario, repetitions: Int) throws {
        let cost = try Bench.contractCost(scenario, repetitions: repetitions)
        print(
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
    static func printSeedCost(_ scenario: Scenario, repetitions: Int) throws {
        let cost = try Bench.seedCost(scenario, repetitions: repetitions)
        func ms(_ seconds: Double) -> String { String(format: "%7.2f ms", seconds * 1000) }
        print("one seed of \(scenario.name) (\(cost.imuSamples) IMU samples, \(cost.frames) frames), CPU time of one thread:")
        print("  simulate the world              " + ms(cost.simulate))
        print("  capture run on it               " + ms(cost.captureOnWorld))
        print("    of it: blur and frame truth   " + ms(cost.blurAndFrameTruth))
        print("  output (CSV and JSON bytes)     " + ms(cost.output))
        print(
            String(
                format: "  floor: %d × (truth query %.1f ns + filter update %.1f ns) + %d gaussian draws × %.1f ns = ",
                cost.imuSamples, cost.truthQuery * 1e9, cost.filterUpdate * 1e9, cost.gaussianDraws, cost.gaussianDraw * 1e9)
                + ms(cost.floor).trimmingCharacters(in: .whitespaces))
        print(
            "  one seed in-process " + ms(cost.seed) + String(format: " = %.2f× the floor; ", cost.seedToFloor) + "with its output "
                + ms(cost.seedWithOutput) + String(format: " = %.2f× the floor", cost.seedWithOutputToFloor))
        print(
            String(
                format: "  counting the blur and frame truth in the floor (%@): %.2f×; with its output %.2f×",
                ms(cost.floor + cost.blurAndFrameTruth).trimmingCharacters(in: .whitespaces), cost.seedToFloorWithBlur,
                cost.seedWithOutputToFloorWithBlur))
        print("  (ratios: medians over rounds that time every piece once, so both sides of a ratio meet the same machine)")
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
        print(
            String(
                format:
                    "40 seeds with their report files (no plots): %.0f ms on 1 core, %.0f ms on %d cores (medians of %d interleaved pairs; speed-up %.2f×, the median of their ratios)",
                oneCore.median * 1000, allCores.median * 1000, cores, Self.scalingPairs, BenchmarkResult.medianRatio([oneCore], [allCores])))
    }
}
