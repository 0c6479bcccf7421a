import Foundation
import OrbitBench

extension Bench {
    /// What checking plug-ins' outputs costs one seed of a capture scenario: the filter check
    /// (`CheckedFilter` around the scenario's built-in filter against the bare filter, per IMU
    /// sample) and the selector check (`SelectorContract` over the seed's decisions and its
    /// end), against the seed itself. CPU seconds of one thread, medians of interleaved rounds.
    public struct ContractCost: Sendable {
        public var imuSamples: Int
        public var decisions: Int
        /// One update of the scenario's filter, bare and checked, s.
        public var bareUpdate: Double
        public var checkedUpdate: Double
        /// The selector contract over one seed's decisions and its end, s.
        public var selectorChecks: Double
        /// One seed: simulation and capture run, checks included, s.
        public var seed: Double
        /// (checked − bare update) × samples + selector checks, over the seed: the median of
        /// the rounds' ratios.
        public var shareOfSeed: Double
    }

    /// Measures `ContractCost` on `scenario` (a capture scenario whose filter is built in).
    public static func contractCost(_ scenario: Scenario, repetitions: Int) throws -> ContractCost {
        let run = try SimulatedRun(world: scenario.world, seed: 1)
        let result = try CaptureRunner.run(scenario, simulated: run)
        let readings = calibratedReadings(run)
        let fusion = scenario.fusion.settings
        let (bare, checked) = try updateLoops(fusion, readings: readings)
        let decisions: [(FrameDecision, FrameInput)] = result.frames.compactMap { record in
            record.decision.map {
                (
                    $0,
                    FrameInput(
                        index: record.index, timestamp: record.timestamp, exposure: record.exposure, image: CaptureSessionLog.imageName(record.index))
                )
            }
        }
        let slots = result.slots.map(\.entry), slotCount = scenario.selection.slotCount
        var seed: UInt64 = 1
        let timed = try BenchmarkResult.measureInterleaved(
            [
                .init("seed", items: 1) {
                    seed += 1
                    _ = try CaptureRunner.run(scenario, simulated: try SimulatedRun(world: scenario.world, seed: seed))
                },
                .init("bare filter", items: readings.count, bare),
                .init("checked filter", items: readings.count, checked),
                .init("selector checks", items: decisions.count) {
                    var contract = SelectorContract(slotCount: slotCount)
                    for (decision, frame) in decisions { try contract.check(decision, for: frame) }
                    try contract.checkEnd(slots: slots, recordingStartTime: result.recordingStart, recording: result.recording)
                },
            ], repetitions: repetitions)
        let (seedTimes, bareTimes, checkedTimes, selectorTimes) = (timed[0], timed[1], timed[2], timed[3])
        let shares: [Double] = (0..<repetitions).map { round -> Double in
            let checks: Double = checkedTimes.samples[round] - bareTimes.samples[round] + selectorTimes.samples[round]
            return checks / seedTimes.samples[round]
        }
        return ContractCost(
            imuSamples: readings.count, decisions: decisions.count, bareUpdate: bareTimes.median / Double(readings.count),
            checkedUpdate: checkedTimes.median / Double(readings.count), selectorChecks: selectorTimes.median, seed: seedTimes.median,
            shareOfSeed: BenchmarkResult(name: "share", samples: shares, itemsPerRepetition: 1).median)
    }

    /// The update loop of a built-in filter, bare and inside `CheckedFilter`, each compiled
    /// for its concrete type.
    static func updateLoops(_ fusion: FusionSettings, readings: [ImuReading]) throws -> (bare: () throws -> Void, checked: () throws -> Void) {
        struct Loops: BuiltInFilterVisitor {
            let fusion: FusionSettings, readings: [ImuReading]
            var loops: (bare: () throws -> Void, checked: () throws -> Void)?
            mutating func visit<Filter: BuiltInFilter>(_ filter: Filter.Type) {
                guard loops == nil, Filter.name == fusion.filter else { return }
                let filter = Filter(settings: fusion[Filter.self])
                loops = (Bench.updateLoop(filter, readings), Bench.updateLoop(CheckedFilter(filter), readings))
            }
        }
        var loops = Loops(fusion: fusion, readings: readings)
        BuiltInFilters.visitAll(&loops)
        guard let found = loops.loops else { throw BenchError("the contract cost is measured on a built-in filter, not '\(fusion.filter)'") }
        return found
    }

    static func updateLoop<Filter: AttitudeFilter>(_ fresh: Filter, _ readings: [ImuReading]) -> () throws -> Void {
        {
            var filter = fresh
            try readings.withUnsafeBufferPointer { buffer in
                for reading in buffer { try filter.update(reading) }
            }
            precondition(filter.attitude.isFinite)
        }
    }
}

/// A measurement `bench` cannot make, as one line.
public struct BenchError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
