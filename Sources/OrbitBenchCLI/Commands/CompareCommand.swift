import ArgumentParser
import Foundation
import OrbitBench

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Two or more settings on the same seeds: paired tests, intervals and a verdict per metric.",
        discussion: """
            Arms on the same blocks — a block is one (scenario, seed), the same simulated world \
            for every arm (common random numbers): --arm NAME:key=value[,key=value…] \
            (repeatable, two or more; NAME: alone runs the scenarios as they are) on one or more \
            scenarios; --a/--b overrides (repeatable) of one scenario, the arms A and B; \
            --reports A B … (metrics.csv files, run or regress folders: two code versions, say); \
            or --sweep DIR (every cell of a finished sweep is an arm).

            Per metric: the Friedman test over the blocks (with the Iman–Davenport correction) \
            and mean ranks; every pair by the exact Wilcoxon signed-rank test, Holm-adjusted over \
            the pairs, with the Hodges–Lehmann estimate of the difference and the interval \
            inverted from that test at Holm's level — a verdict (better, worse, changed for \
            metrics without a direction, no significant difference, identical) and its interval \
            never disagree. Writes blocks.csv, comparison.csv, arms.csv, pairs.csv, \
            comparison.md, comparison.tex, the figures and report.html; with two arms also \
            compare.csv: the pair beside the paired t columns (mean difference, Student-t \
            interval and p, the seeds a difference of the observed size needs for 80 % power).

            The verdict picks the arm with the best mean of --objective among the arms whose \
            means meet every --require 'METRIC>=BOUND' (or <=, repeatable; quoted for the \
            shell), says whether the runner-up is told apart from it, and gives the share of \
            its blocks that meet each bound.

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
                  --require 'coverage>=0.9' --out reports/compare-sweep
            """)

    @Argument(help: "Scenario names or paths the arms run (not with --reports or --sweep).")
    var scenarios: [String] = []

    @Option(
        name: .customLong("arm"),
        help: ArgumentHelp("An arm: its name and overrides (repeatable, two or more).", valueName: "name:key.path=value,…"))
    var armTexts: [String] = []

    @Option(help: ArgumentHelp("Compare every cell of a finished sweep (its folder).", valueName: "dir"))
    var sweep: String?

    @Option(
        help: ArgumentHelp(
            "The metric the verdict picks an arm by (default: blur_obj_mean_px, kp_err_mean for rephoto; its direction from the metric table).",
            valueName: "metric"))
    var objective: String?

    @OptionGroup var requirementOptions: RequirementOptions

    @Flag(help: "With --sweep: compare the finished cells of an unfinished sweep (the report names the cells left out).")
    var partial = false

    @Option(help: ArgumentHelp("The arm the differences figure subtracts (default: the first).", valueName: "name"))
    var reference: String?

    @Option(name: .customLong("a"), help: ArgumentHelp("An override of arm A (repeatable).", valueName: "key.path=value"))
    var aOverrides: [String] = []

    @Option(name: .customLong("b"), help: ArgumentHelp("An override of arm B (repeatable).", valueName: "key.path=value"))
    var bOverrides: [String] = []

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Compare existing reports instead of running (two or more).", valueName: "A B …"))
    var reports: [String] = []

    @Option(help: "Seeds every arm runs, e.g. 1-10 (default: each scenario's seeds).")
    var seeds: String?

    @Option(help: "Confidence level of the intervals and tests.")
    var level: Double = 0.95

    @Option(help: ArgumentHelp("Only these metrics in the table and figures, comma-separated (the CSV files have all).", valueName: "names"))
    var metrics: String?

    @Option(help: ArgumentHelp("Output directory.", valueName: "dir"))
    var out: String = "reports/compare"

    @OptionGroup var plotOptions: PlotOptions

    @OptionGroup var scenarioOptions: ScenarioOptions
    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var workOptions: WorkOptions

    /// Where the arms come from.
    enum Mode { case ab, arms, reports, sweep }

    var mode: Mode {
        if sweep != nil { return .sweep }
        if !reports.isEmpty { return .reports }
        return armTexts.isEmpty ? .ab : .arms
    }

    func validate() throws {
        try OutputOptions.check(out: out)
        guard level > 0.5 && level < 1 else { throw ValidationError("--level must lie between 0.5 and 1, e.g. 0.95") }
        if let seeds { _ = try ListParsing.seeds(seeds) }
        for name in metrics?.split(separator: ",").map(String.init) ?? [] where !RunMetrics.isKnown(name) {
            throw ValidationError("--metrics \(name): not a metric (see orbitbench metrics)")
        }
        if let objective, !RunMetrics.isKnown(objective) { throw ValidationError("--objective \(objective): not a metric (see orbitbench metrics)") }
        if partial && sweep == nil { throw ValidationError("--partial applies to --sweep DIR (the finished cells of an unfinished sweep)") }
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
        if let reference, mode == .ab && !["A", "B"].contains(reference) {
            throw ValidationError("--reference \(reference): with --a/--b the arms are A and B")
        }
    }

    /// --a/--b as arms A and B; else the --arm texts.
    func armSpecifications() throws -> [ArmSpecification] {
        guard mode == .ab else { return try armTexts.map { try ArmSpecification(parsing: $0) } }
        return [ArmSpecification(name: "A", overrides: aOverrides), ArmSpecification(name: "B", overrides: bOverrides)]
    }

    func run() throws {
        _ = try ReportDirectory(destination: URL(fileURLWithPath: out), owner: "compare", overwrite: outputOptions.overwrite)
        var comparison: ArmsComparison
        var scenarioSets: [[Scenario]] = []
        var seedList: [UInt64] = []
        switch mode {
        case .sweep: comparison = try ArmsComparison.sweep(in: sweep!, level: level, partial: partial)
        case .reports: comparison = try Bench.compare(reports: reports, level: level)
        case .ab, .arms:
            let arms = try armSpecifications()
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
        comparison.recommendation = try ArmsRecommendation(
            comparison, objective: objective, constraints: requirementOptions.constraints())
        if !plotOptions.noPlots, let note = ArmsPlots.omission(comparison) { comparison.notes.append(note) }
        for note in comparison.notes { FileHandle.standardError.write(Data("note: \(note)\n".utf8)) }
        print(ArmsReport.table(comparison, metrics: shown.map(Set.init)))
        if let recommendation = comparison.recommendation {
            print(TextTable.wrapped(recommendation.sentence(comparison), width: 120).joined(separator: "\n"))
        }
        let armOverrides =
            mode == .ab ? aOverrides.map { "A: \($0)" } + bOverrides.map { "B: \($0)" } : armTexts.map { "arm \($0)" }
        let origin = ReportOrigin(command: "compare", seeds: seedList, overrides: armOverrides + scenarioOptions.overrides)
        try Bench.writeArmsReport(
            comparison, scenarios: scenarioSets, to: out, figures: plotOptions.figures, reference: reference, metrics: shown, origin: origin,
            overwrite: outputOptions.overwrite)
        let files = comparison.arms.count == 2 ? "{blocks,comparison,arms,pairs,compare}.csv" : "{blocks,comparison,arms,pairs}.csv"
        print(
            "wrote \(out)/\(files), comparison.{md,tex}\(plotOptions.figures == .pdf ? ", comparison.pdf" : ""), \(plotOptions.noPlots ? "" : "plots/, ")report.html"
        )
    }
}
