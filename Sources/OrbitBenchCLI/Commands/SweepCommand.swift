import ArgumentParser
import Foundation
import OrbitBench

struct SweepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract: "Run a scenario over a grid of key values and seeds; plot a metric over the grid.",
        discussion: """
            Every combination of the --vary values (a cell) runs with every seed, on all cores. \
            Rows go to <out>/sweep.csv as they finish (cell, seed, the varied keys, every metric \
            of metrics.csv); an interrupted sweep continues with --resume without recomputing or \
            duplicating rows. plots/sweep-<metric>.png shows --metric: a line chart for one key, \
            a heat map for two. --resume on a finished sweep only redraws the plot, so it is also \
            the way to look at another metric. A choice key (selection.selector, fusion.filter, \
            selection.angle_source, …) takes a list of names instead of a grid, so a plugged-in \
            selector or filter is compared with the built-in ones cell by cell.

            Without --require, "best" is the best mean of --metric alone; a capture sweep ranked \
            by another metric than coverage shows each cell's coverage beside it and says so. \
            --require 'METRIC>=BOUND' (or <=, repeatable; quoted for the shell) restricts "best" to cells whose mean \
            meets every bound; the table lists those first with a "meets" column and the plots \
            cross out or mark the others. plots/sweep-pareto.png draws every cell's mean of two \
            metrics (--pareto X,Y; capture sweeps default to \(Bench.defaultParetoMetrics.joined(separator: ","))) with sd \
            bars, joins the Pareto front (cells no other cell beats in both) and shades what a \
            --require on either metric rules out.

            Examples:
              orbitbench sweep orbit-72 --vary selection.threshold=2:10:2 --seeds 1-3
              orbitbench sweep orbit-72 --vary selection.weights.acceleration=0:40:10 \\
                  --vary selection.threshold=2:8:2 --metric blur_obj_mean_px
              orbitbench sweep shaky-hands --vary selection.threshold=2:12:1 --seeds 1-3 \\
                  --metric blur_obj_mean_px --require 'coverage>=0.9'
              orbitbench sweep orbit-72 --vary selection.threshold=2:10:2 --seeds 1-3 \\
                  --resume --pareto slot_angle_err_mean_deg,coverage
              orbitbench sweep orbit-72 --vary selection.threshold=2:10:2 --seeds 1-3 \\
                  --resume --metric coverage
              orbitbench sweep rephoto-fountain \\
                  --vary rephoto.user.overlay_tolerance_pct=1:5:1 --seeds 1
              orbitbench sweep shaky-hands --vary fusion.filter=madgwick,bias-estimating \\
                  --vary selection.threshold=4:8:2 --seeds 1-3
              # one shard of four, then join the four:
              orbitbench sweep orbit-72 --vary selection.threshold=2:10:2 --seeds 1-3 \\
                  --out /shared/s --shard 0/4
              orbitbench sweep orbit-72 --vary selection.threshold=2:10:2 --seeds 1-3 \\
                  --out /shared/s --merge
            """)

    @Argument(help: "Scenario name or path.")
    var scenario: String

    @Option(
        help: ArgumentHelp(
            "A numeric key and its grid (key=from:to:step), or a choice key and its names (key=a,b,c); repeat for more keys.", valueName: "key=values"
        ))
    var vary: [String] = []

    @Option(help: "Seeds to run each cell with, e.g. 1-5 (default: the scenario's seeds).")
    var seeds: String?

    @Option(help: "Metric to plot (a metrics.csv column; default: coverage, or kp_err_mean for rephoto scenarios).")
    var metric: String?

    @OptionGroup var requirementOptions: RequirementOptions

    @Option(
        help: ArgumentHelp(
            "The two metrics of plots/sweep-pareto.png, x then y (default for capture sweeps: \(Bench.defaultParetoMetrics.joined(separator: ","))).",
            valueName: "x,y"))
    var pareto: String?

    @Option(help: ArgumentHelp("Output directory (default: reports/sweeps/<scenario>).", valueName: "dir"))
    var out: String?

    @Flag(help: "Continue the sweep in the output directory.")
    var resume = false

    @Flag(help: "Replace the sweep in the output directory.")
    var overwrite = false

    @OptionGroup var plotOptions: PlotOptions

    @OptionGroup var shardOptions: ShardOptions
    @OptionGroup var scenarioOptions: ScenarioOptions
    @OptionGroup var workOptions: WorkOptions

    func validate() throws {
        try OutputOptions.check(out: out)
        if vary.isEmpty { throw ValidationError("give at least one --vary KEY=FROM:TO:STEP, e.g. --vary selection.threshold=2:10:2") }
        for text in vary {
            do { _ = try SweepAxis(parsing: text) } catch { throw ValidationError(error.description) }
        }
        if let seeds { _ = try ListParsing.seeds(seeds) }
        if let pareto {
            let names = pareto.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard names.count == 2, names[0] != names[1] else {
                throw ValidationError(
                    "--pareto \(pareto): expected two different metrics X,Y, e.g. \(Bench.defaultParetoMetrics.joined(separator: ","))")
            }
            for name in names where !RunMetrics.isKnown(name) || RunMetrics.direction(of: name) == .none {
                throw ValidationError(
                    "--pareto \(pareto): '\(name)' is not a metric with a better direction; choose from \(Metric.nameList)"
                )
            }
        }
        if resume && overwrite { throw ValidationError("--resume and --overwrite exclude each other") }
        if let metric, !RunMetrics.isKnown(metric) {
            throw ValidationError(
                "--metric \(metric): not a metric; choose from \(Metric.nameList)"
            )
        }
    }

    func run() throws {
        let axes = try vary.map { text in try SweepAxis(parsing: text) }
        let source = ScenarioSource(
            reference: scenario, searchDirectories: scenarioOptions.searchDirectories, overrides: scenarioOptions.parsedOverrides)
        let plan = try SweepPlan(source: source, axes: axes, seeds: try seeds.map(ListParsing.seeds))
        let metric = self.metric ?? (plan.base.kind == .rephoto ? "kp_err_mean" : "coverage")
        guard plan.columns.contains(metric) else {
            throw CommandFailure("--metric \(metric): \(plan.base.name) has no such column (\(plan.columns.joined(separator: ", ")))")
        }
        let directory =
            try out.map { URL(fileURLWithPath: $0) }
            ?? OutputPath.resolve(name: plan.base.name, in: URL(fileURLWithPath: "reports/sweeps"), what: "scenario name")
        let sweep: Bench.Sweep
        var failed: Bench.SweepFailures?
        let part = try shardOptions.resolve()
        let total = part.map { $0.jobs(of: plan.jobs.count).count } ?? plan.jobs.count
        do {
            if shardOptions.merge {
                sweep = try Bench.mergeSweep(plan, in: directory) { missing, count in
                    ShardOptions.resubmit("sweep", missing: missing, count: count, extra: " --resume")
                }
            } else {
                let progress = workOptions.progress(total: total, label: part.map { "orbitbench sweep shard \($0)" } ?? "orbitbench sweep")
                defer { progress.finish() }
                sweep = try Bench.sweep(
                    plan, in: directory, mode: resume ? .resume : overwrite ? .overwrite : .fresh, shard: part, arguments: mergeArguments,
                    progress: { done, _ in progress.update(done) })
            }
        } catch let failures as Bench.SweepFailures {
            // The failed runs' rows are in sweep.csv like the others: draw and rank the rest, exit 2 after.
            sweep = failures.sweep
            failed = failures
        }
        if shardOptions.merge { print("merged \(sweep.resumed) rows") }
        if sweep.resumed > 0 && !shardOptions.merge { print("resumed: \(sweep.resumed) of \(total) runs were done, ran \(sweep.ran)") }
        for failure in sweep.failures { print("failed: \(failure)") }
        if let part {
            print("wrote \(sweep.csv.path) (shard \(part): \(total) of \(plan.jobs.count) runs); join the shards with --merge")
            if let failed { throw CommandFailure(failed.description) }
            return
        }
        let origin = ReportOrigin(command: "sweep", scenarios: [plan.base.name], seeds: plan.seeds, overrides: scenarioOptions.overrides)
        let constraints = try requirementOptions.constraints()
        for line in try Bench.writeSweepOutputs(
            plan, csv: sweep.csv, in: directory, metric: metric, constraints: constraints,
            pareto: pareto.map { $0.split(separator: ",").map(String.init) }, figures: plotOptions.figures, origin: origin)
        {
            print(line)
        }
        print("wrote \(sweep.csv.path) (\(plan.jobs.count) rows)")
        if let failed { throw CommandFailure(failed.description) }
    }

    /// What a shard stores for `orbitbench merge` (see `MergeArguments`).
    var mergeArguments: [String] {
        [scenario] + vary.flatMap { ["--vary", $0] } + MergeArguments.option("--seeds", seeds) + MergeArguments.option("--metric", metric)
            + requirementOptions.texts.flatMap { ["--require", $0] } + MergeArguments.option("--pareto", pareto)
            + MergeArguments.scenario(scenarioOptions)
            + MergeArguments.flag("--no-plots", plotOptions.noPlots)
            + MergeArguments.option("--figure-format", plotOptions.figureFormat == .png ? nil : plotOptions.figureFormat.rawValue)
    }
}
