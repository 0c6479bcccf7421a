import Foundation
import Testing
import TestSupport

@Suite struct ValidateCommandTests {
    /// The BROAD trials of the test data folder (the two shipped ones unless
    /// `ORBITBENCH_BROAD_DATA` names another), sorted.
    static func trials() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: broadTrials).filter { $0.hasSuffix(".hdf5") }.sorted().map { broadTrials + "/" + $0 }
    }

    /// `validate --fast` on the trials: one row per trial and filter, a group of one trial says
    /// so instead of an out-of-sample prediction, the console table fits 120 columns, every
    /// file is written, and a rerun gives the same validation.csv byte for byte.
    @Test func fastValidationOnTheShippedTrials() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let trials = try Self.trials()
        let arguments = ["validate", "--fast", "--seeds", "1-2", "--quiet", "--out", out.path, "--recording"] + trials
        let result = try Tool.run(arguments)
        #expect(result.status == 0, "\(result.standardError)")
        for line in result.standardOutput.split(separator: "\n") where !line.hasPrefix("wrote ") {
            #expect(line.count <= 120, "\(line.count) columns: \(line)")
        }
        let csv = try String(contentsOf: out.appendingPathComponent("validation.csv"), encoding: .utf8)
        let rows = csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.count == trials.count * 4, "\(rows.count) rows")
        for row in rows {
            let real = try #require(Double(row[4])), predicted = try #require(Double(row[6]))
            #expect(real > 0 && predicted > 0 && ["predicted", "one trial"].contains(row[12]), "\(row)")
        }
        if trials.count == 2 && trials[0].contains("05_") && trials[1].contains("24_") {
            #expect(rows.allSatisfy { $0[12] == "one trial" && $0[14] == "" })
            #expect(result.standardOutput.contains("One trial, so no out-of-sample check: rotation (05), tapping (24)."))
            #expect(result.standardOutput.contains("one trial"))
        }
        for file in ["calibration.csv", "trials.csv", "fits.csv", "predictions.csv", "validation-summary.txt", "plots/validation.png", "report.html"]
        {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(file).path), "\(file) missing")
        }
        let page = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(page.contains("Does the simulator predict trials it has not seen?") && page.contains("Predicted against real error"))
        let again = try Tool.run(arguments + ["--overwrite", "--no-plots"])
        #expect(again.status == 0, "\(again.standardError)")
        #expect(try String(contentsOf: out.appendingPathComponent("validation.csv"), encoding: .utf8) == csv)
        try expectScenarioRepeatsPredictions(in: out)
    }

    /// A calibrated scenario validate wrote carries its fold's spread: `fusion` on it gives, seed
    /// for seed and filter for filter, the in-sample errors of predictions.csv.
    func expectScenarioRepeatsPredictions(in out: URL) throws {
        let predictions = try String(contentsOf: out.appendingPathComponent("predictions.csv"), encoding: .utf8)
        let lines = predictions.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = try #require(lines.first)
        let first = try #require(lines.dropFirst().first { $0[1] == "in sample" })
        let group = first[0], file = out.appendingPathComponent("scenarios/\(group.replacingOccurrences(of: " ", with: "-"))-in-sample.yaml")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("\nspread:\n"))
        let fusion = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: fusion) }
        let result = try Tool.run(["fusion", file.path, "--seeds", "1-2", "--no-plots", "--quiet", "--out", fusion.path])
        #expect(result.status == 0, "\(result.standardError)")
        let rows = try String(contentsOf: fusion.appendingPathComponent("fusion.csv"), encoding: .utf8).split(separator: "\n").dropFirst()
            .map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        for line in lines.dropFirst() where line[0] == group && line[1] == "in sample" {
            for row in rows where row[1] == line[2] {
                let column = try #require(header.firstIndex(of: "\(row[2])_rmse_deg"))
                #expect(row[3] == line[column], "seed \(row[1]) \(row[2]): fusion \(row[3]), validate \(line[column])")
            }
        }
        #expect(rows.count == 8, "\(rows.count) rows")
    }

    /// validate calibrates a group's prior: `DIR/priors/broad-*.yaml` before `DIR/broad-*.yaml`
    /// and the shipped ones, so its calibration does not start from an earlier one.
    @Test func calibratesThePrior() throws {
        let folder = Tool.temporaryDirectory(), out = Tool.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: out)
        }
        let prior = try String(contentsOf: URL(fileURLWithPath: Repository.scenarios + "/priors/broad-rotation.yaml"), encoding: .utf8)
        #expect(!prior.contains("\nspread:"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("priors"), withIntermediateDirectories: true)
        let marked = prior.replacingOccurrences(of: "\ndescription: ", with: "\ndescription: \"the test's prior\" # ")
        try marked.write(to: folder.appendingPathComponent("priors/broad-rotation.yaml"), atomically: true, encoding: .utf8)
        try prior.write(to: folder.appendingPathComponent("broad-rotation.yaml"), atomically: true, encoding: .utf8)
        let trial = try #require(try Self.trials().first { $0.contains("05_") })
        let result = try Tool.run([
            "validate", "--fast", "--seeds", "1", "--quiet", "--no-plots", "--scenario-dir", folder.path, "--out", out.path, "--recording", trial,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let calibrated = try String(contentsOf: out.appendingPathComponent("scenarios/rotation-in-sample.yaml"), encoding: .utf8)
        #expect(calibrated.contains("description: \"the test's prior\""), "\(calibrated.prefix(400))")
    }

    /// A trial without BROAD's trials.json beside it has no group: with nothing left to
    /// validate, the command fails naming the file and why, and writes no report.
    @Test func refusesTrialsWithoutGroups() throws {
        let folder = Tool.temporaryDirectory(), out = Tool.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: out)
        }
        let trial = try #require(try Self.trials().first)
        let copy = folder.appendingPathComponent((trial as NSString).lastPathComponent)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: trial), to: copy)
        let result = try Tool.run(["validate", "--fast", "--quiet", "--out", out.path, "--recording", copy.path])
        #expect(result.status == 2, "\(result.status): \(result.standardError)")
        #expect(result.standardError.contains(copy.path) && result.standardError.contains("trials.json"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("validation.csv").path))
    }

    /// A trial given twice, or two trials of one number, would share folds and files: refused,
    /// naming the file. An empty filter list is a usage error.
    @Test func refusesRepeatedTrialsAndNoFilters() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let trial = try #require(try Self.trials().first)
        let twice = try Tool.run(["validate", "--fast", "--quiet", "--out", out.path, "--recording", trial, trial])
        #expect(twice.status == 2 && twice.standardError.contains("given twice") && twice.standardError.contains(trial), "\(twice.standardError)")
        let none = try Tool.run(["validate", "--fast", "--filters", "", "--out", out.path, "--recording", trial])
        #expect(none.status != 0 && none.standardError.contains("--filters"), "\(none.standardError)")
    }

    /// No trials is a usage error naming the option.
    @Test func refusesWithoutTrials() throws {
        let result = try Tool.run(["validate"])
        #expect(result.status != 0 && result.standardError.contains("--recording"))
    }
}
