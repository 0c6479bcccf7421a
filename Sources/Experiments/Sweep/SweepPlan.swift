import Runs
import ReportIO
import Scenarios
import Simulation
import Execution

/// A full-grid parameter sweep: every combination of the axes' values (a cell), each run with
/// every seed. Every cell's scenario is resolved and validated before any work starts.
public struct SweepPlan: Sendable {
    public let source: ScenarioSource
    public let base: Scenario
    public let axes: [SweepAxis]
    public let seeds: [UInt64]
    /// Axis values of each cell; the first axis varies slowest.
    public let cells: [[Double]]
    /// The scenario of each cell, resolved and validated.
    public let cellScenarios: [Scenario]
    /// Metric columns of sweep.csv.
    public let columns: [String]

    /// At most this many (cell, seed) runs in one sweep.
    public static let maximumJobs = 1_000_000
    /// At most this many cells (each cell's scenario is resolved and validated before work).
    public static let maximumCells = 20_000

    public init(source: ScenarioSource, axes: [SweepAxis], seeds: [UInt64]?) throws {
        guard !axes.isEmpty else { throw ExperimentError("give at least one --vary KEY=FROM:TO:STEP") }
        var seen = Set<String>()
        for axis in axes where !seen.insert(axis.key).inserted {
            throw ExperimentError("--vary \(axis.key) is given twice")
        }
        let base = try source.resolve()
        let seeds = seeds ?? base.seeds
        // Sizes are checked before the grid exists: three keys of 1000 values would be 10⁹ cells.
        var cellCount = 1
        for axis in axes {
            let (product, overflow) = cellCount.multipliedReportingOverflow(by: axis.values.count)
            guard !overflow, product <= Self.maximumCells else {
                throw ExperimentError(
                    "\(axes.map { String($0.values.count) }.joined(separator: " × ")) cells is more than \(Self.maximumCells); use fewer values or a larger STEP"
                )
            }
            cellCount = product
        }
        guard cellCount * max(seeds.count, 1) <= Self.maximumJobs else {
            throw ExperimentError("\(cellCount) cells × \(seeds.count) seeds is more than \(Self.maximumJobs) runs; use fewer values or seeds")
        }
        let cells = SweepAxis.grid(axes)
        var scenarios: [Scenario] = []
        scenarios.reserveCapacity(cells.count)
        for cell in cells {
            let overrides = zip(axes, cell).map { $0.override($1) }
            do {
                scenarios.append(try source.resolve(overrides))
            } catch {
                throw ExperimentError("\(overrides.map(\.description).joined(separator: ", ")): \(error.description)")
            }
        }
        self.source = source
        self.base = base
        self.axes = axes
        self.seeds = seeds
        self.cells = cells
        cellScenarios = scenarios
        columns = RunMetrics.columns(for: base)
    }

    /// (cell, seed) in file order: cell by cell, seeds in the given order within a cell.
    public var jobs: [(cell: Int, seed: UInt64)] {
        cells.indices.flatMap { cell in seeds.map { (cell, $0) } }
    }

    /// sweep.csv's columns: cell, seed, the varied keys, the metrics, and `failure` — empty,
    /// or the plug-in failure that ended the run (whose metrics are then empty).
    public var header: [String] { ["cell", "seed"] + axes.map(\.key) + columns + [Self.failureColumn] }

    public static let failureColumn = "failure"

    /// Everything that makes two sweeps the same, so `--resume` only continues its own.
    public var definition: SweepDefinition {
        SweepDefinition(
            scenario: base.name, resolvedScenario: ScenarioLoader.yaml(for: base), vary: axes.map(\.description),
            seeds: seeds, columns: header)
    }

    /// The definition's hash in every shard's shard.json.
    var definitionHash: String { get throws { ShardManifest.hash(try ReportJSON.encode(definition)) } }

    /// At most this many bytes of simulated worlds are kept for reuse across cells.
    static let sharedWorldBudget = 1 << 30

    /// The simulated worlds of `jobs`' seeds by seed, when several of those jobs' cells
    /// simulate the same run as the first cell (a sweep over selection, fusion or queue keys
    /// only): each seed is then simulated once, on all cores, and every such cell reruns just
    /// the app on it (and skips the frames' blur geometry), as tuning does. Empty when nothing would be reused or the worlds would
    /// take more than `sharedWorldBudget`.
    func sharedWorlds(for jobs: [Int]) throws -> [UInt64: CaptureWorld] {
        guard base.kind == .capture, let first = cellScenarios.first else { return [:] }
        let sharing = cellScenarios.map { $0.world.simulatesSameRun(as: first.world) }
        let reusing = jobs.filter { sharing[$0 / seeds.count] }
        let reusedSeeds = Array(Set(reusing.map { seeds[$0 % seeds.count] })).sorted()
        guard reusing.count > reusedSeeds.count else { return [:] }
        let sample = CaptureWorld(run: try SimulatedRun(world: first.world, seed: reusedSeeds[0]))
        guard sample.run.footprintBytes * reusedSeeds.count <= Self.sharedWorldBudget else { return [:] }
        let rest = try Parallel.map(reusedSeeds.count - 1) { CaptureWorld(run: try SimulatedRun(world: first.world, seed: reusedSeeds[$0 + 1])) }
        return Dictionary(uniqueKeysWithValues: zip(reusedSeeds, [sample] + rest))
    }

    /// Runs job `index` of `jobs` (on `worlds[seed]` when its cell simulates the same run as
    /// the first) and returns its sweep.csv row; a run whose plug-in fails gives a row with
    /// empty metrics and the failure (the same row every time: a resumed sweep can check it).
    func row(forJob index: Int, worlds: [UInt64: CaptureWorld] = [:]) throws -> [UInt8] {
        let cell = index / seeds.count, seed = seeds[index % seeds.count]
        let scenario = cellScenarios[cell]
        var metrics: RunMetrics?, failure: PluginFailure?
        do {
            if let world = worlds[seed], scenario.world.simulatesSameRun(as: world.run.world) {
                metrics = RunMetrics(try CaptureRunner.run(scenario, world: world).metrics)
            } else {
                metrics = try RunMetrics.evaluate(scenario, seed: seed)
            }
        } catch let plugin as PluginFailure {
            failure = plugin
        }
        var csv = CSVWriter(header: header)
        csv.integer(cell)
        csv.integer(seed)
        for (axis, value) in zip(axes, cells[cell]) { csv.text(axis.text(value)) }
        if let metrics {
            csv.metrics(metrics, columns: columns)
        } else {
            for _ in columns { csv.text("") }
        }
        csv.text(failure?.description ?? "")
        csv.endRow()
        return Array(csv.rowBytes)
    }
}

/// sweep.json: what a sweep.csv was made from.
public struct SweepDefinition: Codable, Equatable, Sendable {
    public var scenario: String
    /// The base scenario with every key, as YAML.
    public var resolvedScenario: String
    public var vary: [String]
    public var seeds: [UInt64]
    public var columns: [String]
}
