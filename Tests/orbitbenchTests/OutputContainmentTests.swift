import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Names and paths from files never lead a command to write outside the folder the user chose,
/// to replace something that is not a regular file, or to copy a file from outside its input.
@Suite struct OutputContainmentTests {
    /// Every path below `root`, sorted.
    func tree(_ root: URL) -> [String] {
        ((FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String]) ?? []).sorted()
    }

    func expectOneLineError(_ result: ToolRun, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 2, "\(result.standardError)", sourceLocation: sourceLocation)
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)", sourceLocation: sourceLocation)
        #expect(result.standardError.contains(message), "\(result.standardError)", sourceLocation: sourceLocation)
    }

    /// `name: '../../../x'` used to put run's report above --out, `name: '..'` beside it, and
    /// sweep's default folder reports/sweeps/<name> escaped the same way.
    @Test func scenarioNamesCannotLeaveTheOutputFolder() throws {
        let root = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let names = ["'../../../x'", "'..'", "'a/b'", "'/tmp/x'", "\"tab\\tand\\u0000nul\"", "'\(String(repeating: "n", count: 300))'"]
        for (index, name) in names.enumerated() {
            try "name: \(name)\nseeds: [1]\n".write(to: root.appendingPathComponent("s\(index).yaml"), atomically: true, encoding: .utf8)
        }
        let before = tree(root)
        for index in names.indices {
            let file = "s\(index).yaml"
            expectOneLineError(
                try Tool.run(["run", file, "--no-plots", "--out", "A/B/C"], in: root), "Error: \(file):1: name: ")
            expectOneLineError(
                try Tool.run(["sweep", file, "--vary", "selection.threshold=2:4:2", "--no-plots"], in: root), "cannot name an output folder")
            expectOneLineError(try Tool.run(["simulate", file, "--no-plots", "--out", "A"], in: root), "cannot name an output folder")
        }
        expectOneLineError(
            try Tool.run(["run", "tripod-ideal", "--set", "name=../../x", "--no-plots", "--out", "A"], in: root),
            "Error: --set name=../../x: name: '../../x' cannot name an output folder: it starts with '.'")
        #expect(tree(root) == before)
    }

    func regressSetUp(_ folder: URL) throws -> [String] {
        let suite = folder.appendingPathComponent("suite.yaml"), baseline = folder.appendingPathComponent("baseline.csv")
        try "scenarios:\n  - {scenario: tripod-ideal, seeds: [1, 2]}\ntolerances:\n  - {metric: coverage, abs: 0.01}\n".write(
            to: suite, atomically: true, encoding: .utf8)
        let common = ["regress", "--suite", suite.path, "--baseline", baseline.path, "--out", folder.appendingPathComponent("out").path]
        let update = try Tool.run(common + ["--update-baseline"])
        #expect(update.status == 0, "\(update.standardError)")
        return common
    }

    /// `--junit PATH` and `--markdown PATH` replaced whatever was there by a rename: a symbolic
    /// link, a FIFO (as root even /dev/full) became a regular file. Now only a regular file is
    /// written; anything else is refused before the work.
    @Test func regressWritesRegularFilesOnly() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let common = try regressSetUp(folder)
        let target = folder.appendingPathComponent("precious.txt")
        try "precious\n".write(to: target, atomically: true, encoding: .utf8)
        let link = folder.appendingPathComponent("link.xml"), fifo = folder.appendingPathComponent("fifo.xml")
        let directory = folder.appendingPathComponent("folder.xml")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        #expect(mkfifo(fifo.path, 0o600) == 0)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        for option in ["--junit", "--markdown"] {
            for (path, kind) in [(link, "a symbolic link"), (fifo, "a device, FIFO or socket"), (directory, "a folder")] {
                expectOneLineError(
                    try Tool.run(common + [option, path.path]), "Error: \(path.path): is \(kind); only a regular file is written (choose a file path)"
                )
            }
        }
        expectOneLineError(
            try Tool.run(Array(common.dropLast(4)) + ["--baseline", link.path, "--out", folder.path + "/out", "--update-baseline"]),
            "is a symbolic link")
        var info = stat()
        #expect(lstat(link.path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        #expect(lstat(fifo.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        #expect(try String(contentsOf: target, encoding: .utf8) == "precious\n")
        // A missing file is created (with its folders), an existing regular file replaced.
        let junit = folder.appendingPathComponent("ci/junit.xml"), markdown = folder.appendingPathComponent("summary.md")
        try "old".write(to: markdown, atomically: true, encoding: .utf8)
        let fine = try Tool.run(common + ["--junit", junit.path, "--markdown", markdown.path])
        #expect(fine.status == 0, "\(fine.standardError)")
        #expect(try String(contentsOf: junit, encoding: .utf8).hasPrefix("<?xml"))
        #expect(try String(contentsOf: markdown, encoding: .utf8) != "old")
    }
}
