import Foundation
import ReportIO

extension Bench {
    /// `orbitbench compare SCENARIO --a … --b …`: the scenario with overrides `a` and with
    /// overrides `b`, each run on `seeds` (common random numbers), compared per seed.
    public static func compare(
        _ reference: String, a: [String], b: [String], seeds: [UInt64]? = nil, level: Double = 0.95,
        searchDirectories: [String] = scenarioDirectories, progress: (@Sendable (Int) -> Void)? = nil
    ) throws -> (a: Scenario, b: Scenario, comparison: ABComparison) {
        let left = try scenario(reference, overrides: a, origin: "--a", searchDirectories: searchDirectories)
        let right = try scenario(reference, overrides: b, origin: "--b", searchDirectories: searchDirectories)
        let outcome = try ABComparison.run(a: left, b: right, seeds: seeds ?? left.seeds, level: level, progress: progress)
        return (left, right, outcome.comparison)
    }

    /// `orbitbench compare --reports A B`: two reports' per-seed metrics (two code versions,
    /// two settings run separately), paired by scenario and seed.
    public static func compare(reports a: String, _ b: String, level: Double = 0.95) throws -> ABComparison {
        try ABComparison(a: RegressionRun.loadReport(a), b: RegressionRun.loadReport(b), level: level)
    }

    /// Writes compare.csv, plots/paired-differences.png, provenance.json and the two sides'
    /// resolved scenarios (`scenarios/a.resolved.yaml`, `scenarios/b.resolved.yaml`).
    public static func writeComparisonReport(
        _ comparison: ABComparison, sides: (a: Scenario, b: Scenario)?, to directory: String, figures: FigureFormat? = .png,
        title: String = "A vs B, paired by seed", origin: ReportOrigin = ReportOrigin(command: "compare"), overwrite: Bool = false
    ) throws {
        let report = try ReportDirectory(destination: URL(fileURLWithPath: directory), owner: origin.command, overwrite: overwrite)
        var named: [Scenario] = []
        if let sides {
            var a = sides.a, b = sides.b
            (a.name, b.name) = ("a", "b")
            named = [a, b]
        }
        let scenarios = comparison.lines.map(\.scenario).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let origin = origin.with(scenarios: scenarios, seeds: origin.seeds)
        try report.record(origin, scenarios: named)
        try report.write(CompareReport.csv(comparison).bytes, to: "compare.csv")
        if let figures, let figure = CompareReport.pairedFigure(comparison, title: title) {
            try report.write(
                try figure.bytes(FigureOutput(figures, provenance: origin.pngTexts)), to: figures.fileName("plots/paired-differences.png"))
            if figures == .pdf {
                let lines = comparison.lines.map { line in
                    "\(line.scenario) \(line.metric): A \(String(format: "%.4g", line.paired.meanA)), B \(String(format: "%.4g", line.paired.meanB)), t p \(line.paired.tTestP.map { String(format: "%.3f", $0) } ?? "–"): \(line.verdict.rawValue)"
                }
                try report.write(
                    try ComparisonDocument.pdf(title: title, summary: CompareReport.verdictSentence(comparison), lines: lines, figures: [figure]),
                    to: "comparison.pdf")
            }
        }
        try report.writeHTMLReport(
            title: title, summary: CompareReport.verdictSentence(comparison),
            whatRan: HTMLReport.whatRan(origin: origin, scenarios: named), sections: [CompareReport.htmlSection(comparison)], origin: origin)
        try report.commit()
    }
}
