import Foundation

extension Bench {
    /// The seeds of any scenario, run: a capture scenario's `CaptureRunResult`s or a rephoto
    /// study's `RephotoStudyResult`s.
    public enum Outcome: Sendable {
        case capture([CaptureRunResult])
        case rephoto([RephotoStudyResult])

        /// How many seeds ran.
        public var runs: Int {
            switch self {
            case .capture(let results): results.count
            case .rephoto(let results): results.count
            }
        }
    }

    /// `orbitbench run` for several scenarios: every (scenario, seed) on all cores, results per
    /// scenario in seed order. `progress` gets the number of finished runs.
    ///
    /// - Throws: `RunFailures<[Outcome]>` when a plug-in failed in some runs: the failures,
    ///   and the outcomes of every other run (`writeReport` takes both).
    public static func run(_ scenarios: [Scenario], seeds: [UInt64]? = nil, progress: (@Sendable (Int) -> Void)? = nil) throws -> [Outcome] {
        let jobs = runJobs(scenarios, seeds: seeds)
        let results = try Parallel.mapCollectingFailures(jobs.count, progress: progress) { job in
            try runJob(scenarios[jobs[job].scenario], seed: jobs[job].seed)
        }
        let outcomes = outcomes(scenarios, jobs: jobs, results: results.map { try? $0.get() })
        let failures = results.compactMap { result -> PluginFailure? in if case .failure(let failure) = result { failure } else { nil } }
        guard failures.isEmpty else { throw RunFailures(failures: failures, completed: outcomes, runs: jobs.count) }
        return outcomes
    }

    /// One (scenario, seed) of `run`, as stored by a shard.
    enum RunJobResult: Codable, Sendable {
        case capture(CaptureRunResult)
        case rephoto(RephotoStudyResult)
    }

    /// `run`'s jobs: scenario by scenario, each scenario's seeds (or `seeds`) in order.
    static func runJobs(_ scenarios: [Scenario], seeds: [UInt64]?) -> [(scenario: Int, seed: UInt64)] {
        scenarios.indices.flatMap { index in (seeds ?? scenarios[index].seeds).map { (index, $0) } }
    }

    static func runJob(_ scenario: Scenario, seed: UInt64) throws -> RunJobResult {
        switch scenario.kind {
        case .capture: return .capture(try CaptureRunner.run(scenario, seed: seed))
        case .rephoto:
            do { return .rephoto(try RephotoStudy.run(scenario, seed: seed)) } catch let error as RephotoStudyError {
                throw RephotoStudyError(description: "\(scenario.name): \(error.description)")
            }
        case .handheld: throw HandheldScenarioError(scenario: scenario.name)
        }
    }

    /// Groups the job results per scenario, in seed order; a job without a result (its
    /// plug-in failed) is left out.
    static func outcomes(_ scenarios: [Scenario], jobs: [(scenario: Int, seed: UInt64)], results: [RunJobResult?]) -> [Outcome] {
        scenarios.indices.map { index in
            let mine = zip(jobs, results).filter { $0.0.scenario == index }.compactMap(\.1)
            switch scenarios[index].kind {
            case .capture: return .capture(mine.compactMap { if case .capture(let result) = $0 { result } else { nil } })
            // `runJob` refuses handheld scenarios, so none has results to group.
            case .rephoto, .handheld: return .rephoto(mine.compactMap { if case .rephoto(let result) = $0 { result } else { nil } })
            }
        }
    }

    /// Writes `run`'s folder for one scenario's outcome (see `writeCaptureReport`, and
    /// summary.md: the printed summary as Markdown; rephoto studies write metrics.csv, the thesis-layout tables, users.csv, summary.json and the
    /// error plot, compared with the thesis when its Table 6.1 is found). With `render`, a
    /// capture scenario's first seed is also drawn frame by frame into images/ with the spin
    /// viewer (rephoto studies have no frames to draw). `failures` are the scenario's runs whose
    /// plug-in failed: listed in failures.csv, summary.json and report.html, and when no run
    /// succeeded they are the whole report. Returns the stdout text.
    @discardableResult
    public static func writeReport(
        _ scenario: Scenario, _ outcome: Outcome, to directory: String, figures: FigureFormat? = .png,
        origin: ReportOrigin = ReportOrigin(command: "run"),
        overwrite: Bool = false, render: FrameImages.Settings? = nil, failures: [PluginFailure] = []
    ) throws -> String {
        let report = try ReportDirectory(destination: URL(fileURLWithPath: directory), owner: origin.command, overwrite: overwrite)
        var table: String
        switch outcome {
        case _ where outcome.runs == 0 && !failures.isEmpty:
            try FailureReport.write(
                scenario: scenario, kind: scenario.kind == .rephoto ? .rephoto : .capture, failures: failures, to: report, origin: origin)
            table = "\(scenario.name): every run failed\n"
        case .capture(let results):
            let rendered = try CaptureReport.write(
                scenario: scenario, results, to: report, figures: figures, origin: origin, render: render, failures: failures)
            var document = CaptureReport.document(scenario: scenario, results)
            table = document.text + (rendered.map { "\n" + $0.summary + "\n" } ?? "")
            if let rendered {
                document.line("")
                document.line(rendered.result)
            }
            try report.write(document.markdown, to: "summary.md")
        case .rephoto(let results):
            let thesis = thesisReference()
            try RephotoReport.write(scenario: scenario, results, thesis: thesis, to: report, figures: figures, origin: origin, failures: failures)
            let document = RephotoReport.document(scenario: scenario, results, thesis: thesis)
            try report.write(document.markdown, to: "summary.md")
            table = document.text
        }
        try report.commit()
        for failure in failures { table += "failed: \(failure)\n" }
        return table
    }

    /// With two or more capture scenarios, writes `comparison.png` (headline metrics side by
    /// side) into `directory`; returns its path, `nil` when there is nothing to compare.
    @discardableResult
    public static func writeComparison(
        _ scenarios: [Scenario], _ outcomes: [Outcome], to directory: String, format: FigureFormat = .png
    ) throws -> String? {
        let captures = zip(scenarios, outcomes).compactMap { scenario, outcome -> (scenario: Scenario, results: [CaptureRunResult])? in
            if case .capture(let results) = outcome, !results.isEmpty { return (scenario, results) }
            return nil
        }
        guard captures.count > 1 else { return nil }
        let provenance = Provenance.texts(
            command: "run", scenarios: captures.map(\.scenario.name), seeds: captures.flatMap { $0.results.map(\.seed) })
        let url = URL(fileURLWithPath: directory).appendingPathComponent(format.fileName("comparison.png"))
        try AtomicFile.write(try CapturePlots.comparison(captures, output: FigureOutput(format, provenance: provenance)), to: url)
        return url.path
    }

    /// With two or more capture scenarios, writes summary.md into `directory`: the headline
    /// metrics of every scenario side by side (`CaptureReport.scenariosTable`); returns its
    /// path, `nil` when there is nothing to put side by side.
    @discardableResult
    public static func writeRunSummary(_ scenarios: [Scenario], _ outcomes: [Outcome], to directory: String) throws -> String? {
        let captures = zip(scenarios, outcomes).compactMap { scenario, outcome -> (scenario: Scenario, results: [CaptureRunResult])? in
            if case .capture(let results) = outcome, !results.isEmpty { return (scenario, results) }
            return nil
        }
        guard captures.count > 1 else { return nil }
        let table = CaptureReport.scenariosTable(captures)
        let url = URL(fileURLWithPath: directory).appendingPathComponent("summary.md")
        let text = "Mean ± sd over each scenario's seeds:\n\n" + MarkdownTable.render(header: table.header, rows: table.rows)
        try AtomicFile.write(Array(text.utf8), to: url)
        return url.path
    }

    /// The thesis's published tables: `scenarios/thesis` in the working directory, or the
    /// copy compiled into the binary.
    public static var thesisDataDirectory: String { projectFile("scenarios/thesis") }

    /// The thesis's measured rephotographs (Table 6.1), when its data can be found.
    public static func thesisReference() -> RephotoReport.ThesisReference? {
        (try? ThesisData.load(directory: thesisDataDirectory)).map(RephotoReport.ThesisReference.init(data:))
    }
}

extension Bench {
    /// `orbitbench plot`: draws a capture report folder's figures again from its files
    /// (frames.csv, slots.csv, summary.json) into its plots/ folder, each PNG replaced
    /// atomically, and the figures embedded in its report.html (when it has one). Returns the
    /// files written.
    @discardableResult
    public static func replot(_ directory: String, format: FigureFormat = .png) throws -> [String] {
        let (scenario, results) = try CaptureReportReader.read(directory: directory)
        guard !results.isEmpty else { throw CSVError(file: directory + "/frames.csv", message: "no frames to draw") }
        let provenance = Provenance.texts(command: "plot", scenarios: [scenario.name], seeds: results.map(\.seed))
        let plots = URL(fileURLWithPath: directory).appendingPathComponent("plots")
        var written: [String] = []
        var figures: [HTMLReport.Figure] = [], linked: [String] = []
        for (name, bytes) in try CapturePlots.all(scenario: scenario, results, output: FigureOutput(format, provenance: provenance)) {
            let file = format.fileName(name)
            try AtomicFile.write(bytes, to: plots.appendingPathComponent(file))
            written.append("plots/\(file)")
            figures.append(HTMLReport.Figure(file: "plots/\(file)", bytes: bytes))
            if FigureGuide.isLinkedFigure(file) { linked.append("plots/\(file)") }
        }
        // The page embeds the figures: it shows the new ones.
        let pageFile = URL(fileURLWithPath: directory).appendingPathComponent("report.html")
        if let page = try? String(contentsOf: pageFile, encoding: .utf8),
            let updated = HTMLReport.replacingFigures(in: page, with: figures.filter { FigureGuide.isFigure($0.file) }, linked: linked)
        {
            try AtomicFile.write(Array(updated.utf8), to: pageFile)
            written.append("report.html")
        }
        // The report still owns what it holds: the new figures and page go into its manifest.
        try ReportManifest.note(written, in: URL(fileURLWithPath: directory))
        return written
    }
}
