import Foundation
import Plotting
import Testing

@Suite struct TuneCommandTests {
    /// Tuning the selection weights and threshold on three scenarios beats the defaults on
    /// held-out seeds; the outputs say so and tuned.yaml is a scenario block that loads.
    @Test func tuningThreeScenariosImprovesHeldOutSeeds() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try Tool.run([
            "tune", "orbit-72", "shaky-hands", "back-and-forth", "--train-seeds", "1-2", "--test-seeds", "101-102",
            "--max-evaluations", "25", "--out", out.path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let line = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("held-out objective ") })
        let numbers = line.split(separator: " ").compactMap { Double($0) }
        #expect(numbers.count == 2 && numbers[1] < numbers[0], "\(line)")

        let yaml = try String(contentsOf: out.appendingPathComponent("tuned.yaml"), encoding: .utf8)
        #expect(yaml.contains("improves on held-out seeds") && yaml.contains("selection:\n  weights:\n    roll: "))
        // The block is valid scenario YAML: orbitbench accepts it as a scenario file.
        let scenario = out.appendingPathComponent("tuned-scenario.yaml")
        try yaml.write(to: scenario, atomically: true, encoding: .utf8)
        let shown = try Tool.run(["scenario", "show", scenario.path])
        #expect(shown.status == 0, "\(shown.standardError)")

        let csv = try String(contentsOf: out.appendingPathComponent("tuning.csv"), encoding: .utf8).split(separator: "\n")
        #expect(
            csv[0].hasPrefix(
                "evaluation,selection.weights.roll,selection.weights.pitch,selection.weights.acceleration,selection.weights.angle_offset,selection.threshold,objective,undefined_runs,orbit-72:coverage,"
            ))
        #expect(csv.count >= 26 && csv[1].hasPrefix("1,1.000000,1.000000,1.000000,1.000000,6.000000,"))
        let png = try PNGCodec.decode(Array(try Data(contentsOf: out.appendingPathComponent("plots/tuning.png"))))
        #expect(png.text("Source") == "orbitbench tune: scenarios orbit-72, shaky-hands, back-and-forth")
    }

    /// Tuning on a single training seed: whatever the search finds, the verdict printed and
    /// written must follow from the training and held-out objectives it reports.
    @Test func verdictFollowsTheHeldOutComparison() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try Tool.run([
            "tune", "shaky-hands", "--params", "selection.threshold,selection.weights.acceleration", "--train-seeds", "1", "--test-seeds", "101-103",
            "--max-evaluations", "20", "--no-plots", "--out", out.path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let objective = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("all ") })
        let numbers = objective.split(separator: " ").compactMap { Double($0) }
        #expect(numbers.count == 4)
        let (defaultTrain, tunedTrain, defaultTest, tunedTest) = (numbers[0], numbers[1], numbers[2], numbers[3])
        let yaml = try String(contentsOf: out.appendingPathComponent("tuned.yaml"), encoding: .utf8)
        if tunedTest < defaultTest {
            #expect(result.standardOutput.contains("held-out objective") && yaml.contains("improves on held-out seeds"))
        } else if tunedTrain < defaultTrain {
            #expect(result.standardOutput.contains("OVERFITTED") && yaml.contains("OVERFITTED"))
        } else {
            #expect(result.standardOutput.contains("no improvement"))
        }
    }

    @Test func badArgumentsAreClearErrors() throws {
        func firstLine(_ arguments: [String]) throws -> String {
            let result = try Tool.run(["tune"] + arguments + ["--out", Tool.temporaryDirectory().path])
            #expect(result.status != 0)
            return String(result.standardError.split(separator: "\n").first ?? "")
        }
        #expect(try firstLine(["orbit-72", "--train-seeds", "1-5", "--test-seeds", "5-9"]).contains("overlap"))
        #expect(try firstLine(["orbit-72", "--params", "selection.angle_source"]).contains("not a numeric scenario key"))
        #expect(try firstLine(["orbit-72", "--objective", "coverage +"]).contains("--objective: expression ends where a value is expected"))
        #expect(try firstLine(["orbit-72", "rephoto-fountain"]).contains("tune one kind at a time"))
    }
}
