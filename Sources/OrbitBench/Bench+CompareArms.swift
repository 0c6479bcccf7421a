import Foundation

extension Bench {
    /// `orbitbench compare SCENARIO… --arm NAME:overrides …` (and `--a`/`--b`, arms A and B):
    /// every arm runs every scenario with
    /// its overrides on the same seeds (each scenario's own when nil) — common random numbers,
    /// so a block (scenario, seed) is the same simulated world for every arm — and the arms
    /// are compared per metric (`ArmsComparison`: Friedman, pairwise Wilcoxon with Holm).
    ///
    ///     let outcome = try Bench.compare(["shaky-hands"], arms: [
    ///         ArmSpecification(name: "low", overrides: ["selection.threshold=4"]),
    ///         ArmSpecification(name: "default", overrides: []),
    ///         ArmSpecification(name: "high", overrides: ["selection.threshold=17"]),
    ///     ], seeds: Array(1...10))
    ///     outcome.comparison.metric("coverage")?.friedman.p
    public static func compare(
        _ scenarios: [String], arms: [ArmSpecification], seeds: [UInt64]? = nil, overrides: [String] = [], level: Double = 0.95,
        searchDirectories: [String] = scenarioDirectories, progress: (@Sendable (Int) -> Void)? = nil
    ) throws -> (scenarios: [[Scenario]], comparison: ArmsComparison) {
        guard !scenarios.isEmpty else { throw ExperimentError("name at least one scenario to compare the arms on") }
        let resolved = try arms.map { arm in
            try scenarios.map { name in
                let parsed =
                    try overrides.map { try ConfigOverride(parsing: $0) }
                    + arm.overrides.map { try ConfigOverride(parsing: $0, origin: "--arm \(arm.name)") }
                return try ScenarioLoader.resolve(name, searchDirectories: searchDirectories, overrides: parsed)
            }
        }
        let comparison = try ArmsComparison.run(
            arms: zip(arms, resolved).map { ($0.name, $1) }, seeds: seeds, level: level, progress: progress)
        return (resolved, comparison)
    }

    /// Writes a comparison's folder: blocks.csv, comparison.csv, arms.csv, pairs.csv (with two
    /// arms also compare.csv, the pair beside the paired t columns), comparison.md, comparison.tex, the figures in `figures`' format (as PDF also all in one
    /// comparison.pdf with the verdict), report.html, provenance and —
    /// for arms that ran — each arm's resolved scenarios (scenarios/ARM.SCENARIO.resolved.yaml).
    public static func writeArmsReport(
        _ comparison: ArmsComparison, scenarios: [[Scenario]] = [], to directory: String, figures: FigureFormat? = .png, reference: String? = nil,
        metrics: [String]? = nil, origin: ReportOrigin = ReportOrigin(command: "compare"), overwrite: Bool = false
    ) throws {
        var comparison = comparison
        for note in [ArmsPlots.omission(comparison), ArmsPlots.identicalNote(comparison)].compactMap({ $0 })
        where figures != nil && !comparison.notes.contains(note) {
            comparison.notes.append(note)
        }
        let report = try ReportDirectory(destination: URL(fileURLWithPath: directory), owner: origin.command, overwrite: overwrite)
        let named = zip(comparison.arms, scenarios).flatMap { arm, scenarios in scenarios.map { $0.renamed("\(arm).\($0.name)") } }
        let origin = origin.with(
            scenarios: comparison.blocks.map(\.scenario).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } },
            seeds: comparison.blocks.map(\.seed))
        try report.record(origin, scenarios: named)
        try report.write(ArmsReport.blocksCSV(comparison).bytes, to: "blocks.csv")
        try report.write(ArmsReport.comparisonCSV(comparison).bytes, to: "comparison.csv")
        try report.write(ArmsReport.armsCSV(comparison).bytes, to: "arms.csv")
        try report.write(ArmsReport.pairsCSV(comparison).bytes, to: "pairs.csv")
        if comparison.arms.count == 2 { try report.write(ArmsReport.pairedCSV(comparison).bytes, to: "compare.csv") }
        try report.write(ArmsReport.markdown(comparison, metrics: metrics.map(Set.init)), to: "comparison.md")
        try report.write(ArmsReport.latex(comparison), to: "comparison.tex")
        if let figures {
            let output = FigureOutput(figures, provenance: origin.pngTexts)
            let drawn = ArmsPlots.figures(comparison, reference: reference, metrics: metrics)
            for (name, figure) in drawn { try report.write(try figure.bytes(output), to: output.fileName("plots/\(name)")) }
            if figures == .pdf {
                try report.write(
                    try ComparisonDocument.pdf(
                        title: "\(comparison.arms.count) arms compared", summary: ArmsReport.verdictSentence(comparison),
                        lines: ArmsReport.metricLines(comparison), figures: drawn.map(\.figure)),
                    to: "comparison.pdf")
            }
        }
        try ArmsReport.writePage(comparison, scenarios: named, to: report, origin: origin)
        try report.commit()
    }
}

extension Bench {
    /// `orbitbench compare --reports A B …`: reports' per-block metrics (two code versions, two
    /// settings run separately), paired by scenario and seed (`ArmsComparison.reports`).
    public static func compare(reports: [String], level: Double = 0.95) throws -> ArmsComparison {
        try ArmsComparison.reports(reports, level: level)
    }
}
