import ArgumentParser
import Foundation
import OrbitBench

struct ScenarioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenario",
        abstract: "List scenarios, show one fully resolved, or document every key.",
        subcommands: [List.self, Show.self, Keys.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the scenarios found on the search path.", discussion: "Example: orbitbench scenario list")
        @OptionGroup var scenarioOptions: ScenarioOptions

        func run() throws {
            let names = ScenarioLoader.availableNames(in: scenarioOptions.searchDirectories)
            guard !names.isEmpty else {
                throw CommandFailure("no scenarios in \(scenarioOptions.searchDirectories.joined(separator: ", "))")
            }
            // A broken file is listed as broken (the others still are) and makes the exit code 2.
            // Names are never cut; descriptions wrap under themselves within TextTable.maximumWidth.
            var broken = 0
            let shownNames = names.map(TextExcerpt.escaped)
            let nameWidth = shownNames.map(\.count).max() ?? 0
            let indent = nameWidth + 1 + 8 + 1
            for (name, shown) in zip(names, shownNames) {
                let padded = shown.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
                let kind: String, text: String
                do {
                    let scenario = try scenarioOptions.load(name)
                    (kind, text) = (scenario.kind.rawValue, TextExcerpt.escaped(scenario.description))
                } catch {
                    broken += 1
                    (kind, text) = ("BROKEN", TextExcerpt.escaped("\(error)"))
                }
                let lines = TextTable.wrapped(text, width: max(30, TextTable.maximumWidth - indent))
                print("\(padded) \(kind.padding(toLength: 8, withPad: " ", startingAt: 0)) \(lines[0])")
                for line in lines.dropFirst() { print(String(repeating: " ", count: indent) + line) }
            }
            if broken > 0 { throw CommandFailure("\(broken) of \(names.count) scenarios cannot be loaded (marked BROKEN above)") }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Print a scenario with every key and its value (defaults filled in).",
            discussion: "Example: orbitbench scenario show motion-flood --set motion.flood.rate_hz=500")
        @Argument(help: "Scenario name or path.")
        var scenario: String = Scenario.defaultName
        @OptionGroup var scenarioOptions: ScenarioOptions

        func run() throws {
            print(ScenarioLoader.yaml(for: try scenarioOptions.load(scenario)), terminator: "")
        }
    }

    struct Keys: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "keys",
            abstract: "Document every scenario key: type and range, default, meaning.",
            discussion: "Example: orbitbench scenario keys --markdown")
        @Flag(help: "Print a Markdown table (as in README.md).")
        var markdown = false

        func run() {
            let keys = ScenarioLoader.keyReference()
            if markdown {
                print("| key | allowed | default | meaning |")
                print("|---|---|---|---|")
                for key in keys {
                    let allowed = key.type.replacingOccurrences(of: "|", with: "\\|")
                    print("| `\(key.key)` | \(allowed) | `\(key.defaultValue)` | \(key.help) |")
                }
            } else {
                for key in keys { print("\(key.key)\n    \(key.type); default \(key.defaultValue)\n    \(key.help)") }
            }
        }
    }
}
