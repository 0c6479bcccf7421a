import Foundation
import Testing

/// Inputs that used to crash, hang or exhaust memory: each now ends with a one-line error and
/// exit code 2, under a 2 GiB address-space limit, within seconds.
@Suite struct HardeningTests {
    /// Runs the tool under `ulimit -v` 2 GiB (so an input that tries to allocate more fails the
    /// test instead of the machine).
    func limited(_ arguments: [String], in directory: URL = Tool.repository) throws -> ToolRun {
        try Tool.run(
            ["-c", "ulimit -v 2097152; exec \"$0\" \"$@\"", Tool.executable.path] + arguments, in: directory,
            executable: URL(fileURLWithPath: "/bin/sh"))
    }

    func expectRejected(_ arguments: [String], _ message: String, in directory: URL = Tool.repository) throws {
        let start = Date()
        let result = try limited(arguments, in: directory)
        #expect(result.status == 2, "\(arguments): status \(result.status) \(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: ") && result.standardError.contains(message), "\(arguments): \(result.standardError)")
        #expect(Date().timeIntervalSince(start) < 30, "\(arguments) took too long")
    }

    @Test func varyBoundsAndSeedListsAreCheckedFirst() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        try expectRejected(["sweep", "orbit-72", "--vary", "selection.threshold=1:2:1e-300", "--out", out.path], "at most 1000 per key")
        try expectRejected(["sweep", "orbit-72", "--vary", "selection.threshold=-1e308:1e308:1", "--out", out.path], "too many values")
        try expectRejected(
            [
                "sweep", "orbit-72", "--vary", "selection.threshold=1:1000:1", "--vary", "selection.weights.roll=1:1000:1", "--vary",
                "selection.weights.pitch=1:1000:1", "--out", out.path,
            ], "cells is more than 20000")
        try expectRejected(["run", "--seeds", "1-10000000"], "more than 100000 seeds")
    }

    @Test func resourceBombsAreRefusedBeforeWork() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 60 aliases nested six deep: 10⁷ values once expanded.
        var bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...6 { bomb += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n" }
        try bomb.write(to: folder.appendingPathComponent("bomb.yaml"), atomically: true, encoding: .utf8)
        try expectRejected(["run", folder.appendingPathComponent("bomb.yaml").path], "once aliases are expanded")
        // Eleven levels (110 aliases): refused before the YAML library composes it.
        for level in 7...11 { bomb += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n" }
        try bomb.write(to: folder.appendingPathComponent("bomb.yaml"), atomically: true, encoding: .utf8)
        try expectRejected(["run", folder.appendingPathComponent("bomb.yaml").path], "more than 64 YAML aliases")
        try expectRejected(
            ["run", "--set", "orbit.speed_deg_s=0.1", "--set", "orbit.sweep_deg=1080", "--set", "imu.rate_hz=4000", "--out", folder.path + "/r"],
            "IMU samples, more than the 1000000 one run may simulate")
    }

    @Test func thesisTablesWithoutRephotographs() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = Tool.repository.appendingPathComponent("scenarios/thesis")
        for name in ["table-6-2-published.csv", "table-6-3-published.csv"] {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let full = try String(contentsOf: source.appendingPathComponent("table-6-1.csv"), encoding: .utf8).split(separator: "\n")
        for kept in [[full[0]], full.filter { $0.hasPrefix("image") || $0.hasPrefix("IMG_3419,") }] {
            try (kept.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("table-6-1.csv"), atomically: true, encoding: .utf8)
            try expectRejected(
                ["thesis", "--data", folder.path, "--out", folder.path + "/out"], "needs the reference and at least two rephotographs")
        }
    }

    /// Image names with ESC and BEL are printed escaped, never raw.
    @Test func controlCharactersAreEscaped() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Tool.run(["run", "tripod-ideal", "--seeds", "1", "--no-plots", "--out", folder.path])
        #expect(run.status == 0)
        let file = folder.appendingPathComponent("tripod-ideal/recording.json")
        var json = try String(contentsOf: file, encoding: .utf8)
        let first = try #require(json.range(of: "\"image\" : \""))
        json.insert(contentsOf: "\\u001b]0;pwned\\u0007", at: first.upperBound)
        // Edited inside the report it is refused (its digest); as an export of its own it is read.
        try json.write(to: file, atomically: true, encoding: .utf8)
        let refused = try Tool.run(["view", file.path])
        #expect(refused.status == 2 && refused.standardError.contains("does not match its SHA-256 in owner.json"), "\(refused.standardError)")
        let export = folder.appendingPathComponent("export/recording.json")
        try FileManager.default.createDirectory(at: export.deletingLastPathComponent(), withIntermediateDirectories: true)
        try json.write(to: export, atomically: true, encoding: .utf8)
        let view = try Tool.run(["view", export.path])
        #expect(!view.standardOutput.contains("\u{1B}") && !view.standardOutput.contains("\u{07}") && !view.standardError.contains("\u{1B}"))
        #expect(
            view.standardOutput.contains("\\u{1b}]0;pwned\\u{7}") || view.standardError.contains("\\u{1b}"),
            "\(view.standardOutput)\(view.standardError)")
    }

    /// HDF5 inputs the fuzzer found to crash libhdf5 or make it allocate gigabytes: the tool
    /// reads them in a capped child process and ends with one line.
    @Test func hostileHDF5FilesAreIsolated() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let found = Tool.repository.appendingPathComponent("Fuzz/regressions/hdf5")
        let inputs = try FileManager.default.contentsOfDirectory(atPath: found.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(!inputs.isEmpty)
        for (index, input) in inputs.prefix(20).enumerated() {
            let copy = folder.appendingPathComponent("input-\(index).hdf5")
            try FileManager.default.copyItem(at: found.appendingPathComponent(input), to: copy)
            let result = try limited(["fusion", "--recording", copy.path, "--no-plots", "--out", folder.appendingPathComponent("out-\(index)").path])
            #expect(result.status == 2 || result.status == 0, "\(input): status \(result.status)")
            if result.status == 2 { #expect(result.standardError.split(separator: "\n").count == 1, "\(input): \(result.standardError)") }
        }
    }

    @Test func lesserCases() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try expectRejected(["run", "--set", "orbit.radius_m=[1"], "--set orbit.radius_m=[1: orbit.radius_m: not valid YAML")
        // The output folder is checked before the recording is read and analysed.
        try expectRejected(["thesis", "--out", "/"], "the root folder cannot be an output folder")
        try expectRejected(
            ["calibrate", "--recording", folder.appendingPathComponent("none.csv").path, "--out", "/"], "the root folder cannot be an output folder")
        // A broken scenario is listed as broken, the others still are.
        let scenarios = folder.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        try "orbit: {radius_m: -4}\n".write(to: scenarios.appendingPathComponent("broken.yaml"), atomically: true, encoding: .utf8)
        let list = try Tool.run(["scenario", "list", "--scenario-dir", scenarios.path])
        #expect(list.status == 2 && list.standardOutput.contains("broken") && list.standardOutput.contains("BROKEN"))
        #expect(list.standardOutput.contains("orbit-72") && list.standardError.contains("1 of"))
    }

    /// --resume continues only the file the sweep wrote: an edit is caught by the digest
    /// beside it, and an edit whose digest was written anew (`sha256sum`) still by the checks
    /// behind it: CR line endings, reordered rows and an edited last row are refused.
    @Test func resumeRefusesEditedFiles() throws {
        let out = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let grid = ["sweep", "tripod-ideal", "--vary", "selection.threshold=2:6:2", "--seeds", "1-2", "--no-plots", "--out", out.path]
        #expect(try Tool.run(grid).status == 0)
        let csv = out.appendingPathComponent("sweep.csv")
        func write(_ text: String, digest: Bool = true) throws {
            try text.write(to: csv, atomically: true, encoding: .utf8)
            if digest {
                let noted = try Tool.run(["-c", "sha256sum sweep.csv > sweep.csv.sha256"], in: out, executable: URL(fileURLWithPath: "/bin/sh"))
                #expect(noted.status == 0)
            }
        }
        let original = try String(contentsOf: csv, encoding: .utf8)
        var lines = original.split(separator: "\n").map(String.init)
        try write(lines.prefix(4).joined(separator: "\r\n").appending("\r\n"), digest: false)
        try expectRejected(grid + ["--resume"], "does not match its SHA-256 in sweep.csv.sha256")
        try write(lines.prefix(4).joined(separator: "\r\n").appending("\r\n"))
        try expectRejected(grid + ["--resume"], "line endings were changed")
        try write([lines[0], lines[2], lines[1]].joined(separator: "\n") + "\n")
        try expectRejected(grid + ["--resume"], "rows are out of order")
        var fields = lines[3].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        fields[4] = "0.1234"  // the coverage of cell 1, seed 1
        lines[3] = fields.joined(separator: ",")
        try write(lines.prefix(4).joined(separator: "\n") + "\n")
        try expectRejected(grid + ["--resume"], "differs from a fresh run")
        // Killed mid-row: the digest covers the whole rows before it.
        let half = String(original.prefix(original.count / 2))
        try write(String(half[...half.lastIndex(of: "\n")!]))
        try write(half, digest: false)
        #expect(try Tool.run(grid + ["--resume"]).status == 0)
        #expect(try String(contentsOf: csv, encoding: .utf8) == original)
    }
}
