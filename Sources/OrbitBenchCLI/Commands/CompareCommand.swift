import ArgumentParser
import Foundation
import OrbitBench

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "A against B on the same seeds: paired differences, confidence intervals, tests and a verdict per metric.",
        discussion: """
            Either one scenario run twice, with the overrides of --a and of --b (repeatable), on \
            the same seeds (common random numbers: both sides see the same walks and sensor \
            noise), or two existing reports (--reports A B: metrics.csv files, run or regress \
            folders; two code versions, say), paired by scenario and seed.

            Per metric: the mean of B − A over the seeds, its Student-t interval at --level, \
            the paired t test (the verdict's; the console shows its p), Wilcoxon signed-rank and \
            sign tests (in compare.csv), and a verdict — better, worse, changed (metrics without \
            a direction), no significant difference, or identical. \
            "seeds needed" is how many seeds a difference of the observed size needs to be \
            detected with 80 % power. Writes <out>/compare.csv and plots/paired-differences.png.

            Examples:
              orbitbench compare shaky-hands --a selection.threshold=6 \\
                  --b selection.threshold=17 --seeds 1-10
              orbitbench compare orbit-72 --a fusion.filter=madgwick \\
                  --b fusion.filter=bias-estimating --seeds 1-8 \\
                  --metrics coverage,att_rmse_total_deg
              orbitbench compare --reports before/reports after/reports
            """)

    @Argument(help: "Scenario name or path (not with --reports).")
    var scenario: String?

    @Option(name: .customLong("a"), help: ArgumentHelp("An override of side A (repeatable).", valueName: "key.path=value"))
    var aOverrides: [String] = []

    @Option(name: .customLong("b"), help: ArgumentHelp("An override of side B (repeatable).", valueName: "key.path=value"))
    var bOverrides: [String] = []

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Compare two reports instead of running.", valueName: "A B"))
    var reports: [String] = []

    @Option(help: "Seeds both sides run, e.g. 1-10 (default: the scenario's seeds).")
    var seeds: String?

    @Option(help: "Confidence level of the intervals and tests.")
    var level: Double = 0.95

    @Option(help: ArgumentHelp("Only these metrics in the table, comma-separated (compare.csv has all).", valueName: "names"))
    var metrics: String?

    @Option(help: ArgumentHelp("Output directory.", valueName: "dir"))
    var out: String = "reports/compare"

    @OptionGroup var plotOptions: PlotOptions
    var noPlots: Bool { plotOptions.noPlots }

    @OptionGroup var scenarioOptions: ScenarioOptions
    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var workOptions: WorkOptions

    func validate() throws {
        guard level > 0.5 && level < 1 else { throw ValidationError("--level must lie between 0.5 and 1, e.g. 0.95") }
        if let seeds { _ = try ListParsing.seeds(seeds) }
        for name in metrics?.split(separator: ",").map(String.init) ?? [] where !RunMetrics.isKnown(name) {
            throw ValidationError("--metrics \(name): not a metric (see orbitbench metrics)")
        }
        if !reports.isEmpty {
            guard reports.count == 2 else { throw ValidationError("--reports takes two reports, A and B") }
            guard scenario == nil, aOverrides.isEmpty, bOverrides.isEmpty, seeds == nil else {
                throw ValidationError("--reports compares existing reports: no scenario, --a, --b or --seeds")
            }
            return
        }
        guard scenario != nil else { throw ValidationError("name a scenario and give --a/--b overrides, or --reports A B") }
        guard !aOverrides.isEmpty || !bOverrides.isEmpty else { throw ValidationError("give the differences: --a key=value and/or --b key=value") }
        for text in aOverrides + bOverrides {
            do { _ = try ConfigOverride(parsing: text) } catch { throw ValidationError("\(TextExcerpt.quoted(text)): \(error.message)") }
        }
    }

    func run() throws {
        _ = try ReportDirectory(destination: URL(fileURLWithPath: out), owner: "compare", overwrite: outputOptions.overwrite)
        let comparison: ABComparison
        var sides: (a: Scenario, b: Scenario)?
        var seedList: [UInt64] = []
        if reports.count == 2 {
            comparison = try Bench.compare(reports: reports[0], reports[1], level: level)
        } else {
            let parsedSeeds = try seeds.map(ListParsing.seeds)
            let base = try scenarioOptions.load(scenario!)
            seedList = parsedSeeds ?? base.seeds
            let progress = workOptions.progress(total: seedList.count * 2, label: "orbitbench compare")
            let outcome = try Bench.compare(
                scenario!, a: scenarioOptions.overrides + aOverrides, b: scenarioOptions.overrides + bOverrides, seeds: seedList, level: level,
                searchDirectories: scenarioOptions.searchDirectories
            ) { progress.update($0) }
            progress.finish()
            comparison = outcome.comparison
            sides = (outcome.a, outcome.b)
        }
        let shown = metrics.map { Set($0.split(separator: ",").map(String.init)) }
        print(CompareReport.table(comparison, metrics: shown))
        let origin = ReportOrigin(
            command: "compare", seeds: seedList, overrides: aOverrides.map { "a: \($0)" } + bOverrides.map { "b: \($0)" } + scenarioOptions.overrides)
        let title =
            reports.count == 2
            ? "A (\(reports[0])) vs B (\(reports[1])), paired by seed"
            : "A (\(aOverrides.isEmpty ? "as is" : aOverrides.joined(separator: ", "))) vs B (\(bOverrides.isEmpty ? "as is" : bOverrides.joined(separator: ", "))), paired by seed"
        try Bench.writeComparisonReport(
            comparison, sides: sides, to: out, plots: !noPlots, title: title, origin: origin, overwrite: outputOptions.overwrite)
        print("wrote \(out)/compare.csv\(noPlots ? "" : ", plots/paired-differences.png")")
    }
}
