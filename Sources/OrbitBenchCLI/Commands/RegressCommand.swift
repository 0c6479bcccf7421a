import ArgumentParser
import Foundation
import OrbitBench

struct RegressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "regress",
        abstract: "Run the regression suite and compare every checked metric with the committed baseline.",
        discussion: """
            Runs each scenario and seed of the suite on all cores and compares every metric \
            listed under the suite's tolerances with the baseline, seed by seed: a metric \
            regresses when its mean change is worse than its tolerance and a one-sided paired \
            t-test (--level) says it got worse; changes that cannot be told from seed noise are \
            reported as "within noise" and pass. Prints the differences; writes <out>/metrics.csv \
            <out>/diff.csv and <out>/regress.md, optionally --junit and --markdown files for CI. Exit codes: 0 no \
            regression, 1 regression, 2 usage or input error. --update-baseline rewrites the \
            baseline (./reports/baseline/metrics.csv unless --baseline) from this run instead.

            Examples:
              orbitbench regress
              orbitbench regress --set selection.threshold=3  # would this regress?
              orbitbench regress --update-baseline            # accept the results
              orbitbench regress --junit junit.xml --markdown summary.md --all
              # one shard of four (or a job array), then compare as one machine would:
              orbitbench regress --out /shared/regress --shard 1/4
              orbitbench merge /shared/regress

            With --shard K/N (or inside a Slurm or Kubernetes job array) a process runs only the \
            (entry, seed) jobs j with j mod N = K into <out>/shard-K-of-N/ and compares nothing; \
            --merge (or `orbitbench merge <out>`) joins them and compares as above, with the same \
            metrics.csv and diff.csv one machine writes.
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

    @Option(help: ArgumentHelp("Also write the checks as JUnit XML (one test case per scenario × metric).", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp("Also write a Markdown summary (for a CI job summary page).", valueName: "file"))
    var markdown: String?

    @Option(help: "Confidence level of the paired tests.")
    var level: Double = Self.defaultLevel

    static let defaultLevel = 0.95

    func validate() throws {
        try OutputOptions.check(out: out)
        guard level > 0.5 && level < 1 else { throw ValidationError("--level must lie between 0.5 and 1, e.g. 0.95") }
        if updateBaseline && (shardOptions.shard != nil || shardOptions.shards != nil) {
            throw ValidationError("a shard only runs its jobs; pass --update-baseline to the merge (orbitbench regress --merge --update-baseline)")
        }
        if updateBaseline && (junit != nil || markdown != nil) {
            throw ValidationError("--junit and --markdown report a comparison, not --update-baseline")
        }
    }

    @OptionGroup var shardOptions: ShardOptions
    @OptionGroup var scenarioOptions: ScenarioOptions
    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var workOptions: WorkOptions

    func run() throws {
        let suitePath = suite ?? Bench.projectFile("scenarios/\(RegressionSuite.fileName)")
        // The baseline is always a file under the working directory (never the build checkout),
        // so --update-baseline cannot overwrite another checkout's.
        let baselinePath = baseline ?? "reports/baseline/metrics.csv"
        let loaded = try RegressionSuite.load(path: suitePath)
        let directories = [URL(fileURLWithPath: suitePath).deletingLastPathComponent().path] + scenarioOptions.searchDirectories
        let scenarios = try RegressionRun.scenarios(loaded, searchDirectories: directories, extra: scenarioOptions.parsedOverrides)
        let runs = loaded.entries.map(\.seeds.count).reduce(0, +)
        let outURL = URL(fileURLWithPath: out)
        if let shard = try shardOptions.resolve() {
            let owned = shard.jobs(of: runs).count
            let progress = workOptions.progress(total: owned, label: "orbitbench regress shard \(shard)")
            let stored = try RegressionRun.runShard(
                loaded, scenarios: scenarios, shard: shard, in: outURL, arguments: mergeArguments
            ) { progress.update($0) }
            progress.finish()
            if stored.resumed > 0 { print("resumed: \(stored.resumed) of \(owned) runs were done, ran \(stored.ran)") }
            print("wrote \(out)/\(shard.folderName)/ (shard \(shard): \(owned) of \(runs) runs); compare with: orbitbench merge \(out)")
            return
        }
        // The files written after the work can be refused before it (a link, a device, a folder).
        for file in (updateBaseline ? [baselinePath] : []) + [junit, markdown].compactMap({ $0 }) {
            try AtomicFile.checkReplaceable(URL(fileURLWithPath: file))
        }
        let previous = updateBaseline ? nil : try RegressionRun.load(baseline: baselinePath)
        let report = try ReportDirectory(
            destination: outURL, owner: "regress", overwrite: outputOptions.overwrite,
            keeping: { [merging = shardOptions.merge] in merging && JobShard.isFolderName($0) })
        // Each entry's scenario under its row label, so its resolved file reproduces its rows.
        let labelled = zip(loaded.entries, scenarios).map { entry, scenario in scenario.renamed(entry.name) }
        let origin = ReportOrigin(
            command: "regress", scenarios: labelled.map(\.name), seeds: loaded.entries.flatMap(\.seeds), overrides: scenarioOptions.overrides)
        try report.record(origin, scenarios: labelled)
        func writePage(_ comparison: RegressionComparison?) throws {
            try RegressReport.writePage(
                comparison, suite: suitePath, baseline: baselinePath, scenarios: labelled, runs: runs, to: report, origin: origin)
        }
        let progress = workOptions.progress(total: runs, label: "orbitbench regress")
        let start = CPUClock.wall()
        let current = try
            (shardOptions.merge
            ? RegressionRun.merge(loaded, scenarios: scenarios, in: outURL) { missing, count in
                ShardOptions.resubmit("regress", missing: missing, count: count)
            }
            : RegressionRun.run(loaded, scenarios: scenarios) { progress.update($0) }).asWritten()
        progress.finish()
        let elapsed = CPUClock.wall() - start
        try report.write(current.csv.bytes, to: "metrics.csv")
        print("regress: \(loaded.entries.count) scenarios, \(runs) runs in \(String(format: "%.1f", elapsed)) s")
        guard let previous else {
            try writePage(nil)
            try report.commit()
            try AtomicFile.write(current.csv.bytes, to: URL(fileURLWithPath: baselinePath))
            print("wrote the new baseline \(baselinePath) (\(current.rows.count) rows); commit it with the change that caused it")
            return
        }
        let comparison = try RegressionComparison(suite: loaded, baseline: previous, current: current, level: level)
        try report.write(RegressReport.csv(comparison).bytes, to: "diff.csv")
        try report.write(RegressReport.report(comparison), to: "regress.md")
        try writePage(comparison)
        try report.commit()
        if let junit { try AtomicFile.write(Array(RegressReport.junit(comparison).utf8), to: URL(fileURLWithPath: junit)) }
        if let markdown { try AtomicFile.write(Array(RegressReport.markdown(comparison).utf8), to: URL(fileURLWithPath: markdown)) }
        print("baseline \(baselinePath), \(loaded.tolerances.count) metrics checked")
        if all { print(RegressReport.detectability(comparison)) }
        print(RegressReport.table(comparison, everything: all))
        if !comparison.regressions.isEmpty { throw ExitCode.failure }
    }

    /// What a shard stores for `orbitbench merge` (see `MergeArguments`).
    var mergeArguments: [String] {
        MergeArguments.option("--suite", suite) + MergeArguments.option("--baseline", baseline)
            + MergeArguments.option("--level", level == Self.defaultLevel ? nil : String(level)) + MergeArguments.flag("--all", all)
            + MergeArguments.scenario(scenarioOptions)
    }
}
