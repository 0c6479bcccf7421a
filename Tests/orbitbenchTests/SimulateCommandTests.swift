import Foundation
import Plotting
import Testing

let shippedCaptureScenarios = [
    "orbit-72", "tripod-ideal", "shaky-hands", "vertical-drift", "motion-flood", "high-latency",
    "incomplete-orbit", "portrait-gimbal-lock", "magnetic-disturbance", "back-and-forth", "broad-like",
]
let shippedScenarios = shippedCaptureScenarios + ["rephoto-fountain"]

@Suite struct SimulateCommandTests {
    /// `simulate` writes its four CSVs with headers and rows, the resolved scenario and the
    /// trajectory figure: on the default orbit, a motion flood and BROAD's lead-in at rest. (That
    /// every shipped scenario loads and runs is make test's regress step, the whole suite.)
    @Test(arguments: ["orbit-72", "motion-flood", "broad-like"])
    func simulatesShippedScenarios(name: String) throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try Tool.run(["simulate", name, "--out", out.path])
        #expect(result.status == 0, "\(result.standardError)")
        let folder = out.appendingPathComponent("\(name)-seed-1")
        for file in ["truth.csv", "imu.csv", "motion.csv", "frames.csv"] {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let lines = text.split(separator: "\n")
            #expect(lines.count > 100, "\(name)/\(file)")
            let columns = lines[0].split(separator: ",").count
            #expect(lines.dropFirst().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == columns }, "\(name)/\(file)")
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("scenario.resolved.yaml").path))
        let png = try PNGCodec.decode(Array(try Data(contentsOf: folder.appendingPathComponent("plots/trajectory.png"))))
        #expect(png.image.width == 900 && png.texts.contains { $0.value.contains("orbitbench simulate") }, "\(name)")
    }

    @Test func sameSeedWritesIdenticalFiles() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        _ = try Tool.run(["simulate", "shaky-hands", "--seed", "4", "--out", out.appendingPathComponent("a").path])
        _ = try Tool.run(["simulate", "shaky-hands", "--seed", "4", "--out", out.appendingPathComponent("b").path])
        for file in ["truth.csv", "imu.csv", "motion.csv", "frames.csv"] {
            let a = try Data(contentsOf: out.appendingPathComponent("a/shaky-hands-seed-4/\(file)"))
            let b = try Data(contentsOf: out.appendingPathComponent("b/shaky-hands-seed-4/\(file)"))
            #expect(a == b, "\(file)")
        }
    }

    @Test func malformedScenarioFailsWithOneLineAndNoOutput() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let bad = out.appendingPathComponent("bad.yaml")
        try "orbit:\n  radius_m: -2\n".write(to: bad, atomically: true, encoding: .utf8)
        let result = try Tool.run(["simulate", bad.path, "--out", out.appendingPathComponent("reports").path])
        #expect(result.status != 0)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("bad.yaml:2: orbit.radius_m: -2 is out of range; allowed 0.3...100") == true)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("reports/bad-seed-1").path))
    }

    @Test func unknownScenarioAndBadOverride() throws {
        let missing = try Tool.run(["simulate", "no-such-thing"])
        #expect(missing.status != 0)
        #expect(missing.standardError.contains("no scenario of that name"))
        let override = try Tool.run(["simulate", "--set", "orbit.radius_m"])
        #expect(override.status != 0)
        #expect(override.standardError.contains("key.path=value"))
        let range = try Tool.run(["simulate", "--set", "camera.fps=0", "--out", "/tmp"])
        #expect(range.status != 0)
        #expect(range.standardError.contains("camera.fps: 0 is out of range"))
    }

    @Test func rephotoScenariosAreForRun() throws {
        let result = try Tool.run(["simulate", "rephoto-fountain", "--out", "/tmp"])
        #expect(result.status != 0)
        #expect(
            result.standardError
                == "Error: orbitbench simulate: rephoto-fountain is a rephoto scenario; simulate works on capture scenarios (try: orbitbench run rephoto-fountain)\n"
        )
    }

    @Test func unwritableOutputIsReported() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let blocker = out.appendingPathComponent("file")
        try "x".write(to: blocker, atomically: true, encoding: .utf8)
        let result = try Tool.run(["simulate", "--out", blocker.appendingPathComponent("sub").path])
        #expect(result.status != 0)
        #expect(result.standardError.contains("/file is a file, not a folder"), "\(result.standardError)")
    }
}

@Suite struct ScenarioCommandTests {
    @Test func listShowsEveryShippedScenario() throws {
        let result = try Tool.run(["scenario", "list"])
        #expect(result.status == 0)
        for name in shippedScenarios { #expect(result.standardOutput.contains(name)) }
    }

    @Test func showPrintsResolvedYAMLWithOverrides() throws {
        let result = try Tool.run(["scenario", "show", "motion-flood", "--set", "motion.flood.rate_hz=500"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("    rate_hz: 500"))
        #expect(result.standardOutput.contains("mode: periodic"))
    }

    @Test func versionAndHelp() throws {
        #expect(try Tool.run(["--version"]).standardOutput == "0.1.0\n")
        let help = try Tool.run(["--help"]).standardOutput
        #expect(help.contains("simulate") && help.contains("scenario") && help.contains("bench"))
    }
}

@Suite struct DocumentationTests {
    /// docs/scenario-keys.md is the generated key reference; it must match the code.
    @Test func scenarioKeyReferenceIsCurrent() throws {
        let generated = try Tool.run(["scenario", "keys", "--markdown"]).standardOutput
        let document = try String(contentsOf: Tool.repository.appendingPathComponent("docs/scenario-keys.md"), encoding: .utf8)
        #expect(document.hasSuffix(generated), "regenerate with: orbitbench scenario keys --markdown")
    }

    /// docs/reference/metrics.md is `orbitbench metrics --markdown`, in its generated block.
    @Test func metricTableReferenceIsCurrent() throws {
        let generated = try Tool.run(["metrics", "--markdown"]).standardOutput
        let readme = try String(contentsOf: Tool.repository.appendingPathComponent("docs/reference/metrics.md"), encoding: .utf8)
        #expect(generated.contains("| `blur_obj_mean_px` | px | lower | capture | blur (over the object), mean of the selected frames |"))
        #expect(
            readme.contains("a test fails when it is stale) -->\n" + generated + "<!-- end generated -->"),
            "run scripts/update-docs.sh")
    }

    @Test func readmeNamesEveryShippedScenarioAndBothCommands() throws {
        let readme = try String(contentsOf: Tool.repository.appendingPathComponent("README.md"), encoding: .utf8)
        for name in shippedScenarios { #expect(readme.contains("`\(name)`"), "\(name)") }
        let firstScreen = readme.split(separator: "\n").prefix(25).joined(separator: "\n")
        #expect(firstScreen.contains("make demo") && firstScreen.contains("make test"))
    }
}
