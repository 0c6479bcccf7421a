import Foundation
import OrbitBench
import OrbitBenchCLI
import TestSupport
import Testing

/// The bad plug-in zoo: broken filters and selectors plugged in through the public API only,
/// as a team's package would. Each must end in an error that names it, the run and the rule
/// it broke — from the library and from the command line — and none may get a verdict.
@Suite struct PluginZooTests {
    init() { Zoo.registered }

    func shipped(_ overrides: [String], name: String = "shaky-hands") throws -> Scenario {
        try Bench.scenario(name, overrides: overrides, searchDirectories: [Repository.scenarios])
    }

    /// Runs `arguments` as the command line does, in this process; the error it ends with.
    func commandLine(_ arguments: [String]) -> String? {
        do {
            var command = try OrbitBenchCommand.parseAsRoot(arguments)
            try command.run()
            return nil
        } catch {
            return "\(error)"
        }
    }

    func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("orbitbench-zoo-\(UUID().uuidString)")
    }

    func json(_ file: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as! [String: Any]
    }

    @Test(arguments: BrokenSelector.Breakage.allCases)
    func brokenSelectorGetsNoVerdict(_ breakage: BrokenSelector.Breakage) throws {
        let name = "zoo-\(breakage.rawValue)"
        let scenario = try shipped(["selection.selector=\(name)"])
        do {
            let results = try Bench.runCapture(scenario, seeds: [1, 2])
            Issue.record("\(name) got a verdict: coverage \(results.map(\.metrics.coverage))")
        } catch let failures as RunFailures<[CaptureRunResult]> {
            #expect(failures.completed.isEmpty && failures.runs == 2)
            #expect(failures.failures.map(\.seed) == [1, 2])
            for failure in failures.failures {
                #expect(failure.kind == .selector && failure.name == name && failure.scenario == "shaky-hands")
                #expect(failure.reason.contains(breakage.rule), "\(failure)")
                #expect(failure.thrown == (breakage == .throwsError))
                #expect(!failure.description.contains("\n"))
            }
            let location = failures.failures[0].location
            #expect(location.hasPrefix("frame ") || location == "the end of the run", "\(location)")
        }
    }

    /// A selector passed as a value is checked like a registered one.
    @Test func brokenSelectorAsAValue() throws {
        let scenario = try shipped([])
        #expect(throws: RunFailures<[CaptureRunResult]>.self) {
            try Bench.runCapture(scenario, seeds: [1]) { BrokenSelector(.acceptsEverything, settings: $0) }
        }
        let simulated = try CaptureRunner.run(scenario, seed: 1, keepSession: true)
        let log = try #require(simulated.session)
        do {
            _ = try Bench.replay(log, name: "session", scenario: scenario, selector: BrokenSelector(.nanScore, settings: scenario.captureSettings))
            Issue.record("a replay with NaN scores got a verdict")
        } catch {
            #expect(error.description.hasPrefix("selector 'BrokenSelector' broke its contract on session at frame "), "\(error)")
            #expect(error.reason.contains("score is not finite"))
        }
    }

    static let brokenFilters = [
        ("nan-attitude", "attitude is not finite"), ("norm-two", "attitude is not a unit quaternion: norm "),
        ("nan-bias", "gyroscopeBias is not finite"), ("throws-error", "lost track of gravity"),
    ]

    @Test(arguments: brokenFilters)
    func brokenFilterGetsNoVerdict(_ name: String, _ rule: String) throws {
        let filter = try #require(FilterName(rawValue: "zoo-filter-\(name)"))
        let scenario = try shipped(["fusion.filter=\(filter)"])
        // A capture run: every seed fails at the sample where the filter broke (after 1 s).
        do {
            _ = try Bench.runCapture(scenario, seeds: [1])
            Issue.record("\(filter) got a capture verdict")
        } catch let failures as RunFailures<[CaptureRunResult]> {
            let failure = try #require(failures.failures.first)
            #expect(failure.kind == .filter && failure.name == filter.rawValue && failure.seed == 1)
            #expect(failure.reason.contains(rule) && failure.location.hasPrefix("t = "), "\(failure)")
        }
        // The fusion evaluation of a scenario.
        #expect(throws: PluginFailure.self) { try Bench.fusion([scenario], seeds: [1], filters: [filter], useMagnetometer: true) }
        // A real BROAD trial: the NaN filter used to score 0.00°.
        let trial = try RecordingLoader.read(
            Repository.root.appendingPathComponent("data/broad/05_undisturbed_slow_rotation_with_breaks_B.hdf5").path)
        do {
            let rows = try Bench.fusion(
                recordings: [trial], filters: [filter], settings: FusionSettings(), useMagnetometer: true, keepAttitude: false)
            Issue.record("\(filter) got a verdict on BROAD: \(rows.map(\.result.rmse.totalDegrees))°")
        } catch let failure as PluginFailure {
            #expect(failure.scenario == trial.name && failure.reason.contains(rule), "\(failure)")
        }
    }

    /// `orbitbench run` with a broken selector: one line naming it, and a report of the
    /// failures with no metrics (replacing an earlier report of the same name).
    @Test func commandLineRunShowsNoMetrics() throws {
        let out = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(commandLine(["run", "shaky-hands", "--seeds", "1", "--no-plots", "--quiet", "--out", out.path]) == nil)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("shaky-hands/metrics.csv").path))
        let message = commandLine([
            "run", "shaky-hands", "--seeds", "1-2", "--set", "selection.selector=zoo-slot-beyond", "--no-plots", "--quiet", "--out", out.path,
        ])
        #expect(
            message?.hasPrefix("2 of 2 runs failed; the first: selector 'zoo-slot-beyond' broke its contract on shaky-hands seed 1 at frame ")
                == true,
            "\(message ?? "no error")")
        #expect(message?.hasSuffix(": slot 500 is not in 0..<72 (the scenario's slot count)") == true)
        let folder = out.appendingPathComponent("shaky-hands")
        let summary = try json(folder.appendingPathComponent("summary.json"))
        #expect((summary["metrics"] as? [String: Any])?.isEmpty == true)
        #expect((summary["failures"] as? [[String: Any]])?.count == 2)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("metrics.csv").path))
        let failures = try String(contentsOf: folder.appendingPathComponent("failures.csv"), encoding: .utf8)
        #expect(failures.split(separator: "\n").count == 3 && failures.contains("shaky-hands,2,selector,zoo-slot-beyond,frame "))
        let page = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(page.contains("every run failed") && page.contains("slot 500 is not in 0..&lt;72"))
    }

    /// The runs that did not fail are kept: their report beside the failed one's, exit 2 after.
    @Test func otherRunsAreKept() throws {
        let out = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let good = out.appendingPathComponent("zoo-good.yaml"), bad = out.appendingPathComponent("zoo-bad.yaml")
        try "name: zoo-good\nselection: {selector: zoo-throws-error, parameters: {after: 100000}}\n".write(
            to: good, atomically: true, encoding: .utf8)
        try "name: zoo-bad\nselection: {selector: zoo-throws-error, parameters: {after: 40}}\n".write(to: bad, atomically: true, encoding: .utf8)
        let scenarios = try [good, bad].map { try Bench.scenario($0.path) }
        do {
            _ = try Bench.run(scenarios, seeds: [1, 2])
            Issue.record("the throwing selector got a verdict")
        } catch let failures as RunFailures<[Bench.Outcome]> {
            #expect(failures.completed.map(\.runs) == [2, 0] && failures.failures.count == 2)
            #expect(failures.failures[0].location == "frame 40" || failures.failures[0].location.hasPrefix("frame "))
            #expect(failures.failures[0].reason == "the slot ring overflowed" && failures.failures[0].thrown)
        }
        let message = commandLine([
            "run", good.path, bad.path, "--seeds", "1-2", "--no-plots", "--quiet", "--out", out.appendingPathComponent("reports").path,
        ])
        #expect(
            message?.hasPrefix("2 of 4 runs failed; the first: selector 'zoo-throws-error' failed on zoo-bad seed 1 at frame ") == true,
            "\(message ?? "")")
        let kept = try json(out.appendingPathComponent("reports/zoo-good/summary.json"))
        #expect(((kept["metrics"] as? [String: Any])?["coverage"] as? [String: Any])?["n"] as? Int == 2 && kept["failures"] == nil)
        let failed = try json(out.appendingPathComponent("reports/zoo-bad/summary.json"))
        #expect((failed["metrics"] as? [String: Any])?.isEmpty == true)
    }

    /// A typo in a plug-in parameter, or a value out of its declared range, is a one-line error.
    @Test func undeclaredParametersAreErrors() {
        let typo = commandLine([
            "run", "shaky-hands", "--seeds", "1", "--set", "selection.selector=zoo-weighted", "--set", "selection.parameters.centre_wieght=2",
            "--no-plots", "--quiet", "--out", temporaryFolder().path,
        ])
        #expect(
            typo
                == "--set selection.parameters.centre_wieght=2: selection.parameters.centre_wieght: selector 'zoo-weighted' has no parameter 'centre_wieght'; its parameters: centre_weight",
            "\(typo ?? "")")
        let range = commandLine([
            "sweep", "shaky-hands", "--seeds", "1", "--set", "selection.selector=zoo-weighted", "--vary", "selection.parameters.centre_weight=-2:2:2",
            "--no-plots", "--quiet", "--out", temporaryFolder().path,
        ])
        #expect(range?.contains("selection.parameters.centre_weight: -2 is outside 0...10 1/deg") == true, "\(range ?? "")")
    }

    /// `fusion --filters a,b --set fusion.parameters.x=…` gives x to every filter that declares
    /// it, with no `fusion.filter` needed; a name no filter declares, or a value outside the
    /// range, is one line naming the filters.
    @Test func fusionParametersGoToTheFiltersThatDeclareThem() {
        _ = Zoo.registered
        let out = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let base = ["fusion", "shaky-hands", "--seeds", "1", "--filters", "madgwick,zoo-filter-gain", "--no-plots", "--quiet", "--out"]
        #expect(commandLine(base + [out.path, "--set", "fusion.parameters.gain=0.3"]) == nil)
        let typo = commandLine(base + [temporaryFolder().path, "--set", "fusion.parameters.gian=0.3"])
        #expect(
            typo?.contains("none of the filters madgwick, zoo-filter-gain declares 'gian'; they declare: gain (zoo-filter-gain)") == true,
            "\(typo ?? "")")
        let range = commandLine(base + [temporaryFolder().path, "--set", "fusion.parameters.gain=3"])
        #expect(range?.contains("3 is outside 0...1, the range filter 'zoo-filter-gain' declares") == true, "\(range ?? "")")
        let none = commandLine([
            "fusion", "shaky-hands", "--seeds", "1", "--filters", "madgwick", "--no-plots", "--quiet", "--out", temporaryFolder().path, "--set",
            "fusion.parameters.gain=0.3",
        ])
        #expect(none?.contains("none of the filters madgwick declares 'gain'; they declare no parameters") == true, "\(none ?? "")")
    }

    /// Tuning keeps to a plug-in's declared range; a plug-in failure stops the search with one
    /// line naming the candidate, and the evaluations before it are kept.
    @Test func tuningKeepsToTheDeclaredRangeAndStopsOnFailures() throws {
        let source = ScenarioSource(
            reference: "shaky-hands", searchDirectories: [Repository.scenarios],
            overrides: [try ConfigOverride(parsing: "selection.selector=zoo-weighted")])
        // The weight changes nothing, so the simplex expands it: clamped to the declared 0...10.
        let tuning = try Bench.tune(
            [source], keys: ["selection.parameters.centre_weight"], objective: "coverage", trainSeeds: [1], testSeeds: [2], maxEvaluations: 8)
        let tried = tuning.outcome.history.map { $0.result.values[0] }
        #expect(tried.count >= 2 && tried.allSatisfy { (0...10).contains($0) } && tried.contains { $0 > 1 }, "\(tried)")

        let out = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let message = commandLine([
            "tune", "shaky-hands", "--set", "selection.selector=zoo-throws-error", "--params", "selection.threshold", "--train-seeds", "1",
            "--test-seeds", "2", "--max-evaluations", "4", "--no-plots", "--quiet", "--out", out.path,
        ])
        #expect(
            message?.hasPrefix(
                "tuning stopped at evaluation 1 (selection.threshold=6): selector 'zoo-throws-error' failed on shaky-hands seed 1 at frame ")
                == true, "\(message ?? "")")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("failures.csv").path))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("tuned.yaml").path))
    }

    /// A sweep keeps every run: a failed run's row has no metrics and says why, the rest is
    /// drawn and ranked, and the command exits 2 after; `--resume` accepts the failed rows.
    @Test func sweepRowsSayWhichRunsFailed() throws {
        let out = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let arguments = [
            "sweep", "shaky-hands", "--set", "selection.selector=zoo-throws-error", "--vary", "selection.parameters.after=0:100000:100000",
            "--seeds", "1", "--quiet", "--out", out.path,
        ]
        let message = commandLine(arguments)
        #expect(
            message?.hasPrefix("1 of 2 runs failed; the first: cell 0, seed 1: selector 'zoo-throws-error' failed on shaky-hands seed 1 at frame ")
                == true, "\(message ?? "")")
        let table = try String(contentsOf: out.appendingPathComponent("sweep.csv"), encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(table.count == 3 && table[0].hasSuffix(",failure"))
        #expect(table[1].contains(",,,") && table[1].hasSuffix(": the slot ring overflowed"))
        #expect(!table[2].contains("overflowed") && table[2].hasSuffix(","))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("plots/sweep-coverage.png").path))
        // Resumed, the finished sweep is checked (its last row recomputed) and redrawn; the failure stays.
        #expect(commandLine(arguments + ["--resume"])?.hasPrefix("1 of 2 runs failed") == true)
        // A sweep whose last row failed resumes as well.
        let single = out.appendingPathComponent("single").path
        let failing = [
            "sweep", "shaky-hands", "--set", "selection.selector=zoo-throws-error", "--vary", "selection.threshold=6:6:1", "--seeds", "1", "--quiet",
            "--no-plots", "--out", single,
        ]
        #expect(commandLine(failing)?.hasPrefix("1 of 1 runs failed") == true)
        #expect(commandLine(failing + ["--resume"])?.hasPrefix("1 of 1 runs failed") == true)
        // The library: the sweep and its failures in the error.
        do {
            _ = try Bench.sweep(
                ScenarioSource(
                    reference: "shaky-hands", searchDirectories: [Repository.scenarios],
                    overrides: [try ConfigOverride(parsing: "selection.selector=zoo-nan-score")]), vary: ["selection.threshold=6:6:1"],
                seeds: [1], in: out.appendingPathComponent("library"))
            Issue.record("a sweep of NaN scores got a verdict")
        } catch let failures as Bench.SweepFailures {
            #expect(failures.sweep.failures.count == 1 && failures.sweep.failures[0].message.contains("score is not finite"))
        }
    }
}
