import Foundation

extension Bench {
    /// The two metrics of plots/sweep-pareto.png when `--pareto` is not given (capture sweeps):
    /// blur (over the object) on x, coverage on y.
    public static let defaultParetoMetrics = ["blur_obj_mean_px", "coverage"]

    /// What `sweep` writes beside a finished sweep.csv (a local run or merged shards):
    /// provenance.json, scenario.resolved.yaml, sweep.md, the plots and report.html. Returns the console
    /// lines.
    public static func writeSweepOutputs(
        _ plan: SweepPlan, csv: URL, in directory: URL, metric: String, constraints: [SweepConstraint], pareto: [String]?, figures: FigureFormat?,
        origin: ReportOrigin
    ) throws -> [String] {
        var lines: [String] = []
        try AtomicFile.write(Array(try ReportJSON.encode(origin)), to: directory.appendingPathComponent("provenance.json"))
        try AtomicFile.write(Array(ScenarioLoader.yaml(for: plan.base).utf8), to: directory.appendingPathComponent("scenario.resolved.yaml"))
        let results = try SweepResults(plan: plan, csv: csv, metric: metric)
        let feasibility = constraints.isEmpty ? nil : try SweepFeasibility(plan: plan, csv: csv, constraints: constraints)
        let coverage =
            metric != "coverage" && plan.columns.contains("coverage") && plan.base.kind == .capture
            ? try SweepResults(plan: plan, csv: csv, metric: "coverage") : nil
        lines.append(SweepReport.table(results, top: 5, feasibility: feasibility, coverage: coverage))
        try AtomicFile.write(
            Array(SweepReport.markdown(results, feasibility: feasibility, coverage: coverage).utf8), to: directory.appendingPathComponent("sweep.md"))
        if let figures {
            lines += try writeSweepPlots(
                plan, csv: csv, in: directory, results: results, coverage: coverage, feasibility: feasibility, pareto: pareto,
                output: FigureOutput(figures, provenance: origin.pngTexts))
        }
        // Last: the page embeds the figures written above.
        let page = SweepReport.page(results, feasibility: feasibility, coverage: coverage, in: directory, origin: origin)
        try AtomicFile.write(Array(page.html().utf8), to: directory.appendingPathComponent("report.html"))
        lines.append("wrote \(directory.appendingPathComponent("report.html").path)")
        // The folder's manifest: which files are the sweep's (the others are the user's).
        let plots = ((try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("plots").path)) ?? [])
            .filter { $0.hasPrefix("sweep-") }.map { "plots/\($0)" }
        try ReportManifest.record(
            command: origin.command,
            paths: ["sweep.json", "sweep.csv", "sweep.csv.sha256", "provenance.json", "scenario.resolved.yaml", "sweep.md", "report.html"] + plots,
            in: directory)
        return lines
    }

    /// The sweep's heat map (one or two varied keys) and its trade-off figure; returns the console lines.
    static func writeSweepPlots(
        _ plan: SweepPlan, csv: URL, in directory: URL, results: SweepResults, coverage: SweepResults?, feasibility: SweepFeasibility?,
        pareto: [String]?, output: FigureOutput
    ) throws -> [String] {
        var lines: [String] = []
        if let png = try SweepPlots.figure(results, coverage: coverage, feasibility: feasibility, output: output) {
            let file = directory.appendingPathComponent(output.fileName("plots/sweep-\(results.metric).png"))
            try AtomicFile.write(png, to: file)
            lines.append("wrote \(file.path)")
        } else {
            lines.append("no plot: a picture shows one or two varied keys, this sweep has \(plan.axes.count)")
        }
        let paretoMetrics = pareto ?? (plan.base.kind == .capture ? defaultParetoMetrics : nil)
        if let paretoMetrics {
            for name in paretoMetrics where !plan.columns.contains(name) {
                throw ExperimentError("--pareto \(paretoMetrics.joined(separator: ",")): \(plan.base.name) has no column \(name)")
            }
            let x = try SweepResults(plan: plan, csv: csv, metric: paretoMetrics[0])
            let y = try SweepResults(plan: plan, csv: csv, metric: paretoMetrics[1])
            // A trade-off needs both metrics to move: one the same in every cell is no axis.
            if let flat = [x, y].first(where: { results in
                let means = plan.cells.indices.compactMap { results.mean($0) }
                return (means.max() ?? 0) - (means.min() ?? 0) <= 1e-9
            }) {
                let value = flat.mean(0).map { String(format: "%g", $0) } ?? "missing"
                lines.append("no trade-off plot: \(flat.metric) is \(value) in every cell (--pareto X,Y names two metrics that vary)")
                return lines
            }
            let png = try SweepParetoPlot.figure(x: x, y: y, ranked: results, feasibility: feasibility, output: output)
            let file = directory.appendingPathComponent(output.fileName("plots/sweep-pareto.png"))
            try AtomicFile.write(png, to: file)
            lines.append("wrote \(file.path)")
        }
        return lines
    }
}
