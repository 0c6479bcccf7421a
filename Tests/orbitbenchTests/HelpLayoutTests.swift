import Foundation
import Testing

/// `--help` at 80 columns: every example line stays whole (ArgumentParser folds a longer line
/// mid-command), and the console tables of the listing commands stay within 120 columns.
@Suite struct HelpLayoutTests {
    static let commands = [
        ["run"], ["sweep"], ["tune"], ["regress"], ["calibrate"], ["simulate"], ["merge"], ["replay"], ["plot"], ["compare"], ["fusion"],
        ["thesis"], ["view"], ["scenario", "list"], ["scenario", "show"], ["scenario", "keys"], ["metrics"], ["motion"], ["bench"],
    ]

    @Test(arguments: commands) func examplesFitEightyColumns(command: [String]) throws {
        let wide = try Tool.run(command + ["--help"], environment: ["COLUMNS": "1000"]).standardOutput
        let narrow = try Tool.run(command + ["--help"], environment: ["COLUMNS": "80"]).standardOutput
        let narrowLines = Set(narrow.split(separator: "\n", omittingEmptySubsequences: false))
        let discussion = wide.components(separatedBy: "\nUSAGE:")[0]
        for line in discussion.split(separator: "\n") where line.hasPrefix("  ") {
            #expect(narrowLines.contains(line), "orbitbench \(command.joined(separator: " ")) --help folds: \(line)")
        }
    }

    @Test func listingsStayWithin120Columns() throws {
        for command in [["metrics"], ["scenario", "list"]] {
            let output = try Tool.run(command).standardOutput
            let widest = output.split(separator: "\n").map(\.count).max() ?? 0
            #expect(widest <= 120, "orbitbench \(command.joined(separator: " ")): \(widest) columns")
        }
        // No name is cut: every shipped scenario's full name starts a line.
        let list = try Tool.run(["scenario", "list"]).standardOutput
        #expect(list.contains("\nbroad-stationary-magnet ") && list.contains("\nrephoto-fountain "))
    }
}
