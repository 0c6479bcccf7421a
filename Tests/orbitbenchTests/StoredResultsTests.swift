import Foundation
import Testing

/// Hostile result folders fed to every command that reads results (`compare --reports`,
/// `compare --sweep`, `plot`, `view`): each ends in one line on stderr and exit 2, and writes
/// no comparison. And the user's files in a report folder survive every command.
@Suite(.serialized) struct StoredResultsTests {
    /// One finished run report and one 3-cell × 2-seed sweep, made once and copied per case.
    static let fixtures: URL = {
        let folder = Tool.temporaryDirectory()
        for (name, threshold) in [("a", "6"), ("b", "4")] {
            _ = try? Tool.run([
                "run", "tripod-ideal", "--seeds", "1-3", "--no-plots", "--set", "selection.threshold=\(threshold)", "--out",
                folder.appendingPathComponent(name).path,
            ])
        }
        // Another report of the same kind: its manifest lists other digests.
        _ = try? Tool.run(["run", "tripod-ideal", "--seeds", "4-6", "--no-plots", "--out", folder.appendingPathComponent("c").path])
        _ = try? Tool.run(
            [
                "sweep", "tripod-ideal", "--vary", "selection.threshold=4:8:2", "--seeds", "1-2", "--no-plots", "--out",
                folder.appendingPathComponent("s").path,
            ])
        _ = try? Tool.run(
            [
                "sweep", "tripod-ideal", "--vary", "selection.threshold=4:8:2", "--seeds", "1-3", "--no-plots", "--out",
                folder.appendingPathComponent("t").path,
            ])
        return folder
    }()

    /// A copy of fixture `name` to tamper with.
    func copy(_ name: String, in folder: URL) throws -> URL {
        let target = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(name), to: target)
        return target
    }

    /// `arguments` fail with one line naming `expected` and write no comparison into `out`.
    func refused(_ arguments: [String], out: URL, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let writesFolder = arguments[0] == "compare"
        let result = try Tool.run(arguments + (writesFolder ? ["--out", out.path, "--no-plots"] : []))
        let line = result.standardError.trimmingCharacters(in: .newlines)
        #expect(result.status == 2, "\(arguments): exit \(result.status)", sourceLocation: sourceLocation)
        #expect(line.contains(expected) && !line.contains("\n"), "\(arguments): \(result.standardError)", sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: out.path), "\(arguments) wrote \(out.path)", sourceLocation: sourceLocation)
    }

    /// `text` (a CSV file) with the first row's first metric value changed: "0.9876" becomes
    /// "0.9875" (or a 1 is appended to a value without decimals).
    static func changingFirstRow(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var fields = lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let column = fields.indices.dropFirst(2).first { fields[$0].contains(".") } ?? 2
        fields[column] = fields[column].hasSuffix("5") ? String(fields[column].dropLast()) + "4" : String(fields[column].dropLast()) + "5"
        lines[1] = fields.joined(separator: ",")
        return lines.joined(separator: "\n")
    }

    func edit(_ file: URL, _ change: (String) -> String) throws {
        try change(try String(contentsOf: file, encoding: .utf8)).write(to: file, atomically: true, encoding: .utf8)
    }

    @Test func tamperedReportsGiveNoComparison() throws {
        let work = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let a = try copy("a", in: work)
        let out = work.appendingPathComponent("comparison")
        #expect(
            try Tool.run(["compare", "--reports", a.path, Self.fixtures.appendingPathComponent("b").path, "--out", out.path, "--no-plots"]).status
                == 0)
        try FileManager.default.removeItem(at: out)

        // A value edited after the run.
        let edited = try copy("b", in: work.appendingPathComponent("edited"))
        try edit(edited.appendingPathComponent("tripod-ideal/metrics.csv")) { Self.changingFirstRow($0) }
        try refused(["compare", "--reports", a.path, edited.path], out: out, "metrics.csv: does not match its SHA-256 in owner.json")
        try refused(["compare", "--reports", a.path, edited.path + "/tripod-ideal/metrics.csv"], out: out, "does not match its SHA-256")
        // The manifest removed, or copied from another report.
        let bare = try copy("b", in: work.appendingPathComponent("bare"))
        try FileManager.default.removeItem(at: bare.appendingPathComponent("tripod-ideal/owner.json"))
        try refused(["compare", "--reports", a.path, bare.path], out: out, "tripod-ideal/owner.json: missing")
        try refused(
            ["compare", "--reports", a.path, bare.appendingPathComponent("tripod-ideal").path], out: out, "holds metrics.csv but no owner.json")
        try refused(["plot", bare.appendingPathComponent("tripod-ideal").path], out: out, "owner.json: missing")
        let swapped = try copy("b", in: work.appendingPathComponent("swapped"))
        try FileManager.default.removeItem(at: swapped.appendingPathComponent("tripod-ideal/owner.json"))
        try FileManager.default.copyItem(
            at: Self.fixtures.appendingPathComponent("c/tripod-ideal/owner.json"), to: swapped.appendingPathComponent("tripod-ideal/owner.json"))
        try refused(["compare", "--reports", a.path, swapped.path], out: out, "does not match its SHA-256")
        // A result file replaced by a link, and a recording edited inside its report.
        let linked = try copy("b", in: work.appendingPathComponent("linked"))
        let metrics = linked.appendingPathComponent("tripod-ideal/metrics.csv")
        try FileManager.default.removeItem(at: metrics)
        try FileManager.default.createSymbolicLink(at: metrics, withDestinationURL: a.appendingPathComponent("tripod-ideal/metrics.csv"))
        try refused(["compare", "--reports", a.path, linked.path], out: out, "is a symbolic link")
        try edit(edited.appendingPathComponent("tripod-ideal/recording.json")) { $0.replacingOccurrences(of: "\"radius\"", with: " \"radius\"") }
        let view = try Tool.run(["view", edited.appendingPathComponent("tripod-ideal").path])
        #expect(view.status == 2 && view.standardError.contains("recording.json: does not match its SHA-256"), "\(view.standardError)")
    }

    /// Baselines kept on their own (no manifest) are checked value by value and column by column.
    @Test func implausibleBaselinesGiveNoComparison() throws {
        let work = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let out = work.appendingPathComponent("comparison")
        let good = Self.fixtures.appendingPathComponent("a/tripod-ideal/metrics.csv")
        let text = try String(contentsOf: good, encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        let huge = work.appendingPathComponent("huge.csv")
        var fields = lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        fields[2] = "1e308"
        try (([lines[0], fields.joined(separator: ",")] + lines.dropFirst(2)).joined(separator: "\n") + "\n").write(
            to: huge, atomically: true, encoding: .utf8)
        try refused(["compare", "--reports", good.path, huge.path], out: out, "huge.csv:2 column coverage: 1e+308 is outside 0…1")
        let hex = work.appendingPathComponent("hex.csv")
        fields[2] = "0x1p-1"
        try (([lines[0], fields.joined(separator: ",")] + lines.dropFirst(2)).joined(separator: "\n") + "\n").write(
            to: hex, atomically: true, encoding: .utf8)
        try refused(["compare", "--reports", good.path, hex.path], out: out, "'0x1p-1' is not a finite number")
        // Without the coverage column the comparison does not quietly drop coverage.
        let cut = work.appendingPathComponent("cut.csv")
        lines = lines.map { line in
            var parts = line.split(separator: ",", omittingEmptySubsequences: false)
            parts.remove(at: 2)
            return parts.joined(separator: ",")
        }
        try (lines.joined(separator: "\n") + "\n").write(to: cut, atomically: true, encoding: .utf8)
        try refused(["compare", "--reports", good.path, cut.path], out: out, "has no column coverage")
    }

    @Test func tamperedAndPartialSweepsGiveNoComparison() throws {
        let work = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let out = work.appendingPathComponent("comparison")
        func sweepCase(_ name: String, _ change: (URL) throws -> Void) throws -> URL {
            let folder = try copy("s", in: work.appendingPathComponent(name))
            try change(folder)
            return folder
        }
        let csvName = "sweep.csv", digestName = "sweep.csv.sha256"
        let cases: [(String, (URL) throws -> Void, String)] = [
            ("edited", { try self.edit($0.appendingPathComponent(csvName)) { Self.changingFirstRow($0) } }, "does not match its SHA-256"),
            ("no-digest", { try FileManager.default.removeItem(at: $0.appendingPathComponent(digestName)) }, "no SHA-256 of it"),
            (
                "other-digest",
                { folder in
                    try FileManager.default.removeItem(at: folder.appendingPathComponent(digestName))
                    try FileManager.default.copyItem(
                        at: Self.fixtures.appendingPathComponent("t/\(digestName)"), to: folder.appendingPathComponent(digestName))
                }, "another sweep's definition"
            ),
            ("empty-digest", { try Data().write(to: $0.appendingPathComponent(digestName)) }, "no SHA-256 of it"),
            (
                "binary-digest", { try Data([0, 255, 10, 7, 10]).write(to: $0.appendingPathComponent(digestName)) },
                "is not '<sha256 hex>  <file name>'"
            ),
            (
                "huge-digest",
                { folder in
                    let handle = try FileHandle(forWritingTo: folder.appendingPathComponent(digestName))
                    try handle.truncate(atOffset: 200 << 20)  // sparse: no disk used
                    try handle.close()
                }, "allowed: not a digest list"
            ),
            (
                "escaping-digest",
                { folder in
                    try self.edit(folder.appendingPathComponent(digestName)) { $0 + String(repeating: "0", count: 64) + "  ../../etc/passwd\n" }
                }, "is not a file of this folder"
            ),
            (
                "linked-digest",
                { folder in
                    let list = folder.appendingPathComponent(digestName)
                    try FileManager.default.moveItem(at: list, to: folder.appendingPathComponent("list"))
                    try FileManager.default.createSymbolicLink(at: list, withDestinationURL: folder.appendingPathComponent("list"))
                }, "is a symbolic link"
            ),
            (
                "row-added",
                { folder in
                    let csv = folder.appendingPathComponent(csvName)
                    let last = try String(contentsOf: csv, encoding: .utf8).split(separator: "\n").last!
                    try self.edit(csv) { $0 + last + "\n" }
                }, "not covered by sweep.csv.sha256"
            ),
            (
                "other-definition",
                { folder in
                    try FileManager.default.removeItem(at: folder.appendingPathComponent("sweep.json"))
                    try FileManager.default.copyItem(
                        at: Self.fixtures.appendingPathComponent("t/sweep.json"), to: folder.appendingPathComponent("sweep.json"))
                }, "another sweep's definition"
            ),
        ]
        for (name, change, expected) in cases {
            try refused(["compare", "--sweep", try sweepCase(name, change).path], out: out, expected)
        }
        // A row that contradicts its cell, with a digest recomputed to match, is still refused.
        let forged = try sweepCase("forged") { folder in
            try self.edit(folder.appendingPathComponent(csvName)) { text in
                var lines = text.split(separator: "\n").map(String.init)
                lines[1] = lines[1].replacingOccurrences(of: "0,1,4,", with: "0,1,6,")
                return lines.joined(separator: "\n") + "\n"
            }
            #expect(
                try Tool.run(["-c", "sha256sum sweep.csv sweep.json > sweep.csv.sha256"], in: folder, executable: URL(fileURLWithPath: "/bin/sh"))
                    .status == 0)
        }
        try refused(["compare", "--sweep", forged.path], out: out, "sweep.csv:2 column selection.threshold: value does not match cell 0")
        // An unfinished sweep (what a kill between cells leaves): refused, or its finished cells with --partial.
        let unfinished = try sweepCase("unfinished") { folder in
            try self.edit(folder.appendingPathComponent(csvName)) { $0.split(separator: "\n").prefix(5).joined(separator: "\n") + "\n" }
            #expect(
                try Tool.run(["-c", "sha256sum sweep.csv sweep.json > sweep.csv.sha256"], in: folder, executable: URL(fileURLWithPath: "/bin/sh"))
                    .status == 0)
        }
        try refused(["compare", "--sweep", unfinished.path], out: out, "the sweep is unfinished (4 of 6 runs, 2 of 3 cells)")
        let partial = try Tool.run(["compare", "--sweep", unfinished.path, "--partial", "--out", out.path, "--no-plots"])
        #expect(partial.status == 0, "\(partial.standardError)")
        let markdown = try String(contentsOf: out.appendingPathComponent("comparison.md"), encoding: .utf8)
        #expect(markdown.contains("Partial sweep (--partial): 1 of 3 cells were unfinished and are left out (threshold=8)"), "\(markdown)")
        let page = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(page.contains("Partial sweep (--partial)"))
    }

    /// Names from folders reach comparison.md as text, never as markup or a broken table.
    @Test func armNamesAreEscapedInMarkdown() throws {
        let work = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let script = work.appendingPathComponent("<script>alert(1)<")
        let broken = work.appendingPathComponent("two\nlines")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("a"), to: script)
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("b"), to: broken)
        let out = work.appendingPathComponent("comparison")
        let result = try Tool.run(["compare", "--reports", script.path, broken.path, "--out", out.path, "--no-plots"])
        #expect(result.status == 0, "\(result.standardError)")
        let markdown = try String(contentsOf: out.appendingPathComponent("comparison.md"), encoding: .utf8)
        #expect(!markdown.contains("<script>") && markdown.contains("&lt;script&gt;"))
        #expect(!markdown.contains("two\nlines") && markdown.contains("two lines"))
    }

    /// A kill at any moment of a replacing `run` or `sweep --overwrite` leaves the old result
    /// whole (still verified) or the new one; the user's file in the folder is never lost.
    @Test func killsLeaveTheOldResultOrTheNewOne() throws {
        let work = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let sweep = try copy("s", in: work)
        let report = try copy("a", in: work)
        try "mine".write(to: sweep.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let oldSweep = try Data(contentsOf: sweep.appendingPathComponent("sweep.csv"))
        let oldMetrics = try Data(contentsOf: report.appendingPathComponent("tripod-ideal/metrics.csv"))
        for delay in [0.1, 0.4, 0.8, 1.2, 2.5] {
            let sweepRun = Process(), reportRun = Process()
            sweepRun.executableURL = Tool.executable
            sweepRun.arguments = [
                "sweep", "tripod-ideal", "--vary", "selection.threshold=4:8:2", "--seeds", "1-60", "--no-plots", "--overwrite", "--out", sweep.path,
            ]
            reportRun.executableURL = Tool.executable
            // Long enough (a second or two) that the kills land while it runs, and at its swap.
            reportRun.arguments = ["run", "tripod-ideal", "--seeds", "1-40", "--no-plots", "--overwrite", "--out", report.path]
            for process in [sweepRun, reportRun] {
                process.currentDirectoryURL = Tool.repository
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
            }
            usleep(useconds_t(delay * 1e6))
            for process in [sweepRun, reportRun] {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            let csv = try Data(contentsOf: sweep.appendingPathComponent("sweep.csv"))
            let complete = String(decoding: csv, as: UTF8.self).split(separator: "\n").count == 1 + 3 * 60
            #expect(csv == oldSweep || complete, "after \(delay) s the sweep is neither the old one nor the new one")
            let out = work.appendingPathComponent("compare-\(delay)")
            let compared = try Tool.run(["compare", "--sweep", sweep.path, "--out", out.path, "--no-plots"])
            #expect(compared.status == 0, "after \(delay) s: \(compared.standardError)")
            #expect(try String(contentsOf: sweep.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
            let metrics = try Data(contentsOf: report.appendingPathComponent("tripod-ideal/metrics.csv"))
            let replot = try Tool.run(["plot", report.appendingPathComponent("tripod-ideal").path])
            #expect(replot.status == 0, "after \(delay) s the report does not verify: \(replot.standardError)")
            if metrics != oldMetrics { break }  // the new report is in place: later kills test nothing new
        }
    }
}
