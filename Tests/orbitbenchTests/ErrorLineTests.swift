import Foundation
import Testing

/// Every error the CLI prints is one line of at most 300 characters that starts by naming the
/// file, whatever the input holds; inputs that used to crash or be half read end that way too.
@Suite struct ErrorLineTests {
    func expectOneShortLine(_ result: ToolRun, startingWith start: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 2, "\(result.standardError.prefix(400))", sourceLocation: sourceLocation)
        let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "\(result.standardError.prefix(400))", sourceLocation: sourceLocation)
        #expect(lines[0].count <= 300, "\(lines[0].count) characters", sourceLocation: sourceLocation)
        #expect(lines[0].hasPrefix(start), "\(lines[0].prefix(400))", sourceLocation: sourceLocation)
    }

    /// A 400 000-character field in a baseline was quoted whole (a 400 133-character line); a
    /// path of 6 000 characters is cut by the last guard, with the count left out.
    @Test func longInputsGiveShortLines() throws {
        let folder = Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("baseline.csv"), suite = folder.appendingPathComponent("suite.yaml")
        try ("scenario,seed,coverage\norbit-72,1," + String(repeating: "x", count: 400_000) + "\n").write(
            to: baseline, atomically: true, encoding: .utf8)
        try "scenarios:\n  - {scenario: tripod-ideal, seeds: [1]}\ntolerances:\n  - {metric: coverage, abs: 0.01}\n".write(
            to: suite, atomically: true, encoding: .utf8)
        let result = try Tool.run(["regress", "--suite", suite.path, "--baseline", baseline.path, "--out", folder.path + "/out"])
        expectOneShortLine(result, startingWith: "Error: \(baseline.path):2 column coverage: 'xxxx")
        #expect(result.standardError.contains("…' (399940 more characters) is not a finite number"))

        let long = "/" + Array(repeating: String(repeating: "d", count: 200), count: 30).joined(separator: "/") + ".yaml"
        let missing = try Tool.run(["run", long, "--out", folder.path + "/out"])
        expectOneShortLine(missing, startingWith: "Error: /ddd")
        #expect(missing.standardError.contains(#/… \(\d+ more characters\)\n$/#), "\(missing.standardError.suffix(80))")
    }

    /// `--set` with a line break used to drop what followed it.
    @Test func overridesAreOneLine() throws {
        let result = try Tool.run(["run", "tripod-ideal", "--set", "description=a\nselection.threshold=2", "--out", "/nonexistent/out"])
        #expect(result.status == 2)
        let first = result.standardError.split(separator: "\n").first ?? ""
        #expect(
            first
                == "Error: --set 'description=a\\u{a}selection.threshold=2': contains the control character U+000A (a line break, tab, …); an override is one line, key.path=value"
        )
    }

    /// 25 000 nested parentheses or 100 000 minus signs crashed the objective's parser.
    @Test func deepObjectivesAreErrors() throws {
        let nested = String(repeating: "(", count: 25_000) + "coverage" + String(repeating: ")", count: 25_000)
        expectOneShortLine(
            try Tool.run(["tune", "orbit-72", "--objective", nested, "--out", "/nonexistent/t"]),
            startingWith: "Error: --objective: 50008 characters, more than the 1000 an expression may have")
        expectOneShortLine(
            try Tool.run(["tune", "orbit-72", "--objective=" + String(repeating: "-", count: 100_000) + "coverage", "--out", "/nonexistent/t"]),
            startingWith: "Error: --objective: 100008 characters, more than the 1000 an expression may have")
        expectOneShortLine(
            try Tool.run(["tune", "orbit-72", "--objective=" + String(repeating: "-", count: 65) + "coverage", "--out", "/nonexistent/t"]),
            startingWith: "Error: --objective: nested more than 64 deep at 65")
    }
}
