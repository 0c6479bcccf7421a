import Foundation
import OrbitBench

extension Bench {
    /// What one seed of a capture scenario costs, phase by phase, against its compute floor:
    /// the work no implementation of the same simulation can skip (one exact truth query, the
    /// sensor noise draws and one filter update per IMU sample). CPU seconds of one thread,
    /// medians over repetitions; `orbitbench bench` prints it.
    public struct SeedCost: Sendable {
        /// IMU samples of the seed (truth queries and filter updates of the floor).
        public var imuSamples: Int
        /// Gaussian draws of the floor: three per gyroscope, accelerometer and magnetometer sample.
        public var gaussianDraws: Int
        /// Frames of the seed (each gets a blur measurement and a frames.csv row).
        public var frames: Int
        /// Per item: one exact truth query, one GSL ziggurat draw, one filter update, s.
        public var truthQuery: Double
        public var gaussianDraw: Double
        public var filterUpdate: Double
        /// Phases, s: the simulated world (trajectory, IMU with truth, deliveries, frames); the
        /// capture run on it (fusion, queue, selection, ground truth, metrics); of that run,
        /// the frames' blur and midpoint truth; one seed's frames.csv, slots.csv, metrics.csv
        /// and summary.json bytes.
        public var simulate: Double
        public var captureOnWorld: Double
        public var blurAndFrameTruth: Double
        public var output: Double

        /// Truth queries, noise draws and filter updates of one seed, s.
        public var floor: Double {
            Double(imuSamples) * (truthQuery + filterUpdate) + Double(gaussianDraws) * gaussianDraw
        }
        /// One seed in-process and with its output against the floor: medians of the ratios
        /// of each round's times (the pieces are timed interleaved), not ratios of medians.
        public var seedToFloor: Double
        public var seedWithOutputToFloor: Double
        /// The same ratios with the frames' blur and midpoint truth counted in the floor: the
        /// surface-point projections DESIGN §5 asks of every frame, which the floor above
        /// leaves out (≈ two thirds as much again on orbit-72).
        public var seedToFloorWithBlur: Double
        public var seedWithOutputToFloorWithBlur: Double

        /// One seed in-process (simulation and capture run), s.
        public var seed: Double { simulate + captureOnWorld }
        /// One seed including its output files' bytes, s.
        public var seedWithOutput: Double { seed + output }
    }

    /// Measures `SeedCost` on `scenario` (a capture scenario): every piece once per round,
    /// `repetitions` rounds (`BenchmarkResult.measureInterleaved`), so the phases and the floor
    /// they are divided by are timed in the same spells of a shared machine.
    public static func seedCost(_ scenario: Scenario, repetitions: Int) throws -> SeedCost {
        let run = try SimulatedRun(world: scenario.world, seed: 1)
        let magnetometerSamples = run.imu.reduce(0) { $0 + ($1.magnetometer == nil ? 0 : 1) }
        var seed: UInt64 = 1
        let camera = PinholeCamera(settings: scenario.world.camera, orientation: scenario.world.orbit.deviceOrientation)
        let meter = ExposureBlurMeter(camera: camera, object: scenario.world.object)
        let result = try CaptureRunner.run(scenario, simulated: run)
        let trajectory = run.trajectory
        let draws = 6 * run.imu.count + 3 * magnetometerSamples
        let stream = try RandomStream(seed: 1, source: "bench.seed-cost")
        let fusion = scenario.fusion.settings
        let filterLoop = fusion.withFilter(fusion.filter, FilterUpdateLoop(readings: calibratedReadings(run)))
        let pieces: [BenchmarkResult.Piece] = [
            .init("simulate", items: 1) {
                seed += 1
                _ = try SimulatedRun(world: scenario.world, seed: seed)
            },
            .init("capture", items: 1) { _ = try CaptureRunner.run(scenario, simulated: run) },
            .init("blur", items: run.frames.count) {
                var checksum = 0.0
                for frame in run.frames {
                    let measured = meter.measureWithMidpoint(trajectory: run.trajectory, start: frame.captureTime, exposure: frame.exposure)
                    checksum += measured.blur.center + measured.midpoint.attitude.w
                }
                precondition(checksum.isFinite)
            },
            .init("output", items: 1) {
                let frames = CaptureReport.framesCSV([result]), slots = CaptureReport.slotsCSV([result])
                let metrics = CaptureReport.metricsCSV(scenario: scenario.name, [(result.seed, result.metrics)])
                let summary = try CaptureReport.summary(scenario: scenario, [result]).jsonData()
                precondition(frames.rowCount + slots.rowCount + metrics.rowCount + summary.count > 0)
            },
            .init("truth", items: run.imu.count) {
                var checksum = 0.0
                for sample in run.imu { checksum += trajectory.state(at: sample.time).attitude.w }
                precondition(checksum.isFinite)
            },
            .init("gaussian", items: draws) {
                var checksum = 0.0
                for _ in 0..<draws { checksum += stream.gaussian(sigma: 1) }
                precondition(checksum.isFinite)
            },
            .init("filter", items: run.imu.count) { filterLoop() },
        ]
        let timed = try BenchmarkResult.measureInterleaved(pieces, repetitions: repetitions)
        let (simulate, capture, blur, output, truth, gaussian, filter) = (timed[0], timed[1], timed[2], timed[3], timed[4], timed[5], timed[6])
        let floor = [truth, gaussian, filter]
        return SeedCost(
            imuSamples: run.imu.count, gaussianDraws: draws, frames: run.frames.count, truthQuery: truth.median / Double(run.imu.count),
            gaussianDraw: gaussian.median / Double(draws), filterUpdate: filter.median / Double(run.imu.count), simulate: simulate.median,
            captureOnWorld: capture.median, blurAndFrameTruth: blur.median, output: output.median,
            seedToFloor: BenchmarkResult.medianRatio([simulate, capture], floor),
            seedWithOutputToFloor: BenchmarkResult.medianRatio([simulate, capture, output], floor),
            seedToFloorWithBlur: BenchmarkResult.medianRatio([simulate, capture], floor + [blur]),
            seedWithOutputToFloorWithBlur: BenchmarkResult.medianRatio([simulate, capture, output], floor + [blur]))
    }

    /// One filter's `update` over `readings`, as a closure compiled for that filter (through
    /// `FilterVisitor`): the same loop `FilterUpdateTiming` times.
    public struct FilterUpdateLoop: FilterVisitor {
        public let readings: [ImuReading]

        public init(readings: [ImuReading]) { self.readings = readings }

        public func visit<Filter: AttitudeFilter>(_ fresh: Filter) -> () -> Void {
            let readings = readings
            return {
                var filter = fresh
                readings.withUnsafeBufferPointer { buffer in
                    for reading in buffer { try! filter.update(reading) }  // built-in filters on a simulated run never fail
                }
                precondition(filter.attitude.isFinite)
            }
        }
    }

    /// Times one filter's `update` over `readings` (statically dispatched through `FilterVisitor`).
    public struct FilterUpdateTiming: FilterVisitor {
        public let readings: [ImuReading]
        public let repetitions: Int
        public let name: String

        public init(readings: [ImuReading], repetitions: Int, name: String) {
            self.readings = readings
            self.repetitions = repetitions
            self.name = name
        }

        public func visit<Filter: AttitudeFilter>(_ fresh: Filter) -> BenchmarkResult {
            let loop = FilterUpdateLoop(readings: readings).visit(fresh)
            return BenchmarkResult.measure(name, items: readings.count, repetitions: repetitions) { loop() }
        }
    }

    /// Times one filter through `FilterRunner`, the loop of `fusion` and `fusion --recording` (the
    /// magnetometer calibrated per sample, every estimate and bias stored): the same updates
    /// as `FilterUpdateTiming` on the calibrated readings, plus what that path adds.
    public struct RecordingPathTiming: FilterVisitor {
        public let input: FusionInput
        public let kind: FilterName
        public let repetitions: Int
        public let name: String

        public init(input: FusionInput, kind: FilterName, repetitions: Int, name: String) {
            self.input = input
            self.kind = kind
            self.repetitions = repetitions
            self.name = name
        }

        @inlinable
        public func visit<Filter: AttitudeFilter>(_ fresh: Filter) -> BenchmarkResult {
            let runner = FilterRunner(input: input, kind: kind, useMagnetometer: true)
            let count = input.readings.count
            // The runner times its own loop; its metrics afterwards are not part of the path.
            let samples = (0..<(repetitions + 2)).map { _ in
                // Built-in filters on a simulated run do not fail; a failure times as NaN.
                ((try? runner.visit(fresh).get())?.nanosecondsPerUpdate ?? .nan) * Double(count) * 1e-9
            }
            return BenchmarkResult(name: name, samples: Array(samples.dropFirst(2)), itemsPerRepetition: count)
        }
    }

    /// The run's IMU readings with the magnetometer already calibrated, as a filter receives them.
    public static func calibratedReadings(_ run: SimulatedRun) -> [ImuReading] {
        let input = FusionInput(run: run, calibrate: true)
        return input.readings.map { raw in
            var reading = raw
            reading.magnetometer = raw.magnetometer.map(input.calibration.apply)
            return reading
        }
    }

    /// Wall seconds of `run`'s work for `seeds` seeds of `scenario` (runs plus report files
    /// without plots, written into a temporary folder) on `workers` cores.
    public static func seedsWall(_ scenario: Scenario, seeds: Int, workers: Int) throws -> Double {
        let previous = Parallel.workerLimit
        Parallel.workerLimit = workers
        defer { Parallel.workerLimit = previous }
        // In a folder of its own: a report lists the folder it is written into (for staging
        // folders left by dead processes), and a crowded /tmp would be timed with it.
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("orbitbench-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = parent.appendingPathComponent("\(seeds)-seeds-\(workers)-workers")
        let start = CPUClock.wall()
        let outcomes = try run([scenario], seeds: (1...UInt64(seeds)).map { $0 })
        try writeReport(scenario, outcomes[0], to: folder.path, figures: nil, origin: ReportOrigin(command: "bench"), overwrite: true)
        return CPUClock.wall() - start
    }
}
