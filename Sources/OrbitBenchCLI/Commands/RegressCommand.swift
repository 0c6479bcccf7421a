import ArgumentParser
import Foundation
import OrbitBench

struct RegressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "regress",
        abstract: "Run the regression suite and compare every checked metric with the committed baseline.",
        discussion: """
            Runs each scenario and seed of the suite on all cores, compares the mean of every \
            metric listed under the suite's tolerances with the baseline (direction-aware: a \
            metric that gets better passes, one that gets worse by more than its tolerance \
            fails), prints the differences and exits 1 on any regression. --update-baseline \
            rewrites the baseline from this run instead (review the diff first). The current \
            metrics and the full comparison go to <out>/metrics.csv and <out>/diff.csv.

            Examples:
              orbitbench regress
              orbitbench regress --set selection.threshold=3     # would this default regress?
              orbitbench regress --update-baseline              # accept the current results
            """)

    @Option(help: ArgumentHelp("Suite file (default: scenarios/regression.yaml).", valueName: "file"))
    var suite: String?

    @Option(help: ArgumentHelp("Baseline metrics (default: reports/baseline/metrics.csv).", valueName: "file"))
    var baseline: String?

    @Flag(help: "Write this run as the new baseline instead of comparing.")
    var updateBaseline = false

    @Flag(help: "Print every check, not only the changed ones.")
    var all = false

    @Option(help: ArgumentHelp("Where the current metrics and the diff go.", valueName: "dir"))
    var out: String = "reports/regress"

    @OptionGroup var scenarioOptions: ScenarioOptions
    @OptionGroup var outputOptions: OutputOptions

    func run() throws {
        let suitePath = suite ?? Bench.projectFile("scenarios/\(RegressionSuite.fileName)")
        // The baseline is always a file under the working directory (never the build checkout),
        // so --update-baseline cannot overwrite another checkout's.
        let baselinePath = baseline ?? "reports/baseline/metrics.csv"
        let loaded = try RegressionSuite.load(path: suitePath)
        let directories = [URL(fileURLWithPath: suitePath).deletingLastPathComponent().path] + scenarioOptions.searchDirectories
        let scenarios = try RegressionRun.scenarios(loaded, searchDirectories: directories, extra: scenarioOptions.parsedOverrides)
        let runs = loaded.entries.map(\.seeds.count).reduce(0, +)
        let previous = updateBaseline ? nil : try RegressionRun.load(baseline: baselinePath)
        let report = try ReportDirectory(destination: URL(fileURLWithPath: out), owner: "regress", overwrite: outputOptions.overwrite)
        // Each entry's scenario under its row label, so its resolved file reproduces its rows.
        let labelled = zip(loaded.entries, scenarios).map { entry, scenario in
            var named = scenario
            named.name = entry.name
            return named
        }
        try report.record(
            ReportOrigin(
                command: "regress", scenarios: labelled.map(\.name), seeds: loaded.entries.flatMap(\.seeds), overrides: scenarioOptions.overrides),
            scenarios: labelled)
        let progress = ProgressLine(total: runs, label: "orbitbench regress")
        let start = CPUClock.wall()
        let current = try RegressionRun.run(loaded, scenarios: scenarios) { progress.update($0) }.asWritten()
        progress.finish()
        let elapsed = CPUClock.wall() - start
        try report.write(current.csv.bytes, to: "metrics.csv")
        print("regress: \(loaded.entries.count) scenarios, \(runs) runs in \(String(format: "%.1f", elapsed)) s")
        guard let previous else {
            try report.commit()
            try AtomicFile.write(current.csv.bytes, to: URL(fileURLWithPath: baselinePath))
            print("wrote the new baseline \(baselinePath) (\(current.rows.count) rows); commit it with the change that caused it")
            return
        }
        let comparison = try RegressionComparison(suite: loaded, baseline: previous, current: current)
        try report.write(RegressReport.csv(comparison).bytes, to: "diff.csv")
        try report.commit()
        print("baseline \(baselinePath), \(loaded.tolerances.count) metrics checked")
        print(RegressReport.table(comparison, everything: all))
        if !comparison.regressions.isEmpty { throw ExitCode.failure }
    }

}
