import ArgumentParser
import Foundation
import OrbitBench

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Two or more settings on the same seeds: paired tests, intervals and a verdict per metric.",
        discussion: """
            A against B: one scenario run twice, with the overrides of --a and of --b \
            (repeatable), on the same seeds (common random numbers: both sides see the same \
            walks and sensor noise), or two existing reports (--reports A B: metrics.csv files, \
            run or regress folders; two code versions, say), paired by scenario and seed.

            Any number of arms: --arm NAME:key=value[,key=value…] (repeatable, two or more; \
            NAME: alone runs the scenarios as they are) on one or more scenarios, --reports with \
            three or more folders, or --sweep DIR (every cell of a finished sweep is an arm). \
            Blocks are (scenario, seed). Per metric: the Friedman test over the blocks (with the \
            Iman–Davenport correction), every pair by the exact Wilcoxon signed-rank test with \
            Holm's correction, mean ranks. Writes blocks.csv, comparison.csv, arms.csv, pairs.csv, \
            comparison.md, comparison.tex, the critical-difference diagram and report.html.

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
              orbitbench compare shaky-hands orbit-72 --arm low:selection.threshold=4 \\
                  --arm default: --arm high:selection.threshold=17 --seeds 1-10 \\
                  --out reports/compare-thresholds
              orbitbench compare --sweep reports/sweep-threshold \\
                  --out reports/compare-sweep
            """)

    @Argument(help: "Scenario names or paths (one for --a/--b; not with --reports or --sweep).")
    var scenarios: [String] = []

    @Option(
        name: .customLong("arm"),
        help: ArgumentHelp("An arm: its name and overrides (repeatable, two or more).", valueName: "name:key.path=value,…"))
    var armTexts: [String] = []

    @Option(help: ArgumentHelp("Compare every cell of a finished sweep (its folder).", valueName: "dir"))
    var sweep: String?

    @Option(help: ArgumentHelp("The arm the paired-differences figure subtracts (default: the first).", valueName: "name"))
    var reference: String?

    @Option(name: .customLong("a"), help: ArgumentHelp("An override of side A (repeatable).", valueName: "key.path=value"))
    var aOverrides: [String] = []

    @Option(name: .customLong("b"), help: ArgumentHelp("An override of side B (repeatable).", valueName: "key.path=value"))
    var bOverrides: [String] = []

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Compare existing reports instead of running (two or more).", valueName: "A B …"))
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

    /// Which comparison the arguments ask for.
    enum Mode { case ab, abReports, arms, armReports, sweep }

    var mode: Mode {
        if sweep != nil { return .sweep }
        if !reports.isEmpty { return reports.count == 2 ? .abReports : .armReports }
        return armTexts.isEmpty ? .ab : .arms
    }

    func validate() throws {
        guard level > 0.5 && level < 1 else { throw ValidationError("--level must lie between 0.5 and 1, e.g. 0.95") }
        if let seeds { _ = try ListParsing.seeds(seeds) }
        for name in metrics?.split(separator: ",").map(String.init) ?? [] where !RunMetrics.isKnown(name) {
            throw ValidationError("--metrics \(name): not a metric (see orbitbench metrics)")
        }
        let running = !scenarios.isEmpty || !aOverrides.isEmpty || !bOverrides.isEmpty || !armTexts.isEmpty || seeds != nil
        if sweep != nil || !reports.isEmpty {
            guard !(sweep != nil && !reports.isEmpty) else { throw ValidationError("give --sweep DIR or --reports A B …, not both") }
            guard !running else {
                throw ValidationError("--reports and --sweep compare results that exist: no scenario, --a, --b, --arm or --seeds")
            }
            guard sweep != nil || reports.count >= 2 else { throw ValidationError("--reports takes two or more reports") }
        } else if !armTexts.isEmpty {
            guard aOverrides.isEmpty && bOverrides.isEmpty else { throw ValidationError("give --arm (any number) or --a/--b (two sides), not both") }
            guard armTexts.count >= 2 else {
                throw ValidationError("give two or more --arm NAME:key=value, e.g. --arm low:selection.threshold=4 --arm default:")
            }
            guard !scenarios.isEmpty else { throw ValidationError("name the scenarios the arms run, e.g. orbitbench compare shaky-hands --arm …") }
            var names: Set<String> = []
            for text in armTexts {
                let arm: ArmSpecification
                do { arm = try ArmSpecification(parsing: text) } catch { throw ValidationError(error.description) }
                guard names.insert(arm.name).inserted else { throw ValidationError("--arm \(arm.name): two arms have this name") }
            }
        } else {
            guard scenarios.count <= 1 else {
                throw ValidationError("--a/--b compare one scenario; for several, give arms: --arm a:key=value --arm b:key=value")
            }
            guard !scenarios.isEmpty else {
                throw ValidationError("name a scenario and give --a/--b overrides or --arm NAME:overrides, or give --reports A B … or --sweep DIR")
            }
            guard !aOverrides.isEmpty || !bOverrides.isEmpty else {
                throw ValidationError("give the differences: --a key=value and/or --b key=value")
            }
            for text in aOverrides + bOverrides {
                do { _ = try ConfigOverride(parsing: text) } catch { throw ValidationError("\(TextExcerpt.quoted(text)): \(error.message)") }
            }
        }
        if reference != nil && (mode == .ab || mode == .abReports) {
            throw ValidationError("--reference names an arm of --arm, --reports A B C… or --sweep")
        }
    }

    func run() throws {
        _ = try ReportDirectory(destination: URL(fileURLWithPath: out), owner: "compare", overwrite: outputOptions.overwrite)
        switch mode {
        case .ab, .abReports: try runAB()
        case .arms, .armReports, .sweep: try runArms()
        }
    }

    /// Two or more arms: Friedman, pairwise Wilcoxon with Holm.
    func runArms() throws {
        let comparison: ArmsComparison
        var scenarioSets: [[Scenario]] = []
        var seedList: [UInt64] = []
        switch mode {
        case .sweep: comparison = try ArmsComparison.sweep(in: sweep!, level: level)
        case .armReports: comparison = try ArmsComparison.reports(reports, level: level)
        default:
            let arms = try armTexts.map { try ArmSpecification(parsing: $0) }
            let parsedSeeds = try seeds.map(ListParsing.seeds)
            let loaded = try scenarios.map { try scenarioOptions.load($0) }
            let runs = arms.count * loaded.map { (parsedSeeds ?? $0.seeds).count }.reduce(0, +)
            seedList = parsedSeeds ?? []
            let progress = workOptions.progress(total: runs, label: "orbitbench compare")
            let outcome = try Bench.compare(
                scenarios, arms: arms, seeds: parsedSeeds, overrides: scenarioOptions.overrides, level: level,
                searchDirectories: scenarioOptions.searchDirectories
            ) { progress.update($0) }
            progress.finish()
            comparison = outcome.comparison
            scenarioSets = outcome.scenarios
        }
        if let reference, !comparison.arms.contains(reference) {
            throw CommandFailure("--reference \(reference): no such arm (the arms: \(comparison.arms.joined(separator: ", ")))")
        }
        let shown = metrics.map { $0.split(separator: ",").map(String.init) }
        print(ArmsReport.table(comparison, metrics: shown.map(Set.init)))
        let origin = ReportOrigin(command: "compare", seeds: seedList, overrides: armTexts.map { "arm \($0)" } + scenarioOptions.overrides)
        try Bench.writeArmsReport(
            comparison, scenarios: scenarioSets, to: out, figures: plotOptions.figures, reference: reference, metrics: shown, origin: origin,
            overwrite: outputOptions.overwrite)
        print(
            "wrote \(out)/{blocks,comparison,arms,pairs}.csv, comparison.{md,tex}\(plotOptions.figures == .pdf ? ", comparison.pdf" : ""), \(noPlots ? "" : "plots/, ")report.html"
        )
    }

    /// A against B: the paired t test per metric (`ABComparison`).
    func runAB() throws {
        let comparison: ABComparison
        var sides: (a: Scenario, b: Scenario)?
        var seedList: [UInt64] = []
        if reports.count == 2 {
            comparison = try Bench.compare(reports: reports[0], reports[1], level: level)
        } else {
            let scenario = scenarios[0]
            let parsedSeeds = try seeds.map(ListParsing.seeds)
            let base = try scenarioOptions.load(scenario)
            seedList = parsedSeeds ?? base.seeds
            let progress = workOptions.progress(total: seedList.count * 2, label: "orbitbench compare")
            let outcome = try Bench.compare(
                scenario, a: scenarioOptions.overrides + aOverrides, b: scenarioOptions.overrides + bOverrides, seeds: seedList, level: level,
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
            comparison, sides: sides, to: out, figures: plotOptions.figures, title: title, origin: origin, overwrite: outputOptions.overwrite)
        print("wrote \(out)/compare.csv\(noPlots ? "" : ", " + plotOptions.file("plots/paired-differences.png"))")
    }
}
