import Foundation
import Scenarios
import Testing

/// A scenario's name and a suite entry's label become output folders and file names: one that
/// could climb out of the output folder, hide in it or not be typed is an error naming the
/// file and the key.
@Suite struct ScenarioNameTests {
    @Test func namesThatAreNotPlainFolderNamesAreRefused() {
        for name in ["'../../../x'", "'..'", "'.'", "'a/b'", "'/etc'", "\"a\\u0000b\"", "\"two\\nlines\"", "'.hidden'", "''"] {
            let error = expectError("name: \(name)\n")
            #expect(error?.keyPath == "name" && error?.line == 1, "\(name): \(String(describing: error))")
            #expect(error?.description.hasPrefix("bad.yaml:1: name: ") == true && error?.message.contains("cannot name an output folder") == true)
        }
        #expect(
            expectError("name: '../../../x'\n")?.description
                == "bad.yaml:1: name: '../../../x' cannot name an output folder: it starts with '.'; use letters, digits, '-', '_' and '.'")
        #expect(expectError("name: '\(String(repeating: "n", count: 129))'\n")?.message.contains("longer than 128 bytes") == true)
    }

    @Test func plainNamesAndOverridesAreChecked() throws {
        #expect(try ScenarioLoader.parse(yaml: "name: orbit 72.v2_b\n", fileName: "ok.yaml").name == "orbit 72.v2_b")
        do {
            _ = try ScenarioLoader.parse(yaml: "{}", fileName: "ok.yaml", overrides: [ConfigOverride(path: ["name"], value: "../x")])
            Issue.record("accepted")
        } catch {
            #expect(error.description.hasPrefix("--set name=../x: name: '../x' cannot name an output folder"), "\(error)")
        }
    }

    /// The default name comes from the file name, which is checked the same way.
    @Test func aFileNameThatCannotNameAFolderIsRefused() {
        #expect(throws: ConfigError.self) { try ScenarioLoader.parse(yaml: "{}", fileName: "/tmp/.yaml") }
        #expect(throws: ConfigError.self) { try ScenarioLoader.parse(yaml: "{}", fileName: "/tmp/a\u{1B}b.yaml") }
    }

    @Test func suiteLabelsAreFileNames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("orbitbench-suite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("suite.yaml")
        let cases: [(String, String)] = [
            ("{scenario: orbit-72, label: '../../x', seeds: [1]}", "scenarios[0].label"),
            ("{scenario: ../elsewhere/x.yaml, seeds: [1]}", "scenarios[0].scenario"),
        ]
        for (entry, key) in cases {
            try "scenarios:\n  - \(entry)\ntolerances:\n  - {metric: coverage, abs: 0.01}\n".write(to: file, atomically: true, encoding: .utf8)
            do {
                _ = try RegressionSuite.load(path: file.path)
                Issue.record("\(entry) accepted")
            } catch {
                #expect(error.keyPath == key && error.message.contains("give the entry a label"), "\(error)")
            }
        }
        try "scenarios:\n  - {scenario: ../elsewhere/x.yaml, label: x, seeds: [1]}\ntolerances:\n  - {metric: coverage, abs: 0.01}\n"
            .write(to: file, atomically: true, encoding: .utf8)
        #expect(try RegressionSuite.load(path: file.path).entries[0].name == "x")
    }
}
