import ArgumentParser
import Foundation
import OrbitBench

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scenarios end to end: capture coverage, blur and angles, or a rephoto study's key-point accuracy.",
        discussion: """
            Capture scenarios: for every seed, simulate, fuse the IMU into DeviceMotion, push \
            motion and frames through the app's processing queue into the real selection code, \
            and compare with ground truth. Writes <out>/<scenario>/summary.json, metrics.csv (one \
            row per seed), frames.csv, slots.csv, recording.json (first seed), plots/*.png and \
            report.html. With --render, the first seed's frames are drawn as the camera saw them \
            (textured object, ground, horizon, motion blur from sub-exposure poses, sensor noise) \
            into images/*.jpg under recording.json's names, with images.csv (sharpness per frame) \
            and the spin viewer viewer/index.html.

            Rephoto scenarios (kind: rephoto): for every seed, a reference photograph and the \
            scenario's users retaking it with the navigation rectangle (and overlay). Writes \
            summary.json, metrics.csv (kp_err_mean, kp_err_sd, per key point), \
            table-6-2-sim.csv and table-6-3-sim.csv in the thesis's layout, users.csv and \
            plots/rephoto-errors.png.

            Examples:
              orbitbench run                                 # the default orbit-72
              orbitbench run motion-flood --set selection.flood_guard=false --seeds 1-3
              orbitbench run tripod-ideal shaky-hands --no-plots --out /tmp/reports
              orbitbench run rephoto-fountain --set rephoto.guidance=rectangle
              orbitbench run shaky-hands --seeds 1 --render  # with the spin viewer
              orbitbench run orbit-72 --seeds 1 --render --render-all-frames \\
                  --render-width 640
              # one shard of four (or a job array), then the four joined into
              # /shared/r/orbit-72/:
              orbitbench run orbit-72 --seeds 1-100 --out /shared/r --shard 0/4
              orbitbench merge /shared/r

            With --shard K/N (or inside a Slurm or Kubernetes job array) a process runs only the \
            (scenario, seed) jobs j with j mod N = K into <out>/shard-K-of-N/, one result file per \
            job, continuing where an earlier attempt stopped; --merge (or `orbitbench merge <out>`) \
            writes the reports one machine writes, byte for byte.
            """)

    @Argument(help: "Scenario names or paths (default: orbit-72).")
    var scenarios: [String] = []

    @Option(help: "Seeds to run, e.g. 1,2,5-8 (default: each scenario's seeds).")
    var seeds: String?

    @Option(help: ArgumentHelp("Output directory; each scenario gets a folder in it.", valueName: "dir"))
    var out: String = "reports"

    @OptionGroup var plotOptions: PlotOptions

    @Flag(help: "Draw the first seed's selected frames as JPEG images and write the spin viewer.")
    var render = false

    @Flag(help: "With --render: draw every frame of the first seed, not only the selected ones.")
    var renderAllFrames = false

    @Option(help: ArgumentHelp("With --render: image width in px (height from the camera's aspect ratio).", valueName: "px"))
    var renderWidth: Int = FrameImages.Settings().width

    @OptionGroup var shardOptions: ShardOptions
    @OptionGroup var scenarioOptions: ScenarioOptions
    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var workOptions: WorkOptions

    func validate() throws {
        try OutputOptions.check(out: out)
        if let seeds { _ = try ListParsing.seeds(seeds) }
        guard (16...8192).contains(renderWidth) else { throw ValidationError("--render-width must be in 16...8192 px, e.g. 1280") }
        if renderAllFrames && !render { throw ValidationError("--render-all-frames needs --render") }
    }

    func run() throws {
        let seedOverride = try seeds.map(ListParsing.seeds)
        let loaded = try (scenarios.isEmpty ? [Scenario.defaultName] : scenarios).map(scenarioOptions.load)
        if let shard = try shardOptions.resolve() {
            let owned = shard.jobs(of: loaded.map { (seedOverride ?? $0.seeds).count }.reduce(0, +)).count
            let progress = workOptions.progress(total: owned, label: "orbitbench run shard \(shard)")
            let stored = try Bench.runShard(
                loaded, seeds: seedOverride, shard: shard, in: URL(fileURLWithPath: out), arguments: mergeArguments
            ) { progress.update($0) }
            progress.finish()
            if stored.resumed > 0 { print("resumed: \(stored.resumed) of \(owned) runs were done, ran \(stored.ran)") }
            print("wrote \(out)/\(shard.folderName)/ (shard \(shard): \(owned) runs); join the shards with: orbitbench merge \(out)")
            return
        }
        let destinations = try loaded.map { scenario throws(OutputError) in
            try OutputPath.resolve(name: scenario.name, in: URL(fileURLWithPath: out), what: "scenario name").path
        }
        // Fail on unwritable output before any work.
        for destination in destinations {
            _ = try ReportDirectory(destination: URL(fileURLWithPath: destination), owner: "run", overwrite: outputOptions.overwrite)
        }
        let origin = ReportOrigin(command: "run", overrides: scenarioOptions.overrides)
        let total = loaded.map { (seedOverride ?? $0.seeds).count }.reduce(0, +)
        let progress = workOptions.progress(total: total, label: "orbitbench run")
        let outcomes: [Bench.Outcome]
        var failed: RunFailures<[Bench.Outcome]>?
        do {
            if shardOptions.merge {
                outcomes = try Bench.mergeRun(loaded, seeds: seedOverride, in: URL(fileURLWithPath: out)) { missing, count in
                    ShardOptions.resubmit("run", missing: missing, count: count)
                }
            } else {
                outcomes = try Bench.run(loaded, seeds: seedOverride) { progress.update($0) }
            }
        } catch let error as RephotoStudyError {
            throw CommandFailure(error.description)
        } catch let failures as RunFailures<[Bench.Outcome]> {
            // The other seeds' results are kept: reported beside the failures, exit 2 after.
            outcomes = failures.completed
            failed = failures
        }
        progress.finish()
        for (index, scenario) in loaded.enumerated() {
            print(
                try Bench.writeReport(
                    scenario, outcomes[index], to: destinations[index], figures: plotOptions.figures, origin: origin,
                    overwrite: outputOptions.overwrite,
                    render: renderSettings, failures: failed?.failures.filter { $0.scenario == scenario.name } ?? []))
            print("wrote \(destinations[index])/\n")
        }
        if let figures = plotOptions.figures, let comparison = try Bench.writeComparison(loaded, outcomes, to: out, format: figures) {
            print("wrote \(comparison)")
        }
        if let summary = try Bench.writeRunSummary(loaded, outcomes, to: out) { print("wrote \(summary)") }
        if let failed { throw CommandFailure(failed.description) }
    }

    /// What a shard stores for `orbitbench merge` (see `MergeArguments`).
    var mergeArguments: [String] {
        scenarios + MergeArguments.option("--seeds", seeds) + MergeArguments.scenario(scenarioOptions)
            + MergeArguments.flag("--no-plots", plotOptions.noPlots)
            + MergeArguments.option("--figure-format", plotOptions.figureFormat == .png ? nil : plotOptions.figureFormat.rawValue)
            + MergeArguments.flag("--render", render) + MergeArguments.flag("--render-all-frames", renderAllFrames)
            + MergeArguments.option("--render-width", renderWidth == FrameImages.Settings().width ? nil : String(renderWidth))
    }

    /// What --render asks for, nil without it.
    var renderSettings: FrameImages.Settings? {
        guard render else { return nil }
        var settings = FrameImages.Settings()
        settings.width = renderWidth
        settings.allFrames = renderAllFrames
        return settings
    }
}
