import Foundation
import OrbitBench

/// Every timing `orbitbench bench` reports, in one place outside the product modules: the hot
/// paths' CPU medians, the filters in `fusion`'s loop against their bare updates, one seed
/// against its compute floor, the plug-in checks, 40 seeds on one core and on all, sweep and
/// tuning throughput, peak memory of a long orbit, and a run with plots against one without.
/// Release builds only give representative figures.
public enum BenchmarkSuite {
    /// Measures everything with `repetitions` repetitions per piece and hands each row to
    /// `output` as soon as it is known. The memory, plot, sweep and tuning figures run this
    /// executable as child processes (`/proc/self/exe …`), so it must be an orbitbench CLI.
    public static func run(repetitions: Int, output: (BenchmarkRow) -> Void) throws {
        // First, while this process is small: a child's peak counts its parent's until it execs.
        let memoryRow = peakMemory()
        let plotRow = plotCost(repetitions: max(5, repetitions / 2))
        let throughputRows = commandThroughput()
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
                    kind,
                    Bench.RecordingPathTiming(
                        input: fusionInput, kind: kind, repetitions: repetitions, name: "filter \(kind.rawValue) in fusion's loop")))
        }
        var runSeed: UInt64 = 100
        // A rephoto study: one reference photograph and 100 users retaking it (per seed).
        let rephoto = try ScenarioLoader.resolve("rephoto-fountain", searchDirectories: Bench.scenarioDirectories)
        let users = rephoto.rephoto.users
        results.append(
            try BenchmarkResult.measure("rephoto study, \(users) users", items: users, repetitions: max(5, repetitions / 3)) {
                runSeed += 1
                _ = try RephotoStudy.run(rephoto, seed: runSeed)
            })
        var bareUpdate: BenchmarkResult?
        for result in results {
            let perItem = result.itemsPerRepetition > 1
            let figure =
                !perItem
                ? BenchmarkRow.ms(result.median)
                : result.nanosecondsPerItem < 1e4
                    ? BenchmarkRow.ns(result.nanosecondsPerItem / 1e9)
                    : String(format: "%.1f µs", result.nanosecondsPerItem / 1e3)
            let what = result.name.trimmingCharacters(in: .whitespaces) + (perItem ? " (per item, median)" : " (median)")
            // A filter in fusion's loop follows its bare update, which is its reference.
            if result.name.hasSuffix("in fusion's loop"), let reference = bareUpdate {
                output(
                    BenchmarkRow(
                        what: result.name + " (per update, median)", figure: figure,
                        reference: BenchmarkRow.ns(reference.nanosecondsPerItem / 1e9) + " bare",
                        ratio: BenchmarkRow.times(result.nanosecondsPerItem / reference.nanosecondsPerItem)))
            } else {
                output(BenchmarkRow(what: what, figure: figure))
            }
            bareUpdate = result.name.hasSuffix("(9D update)") ? result : nil
        }
        let rendering = try rendering(scenario, repetitions: max(3, repetitions / 10))
        output(
            BenchmarkRow(
                what: String(
                    format:
                        "render the %d selected frames of orbit-72 seed 1 at 1280×720 (%.1f sub-exposure poses a frame, noise, JPEG, sharpness), wall on %d cores",
                    rendering.frames, rendering.posesPerFrame, Parallel.workerLimit),
                figure: BenchmarkRow.ms(rendering.wall), reference: BenchmarkRow.ms(rendering.captureRun) + " one capture run",
                ratio: BenchmarkRow.times(rendering.wall / rendering.captureRun),
                command: "orbitbench run orbit-72 --seeds 1 --render"))
        try printSeedCost(scenario, output: output, repetitions: max(5, repetitions / 3))
        try printContractCost(scenario, output: output, repetitions: max(5, repetitions / 3))
        output(try twinCost(repetitions: 5))
        throughputRows.forEach(output)
        output(memoryRow)
        output(plotRow)
    }
}
