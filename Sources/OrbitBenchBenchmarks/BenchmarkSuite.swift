import Foundation
import OrbitBench

/// Every timing `orbitbench bench` reports, in one place outside the product modules: the hot
/// paths' CPU medians, one seed against its compute floor, the plug-in checks, 40 seeds on one
/// core and on all, peak memory of a long orbit, and a run with plots against one without.
/// Release builds only give representative figures.
public enum BenchmarkSuite {
    /// Measures everything with `repetitions` repetitions per piece and hands each line of the
    /// report to `output` as soon as it is known. The memory and plot figures run this
    /// executable as child processes (`/proc/self/exe run …`), so it must be an orbitbench CLI.
    public static func run(repetitions: Int, output: (String) -> Void) throws {
        // First, while this process is small: a child's peak counts its parent's until it execs.
        let memoryLine = peakMemory()
        let plotLine = plotCost(repetitions: max(5, repetitions / 2))
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
        let rephoto = try ScenarioLoader.resolve("rephoto-fountain", searchDirectories: Bench.scenarioDirectories)
        let users = rephoto.rephoto.users
        results.append(
            try BenchmarkResult.measure("rephoto study, \(users) users", items: users, repetitions: max(5, repetitions / 3)) {
                runSeed += 1
                _ = try RephotoStudy.run(rephoto, seed: runSeed)
            })
        output("benchmark".padding(toLength: 34, withPad: " ", startingAt: 0) + "median ms    min ms   ns/item")
        for result in results {
            output(
                result.name.padding(toLength: 34, withPad: " ", startingAt: 0)
                    + String(format: "%9.3f %9.3f ", result.median * 1000, result.minimum * 1000)
                    + (result.itemsPerRepetition > 1 ? String(format: "%9.1f", result.nanosecondsPerItem) : "        -"))
        }
        let rendering = try rendering(scenario, repetitions: max(3, repetitions / 10))
        output(
            String(
                format:
                    "render the %d selected frames of orbit-72 seed 1 at 1280×720 (draw, %.1f sub-exposure poses per frame, noise, JPEG, sharpness): %.0f ms wall on %d cores (median of %d; %.1f ms per frame) = %.2f× one capture run of orbit-72 (%.0f ms)",
                rendering.frames, rendering.posesPerFrame, rendering.wall * 1000, Parallel.workerLimit, rendering.repetitions,
                rendering.wall * 1000 / Double(max(1, rendering.frames)),
                rendering.wall / rendering.captureRun, rendering.captureRun * 1000))
        try printSeedCost(scenario, output: output, repetitions: max(5, repetitions / 3))
        try printContractCost(scenario, output: output, repetitions: max(5, repetitions / 3))
        output(memoryLine)
        output(plotLine)
    }
}
