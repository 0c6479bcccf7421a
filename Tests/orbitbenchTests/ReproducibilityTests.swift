import Foundation
import Testing

/// Every report folder reproduces itself: its scenario.resolved.yaml (overrides applied, every
/// key written), run again by the same command with the same seeds and no --set, gives
/// byte-identical CSV files. provenance.json names the command line and the overrides.
@Suite struct ReproducibilityTests {
    func same(_ files: [String], _ a: URL, _ b: URL) throws {
        for file in files {
            let first = try Data(contentsOf: a.appendingPathComponent(file)), second = try Data(contentsOf: b.appendingPathComponent(file))
            #expect(!first.isEmpty && first == second, "\(file) differs")
        }
    }

    func succeed(_ arguments: [String]) throws {
        let result = try Tool.run(arguments)
        #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(result.standardError)")
    }

    func provenance(_ folder: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("provenance.json"))) as! [String: Any]
    }

    @Test func runCapture() throws {
        let root = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let overrides = ["--set", "camera.fps=60", "--set", "selection.lookup_at=exposure_start"]
        try succeed(["run", "tripod-ideal", "--seeds", "1,2", "--no-plots", "--out", root.appendingPathComponent("a").path] + overrides)
        let first = root.appendingPathComponent("a/tripod-ideal")
        let origin = try provenance(first)
        #expect(origin["overrides"] as? [String] == ["camera.fps=60", "selection.lookup_at=exposure_start"])
        #expect(origin["command"] as? String == "run" && origin["seeds"] as? [Int] == [1, 2])
        #expect((origin["arguments"] as? [String])?.contains("selection.lookup_at=exposure_start") == true)
        let yaml = first.appendingPathComponent("scenario.resolved.yaml")
        #expect(try String(contentsOf: yaml, encoding: .utf8).contains("lookup_at: exposure_start"))
        try succeed(["run", yaml.path, "--seeds", "1,2", "--no-plots", "--out", root.appendingPathComponent("b").path])
        try same(["metrics.csv", "frames.csv", "slots.csv", "summary.json"], first, root.appendingPathComponent("b/tripod-ideal"))
        // Without the overrides the numbers differ, so the comparison above can fail.
        try succeed(["run", "tripod-ideal", "--seeds", "1,2", "--no-plots", "--out", root.appendingPathComponent("c").path])
        #expect(
            try Data(contentsOf: first.appendingPathComponent("frames.csv"))
                != Data(contentsOf: root.appendingPathComponent("c/tripod-ideal/frames.csv")))
    }

    @Test func runRephoto() throws {
        let root = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try succeed([
            "run", "rephoto-fountain", "--seeds", "2", "--set", "rephoto.users=6", "--no-plots", "--out", root.appendingPathComponent("a").path,
        ])
        let first = root.appendingPathComponent("a/rephoto-fountain")
        try succeed([
            "run", first.appendingPathComponent("scenario.resolved.yaml").path, "--seeds", "2", "--no-plots", "--out",
            root.appendingPathComponent("b").path,
        ])
        try same(["metrics.csv", "users.csv", "table-6-2-sim.csv", "table-6-3-sim.csv"], first, root.appendingPathComponent("b/rephoto-fountain"))
    }

    /// Texts that YAML must quote (a colon, '#', leading spaces, a boolean word, a number,
    /// Unicode) survive the resolved file: the key points' names are the tables' columns.
    @Test func runRephotoWithTextsNeedingQuotes() throws {
        let root = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let names = ["P1: fountain # left", "  yes", "007", "温度 ✓ no"]
        let overrides =
            ["rephoto.users=6", #"description="a: b # c, 'quoted' \"too\"""#]
            + names.enumerated().map {
                "rephoto.keypoints.\($0.offset).name=\"\($0.element)\""
            }
        try succeed(
            ["run", "rephoto-fountain", "--seeds", "2", "--no-plots", "--out", root.appendingPathComponent("a").path]
                + overrides.flatMap { ["--set", $0] })
        let first = root.appendingPathComponent("a/rephoto-fountain")
        let header = try String(contentsOf: first.appendingPathComponent("users.csv"), encoding: .utf8).prefix { $0 != "\n" }
        #expect(names.allSatisfy { header.contains("x_\($0)") }, "\(header)")
        try succeed([
            "run", first.appendingPathComponent("scenario.resolved.yaml").path, "--seeds", "2", "--no-plots", "--out",
            root.appendingPathComponent("b").path,
        ])
        try same(["metrics.csv", "users.csv", "table-6-2-sim.csv", "table-6-3-sim.csv"], first, root.appendingPathComponent("b/rephoto-fountain"))
    }

    @Test func simulate() throws {
        let root = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try succeed([
            "simulate", "shaky-hands", "--seed", "3", "--set", "orbit.radius_m=4", "--no-plots", "--out", root.appendingPathComponent("a").path,
        ])
        let first = root.appendingPathComponent("a/shaky-hands-seed-3")
        try succeed([
            "simulate", first.appendingPathComponent("scenario.resolved.yaml").path, "--seed", "3", "--no-plots", "--out",
            root.appendingPathComponent("b").path,
        ])
        try same(
            ["truth.csv", "imu.csv", "motion.csv", "frames.csv", "session/motion.csv", "session/frames.csv"], first,
            root.appendingPathComponent("b/shaky-hands-seed-3"))
    }

    @Test func fusion() throws {
        let root = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let a = root.appendingPathComponent("a"), b = root.appendingPathComponent("b")
        try succeed([
            "fusion", "tripod-ideal", "--seeds", "1", "--filters", "madgwick", "--set", "fusion.madgwick.beta=0.3", "--no-plots", "--out", a.path,
        ])
        try succeed([
            "fusion", a.appendingPathComponent("scenario.resolved.yaml").path, "--seeds", "1", "--filters", "madgwick", "--no-plots", "--out", b.path,
        ])
        try same(["fusion.csv"], a, b)
    }

    @Test func sweep() throws {
        let root = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let a = root.appendingPathComponent("a"), b = root.appendingPathComponent("b")
        let grid = ["--vary", "selection.threshold=4:6:2", "--seeds", "1", "--no-plots"]
        try succeed(["sweep", "tripod-ideal", "--set", "camera.fps=24", "--out", a.path] + grid)
        try succeed(["sweep", a.appendingPathComponent("scenario.resolved.yaml").path, "--out", b.path] + grid)
        try same(["sweep.csv"], a, b)
    }

    @Test func tune() throws {
        let root = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let a = root.appendingPathComponent("a"), b = root.appendingPathComponent("b")
        let search = ["--params", "selection.threshold", "--train-seeds", "1", "--test-seeds", "2", "--max-evaluations", "4", "--no-plots"]
        try succeed(["tune", "tripod-ideal", "--set", "camera.fps=24", "--out", a.path] + search)
        try succeed(["tune", a.appendingPathComponent("scenario.resolved.yaml").path, "--out", b.path] + search)
        try same(["tuning.csv"], a, b)
    }

    @Test func replay() throws {
        let root = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try succeed(["simulate", "orbit-72", "--seed", "1", "--no-plots", "--out", root.path])
        let session = root.appendingPathComponent("orbit-72-seed-1/session").path
        let a = root.appendingPathComponent("a"), b = root.appendingPathComponent("b")
        try succeed(["replay", session, "--set", "selection.threshold=3", "--no-plots", "--out", a.path])
        try succeed(["replay", session, "--scenario", a.appendingPathComponent("scenario.resolved.yaml").path, "--no-plots", "--out", b.path])
        try same(["metrics.csv", "frames.csv", "slots.csv"], a, b)
    }

    /// regress records each entry's scenario under its row label; running those files gives
    /// the rows of its metrics.csv.
    @Test func regress() throws {
        let root = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let suite = root.appendingPathComponent("suite.yaml")
        try """
        scenarios:
          - {scenario: tripod-ideal, label: tripod-fast, seeds: [1, 2], set: [camera.fps=60]}
          - {scenario: orbit-72, seeds: [3]}
        tolerances:
          - {metric: coverage, abs: 0.002}
        """.write(to: suite, atomically: true, encoding: .utf8)
        let out = root.appendingPathComponent("regress")
        try succeed([
            "regress", "--suite", suite.path, "--update-baseline", "--baseline", root.appendingPathComponent("base.csv").path, "--out", out.path,
        ])
        let rows = try String(contentsOf: out.appendingPathComponent("metrics.csv"), encoding: .utf8).split(separator: "\n")
        for (label, seeds) in [("tripod-fast", "1,2"), ("orbit-72", "3")] {
            let again = root.appendingPathComponent("again-\(label)")
            try succeed([
                "run", out.appendingPathComponent("scenarios/\(label).resolved.yaml").path, "--seeds", seeds, "--no-plots", "--out", again.path,
            ])
            let rerun = try String(contentsOf: again.appendingPathComponent("\(label)/metrics.csv"), encoding: .utf8).split(separator: "\n")
                .dropFirst()
            let mine = rows.filter { $0.hasPrefix("\(label),") }
            #expect(mine.count == rerun.count && !mine.isEmpty)
            for (row, rerunRow) in zip(mine, rerun) { #expect(row.hasPrefix(rerunRow), "\(row) vs \(rerunRow)") }
        }
    }
}
