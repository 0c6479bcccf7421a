import ArgumentParser
import Foundation
import OrbitBench

struct TuneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tune",
        abstract: "Tune selection weights and threshold (or any numeric keys) over several scenarios with Nelder–Mead.",
        discussion: """
            Minimises --objective, averaged over every scenario and training seed, with GSL's \
            Nelder–Mead simplex (log coordinates for keys that cannot be negative). Every \
            candidate runs on the same seeds (common random numbers); simulated worlds are \
            reused when only selection or fusion keys are tuned. The defaults and the tuned \
            values are then compared on the held-out --test-seeds: values that only win on the \
            training seeds are reported as overfitted.

            The default objective, minimised, is
              \(ObjectiveExpression.defaultText)
            (one slot of 72 lost costs 1.39, 0.1 px more blur over the object 1, 0.5° more slot \
            angle error 1). \
            An expression may use any metrics.csv column, numbers, + - * / ( ) and abs, sqrt, \
            min, max; a run where one of its metrics is undefined costs 1000.

            --require 'METRIC>=BOUND' (or <=, repeatable; quoted for the shell) bounds each \
            scenario's mean over the seeds (a run without the metric misses it): on the training \
            seeds the search prefers any candidate that meets every bound, and the verdict says \
            whether the defaults and the tuned values meet them on the held-out seeds and in how \
            many runs one by one. The tuned values can still miss a bound that nothing met.

            Writes <out>/tuned.yaml (a block to paste into a scenario), tuning.csv (every \
            evaluation) and plots/tuning.png.

            Examples:
              orbitbench tune orbit-72 shaky-hands back-and-forth
              orbitbench tune orbit-72 --max-evaluations 60 \\
                  --params selection.threshold,selection.weights.acceleration
              orbitbench tune shaky-hands --train-seeds 1-6 --test-seeds 50-55 \\
                  --objective "100*(1-coverage) + 20*blur_obj_max_px"
              orbitbench tune shaky-hands --params selection.threshold \\
                  --objective blur_obj_mean_px --require 'coverage>=0.9'
            """)

    @Argument(help: "Scenario names or paths, tuned jointly.")
    var scenarios: [String]

    @Option(help: ArgumentHelp("Comma-separated numeric keys to tune (default: the four selection weights and the threshold).", valueName: "keys"))
    var params: String?

    @Option(help: "Seeds the search runs on.")
    var trainSeeds: String = "1-4"

    @Option(help: "Held-out seeds for the final comparison (must not overlap the training seeds).")
    var testSeeds: String = "101-104"

    @Option(help: ArgumentHelp("Expression to minimise (see above).", valueName: "expr"))
    var objective: String = ObjectiveExpression.defaultText

    @OptionGroup var requirementOptions: RequirementOptions

    @Option(help: "Stop once this many objective evaluations are spent (the simplex step under way finishes).")
    var maxEvaluations: Int = 150

    @Option(help: ArgumentHelp("Output directory.", valueName: "dir"))
    var out: String = "reports/tuning"

    @OptionGroup var plotOptions: PlotOptions

    @OptionGroup var scenarioOptions: ScenarioOptions
    @OptionGroup var outputOptions: OutputOptions
    @OptionGroup var workOptions: WorkOptions

    var keys: [String] { params.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? TuningProblem.defaultKeys }

    func validate() throws {
        try OutputOptions.check(out: out)
        if scenarios.isEmpty { throw ValidationError("name at least one scenario, e.g. orbit-72") }
        let train = try ListParsing.seeds(trainSeeds), test = try ListParsing.seeds(testSeeds)
        if !Set(train).isDisjoint(with: test) { throw ValidationError("--train-seeds and --test-seeds overlap; held-out seeds must be new") }
        guard (2...100_000).contains(maxEvaluations) else { throw ValidationError("--max-evaluations must be in 2...100000") }
        for key in keys where ScenarioLoader.numericKey(key) == nil {
            throw ValidationError("--params \(key): not a numeric scenario key (see orbitbench scenario keys)")
        }
        if Set(keys).count != keys.count { throw ValidationError("--params lists a key twice") }
    }

    func run() throws {
        let train = try ListParsing.seeds(trainSeeds), test = try ListParsing.seeds(testSeeds)
        let sources = scenarios.map {
            ScenarioSource(reference: $0, searchDirectories: scenarioOptions.searchDirectories, overrides: scenarioOptions.parsedOverrides)
        }
        // Fail on unwritable output before any work.
        _ = try ReportDirectory(destination: URL(fileURLWithPath: out), owner: "tune", overwrite: outputOptions.overwrite)
        let origin = ReportOrigin(command: "tune", overrides: scenarioOptions.overrides)
        let progress = workOptions.progress(total: maxEvaluations, label: "orbitbench tune", unit: "evaluations")
        let start = CPUClock.wall()
        let tuning: Bench.Tuning
        do {
            tuning = try Bench.tune(
                sources, keys: keys, objective: objective, requirements: try requirementOptions.constraints(), trainSeeds: train,
                testSeeds: test, maxEvaluations: maxEvaluations
            ) { progress.update($0.index) }
        } catch let failure as TuningFailure {
            progress.finish()
            try Bench.writeTuningReport(failure, seeds: train + test, to: out, origin: origin, overwrite: outputOptions.overwrite)
            print("wrote \(out)/{tuning.csv, failures.csv}: \(failure.history.count) evaluations before the failure")
            throw CommandFailure(failure.description)
        }
        progress.finish()
        print(try Bench.writeTuningReport(tuning, to: out, figures: plotOptions.figures, origin: origin, overwrite: outputOptions.overwrite))
        print(String(format: "search took %.1f s", CPUClock.wall() - start))
        print("wrote \(out)/{tuned.yaml, tuning.csv\(plotOptions.noPlots ? "" : ", " + plotOptions.file("plots/tuning.png"))}")
    }
}
